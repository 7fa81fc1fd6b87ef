import * as z from 'zod/mini';
import { ownKeyProviders } from '../backend/ownKey';
import { artifactListSchema, projectListSchema } from '../../features/projects/schema';
import { categoryFilters, dashboardFilters, themeChoices } from './choices';
import * as predicates from './predicates';
import type { StoredReader } from './reader';

/*
 * The values the first load reads from storage (and the gateway's settings
 * element), said once as zod schemas. The app never runs these: the build
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

export const storedValueSchemas = {
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
  }),
  projectList: projectListSchema,
  artifactList: artifactListSchema,
  activeProject: z.nullable(z.string()),
  deleted: z.object({ projects: z.array(z.string()), artifacts: z.array(z.string()) }),
};

/** The predicates the schemas' refinements name, as the compiler finds them. */
export { predicates };

export type StoredValueName = keyof typeof storedValueSchemas;
export type StoredValue<K extends StoredValueName> = z.infer<(typeof storedValueSchemas)[K]>;

/** What `virtual:studyforge/stored-readers` exports: one compiled reader per schema above. */
export type StoredReaders = { readonly [K in StoredValueName]: StoredReader<StoredValue<K>> };
