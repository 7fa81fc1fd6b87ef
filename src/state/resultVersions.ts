import { z } from 'zod';
import type { ResultSpec } from '../engine/defineTool';
import type { ChangeRequest } from '../engine/refine/changeRequests';
import { CEFR_LEVELS, DEFAULT_OUTPUT, GRADE_LEVELS, isOutputLanguage, type OutputOptions } from '../engine/refine/outputOptions';
import type { ReadingReport } from '../engine/refine/produceAnswer';
import { revalidatedResult, type ToolResult } from '../engine/runTool';

/*
 * The versions of a tool's result (issue 13): the first answer, then one per
 * refinement, each with the chain of changes that led to it, what it was
 * written in and for whom, and its measured reading level. Stored with the
 * tool's session, validated on the way back like everything read from
 * storage: a version that no longer fits the tool's result is dropped.
 */

export interface ResultVersion {
  result: ToolResult;
  /** New for every answer (even an identical one), so screens can tell a new result from a reloaded one. */
  id: string;
  /** The changes asked for, from the first answer to this version; empty for the first answer. */
  chain: ChangeRequest[];
  output: OutputOptions;
  reading: ReadingReport | null;
  /** A refinement the offline sample backend answered: its example again, as it cannot make changes. */
  sampleOnly: boolean;
}

/**
 * How many versions a session keeps. Past it the oldest refinement goes (the
 * first answer stays): a session is stored whole on every change, and local
 * storage is small.
 */
export const MAX_VERSIONS = 20;

export function addVersion(versions: readonly ResultVersion[], version: ResultVersion): ResultVersion[] {
  const next = [...versions, version];
  return next.length > MAX_VERSIONS ? [next[0] as ResultVersion, ...next.slice(next.length - MAX_VERSIONS + 1)] : next;
}

const measurementSchema = z.object({ grade: z.number(), fleschKincaid: z.number(), colemanLiau: z.number() });
export const readingLevelSchema = z.enum(['', ...GRADE_LEVELS, ...CEFR_LEVELS]);
export const outputSchema = z.object({
  language: z.string().refine(isOutputLanguage),
  level: readingLevelSchema,
}) as z.ZodType<OutputOptions>;

export const storedResultSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('text'), text: z.string() }),
  z.object({ kind: z.literal('json'), data: z.unknown() }),
]);

const storedVersionSchema = z.object({
  result: storedResultSchema,
  id: z.string(),
  chain: z.array(z.object({ label: z.string(), instruction: z.string() })),
  output: outputSchema.catch(DEFAULT_OUTPUT),
  reading: z.object({ target: readingLevelSchema, measured: measurementSchema, missed: measurementSchema.optional() }).nullable().catch(null),
  sampleOnly: z.boolean().catch(false),
});

/** Stored versions, each read on its own: one that does not parse is dropped, the rest kept. */
export const storedVersionsSchema = z.array(z.unknown()).transform((items) =>
  items.flatMap((item) => {
    const parsed = storedVersionSchema.safeParse(item);
    return parsed.success ? [parsed.data as ResultVersion] : [];
  }),
);

/** The versions whose results still fit the tool's result spec (a registry change can outdate stored ones). */
export function revalidatedVersions(result: ResultSpec, versions: readonly ResultVersion[]): ResultVersion[] {
  return versions.flatMap((version) => {
    const checked = revalidatedResult(result, version.result);
    return checked ? [{ ...version, result: checked }] : [];
  });
}

/** A first answer stored before versions existed, as the first version. */
export function legacyVersion(result: ToolResult, id: string | null | undefined): ResultVersion {
  return { result, id: id ?? 'restored', chain: [], output: DEFAULT_OUTPUT, reading: null, sampleOnly: false };
}
