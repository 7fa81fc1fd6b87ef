import * as z from 'zod/mini';
import { ownKeyProviders } from '../backend/ownKey';
import { categoryFilters, dashboardFilters, themeChoices } from './choices';
import * as predicates from './predicates';
import type { StoredReader } from './reader';

/*
 * The values the first load reads from storage (and the gateway's settings
 * element), said once as zod schemas: the kernel's here, a feature's in its
 * own folder (features/projects/storedValues.ts), each added to
 * StoredValueSchemas below; src/app/storedValueSchemas.ts lists them all. The app never runs these: the build
 * compiles each into a plain check of a few hundred bytes
 * (`virtual:studyforge/stored-readers`, tooling/storedReadersPlugin.ts), so
 * the dashboard carries no zod. Tests hold each compiled check to
 * what zod says of the same values.
 *
 * The compiler knows objects, arrays, strings, numbers, booleans, enums,
 * optional and nullable values, unknown values, length checks, and
 * refinements named in ./predicates.ts; anything else stops the build naming
 * the schema.
 */

const ownKey = z.object({
  provider: z.enum(ownKeyProviders),
  apiKey: z.string(),
  model: z.string(),
  baseUrl: z.string(),
});

export const kernelStoredValueSchemas = {
  themeChoice: z.enum(themeChoices),
  dashboardFilter: z.enum(dashboardFilters),
  /** The dashboard's category filter. */
  categoryFilter: z.enum(categoryFilters),
  /** Tool ids and the pages 'dashboard' and 'projects' (spec 3). */
  recentList: z.array(z.string()),
  /** Pinned tool ids, in the order they were pinned. */
  favourites: z.array(z.string()),
  settings: z.object({
    backendUrl: z.optional(z.string()),
    publicKey: z.optional(z.string()),
    transcribeUrl: z.optional(z.string()),
    /** "Bring your own key": kept in this browser only, sent only to that provider. */
    ownKey: z.optional(ownKey),
  }),
  /** What our gateway writes into index.html when it serves the app (server/appConfig.ts). */
  injectedSettings: z.object({
    backendUrl: z.string(),
    publicKey: z.string(),
    transcribeUrl: z.string(),
    transcribeAccepts: z.optional(z.array(z.string())),
    /** Present only when the gateway has sign-in on: the identity providers to offer. */
    accounts: z.optional(z.object({ providers: z.array(z.object({ id: z.string(), label: z.string() })) })),
  }),
};

type KernelStoredValueSchemas = typeof kernelStoredValueSchemas;

/**
 * Every first-load stored-value schema by name. A feature adds its own by
 * declaration merging, as renderers add RendererKeys, so the kernel's readers
 * are typed for every value while the kernel names no feature:
 *
 *   declare module '../../kernel/stored/schemas' {
 *     interface StoredValueSchemas extends ProjectStoredValueSchemas {}
 *   }
 */
// eslint-disable-next-line @typescript-eslint/no-empty-interface
export interface StoredValueSchemas extends KernelStoredValueSchemas {}

/** The predicates the schemas' refinements name, as the compiler finds them. */
export { predicates };

export type StoredValueName = keyof StoredValueSchemas;
export type StoredValue<K extends StoredValueName> = z.infer<StoredValueSchemas[K]>;

/** What `virtual:studyforge/stored-readers` exports: one compiled reader per schema above. */
export type StoredReaders = { readonly [K in StoredValueName]: StoredReader<StoredValue<K>> };
