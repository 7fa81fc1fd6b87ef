import { z } from 'zod';
import type { ResultSpec, ToolDeclaration } from '../../kernel/defineTool';
import { defaultValues } from '../../kernel/fields';
import { CEFR_LEVELS, DEFAULT_OUTPUT, GRADE_LEVELS, isOutputLanguage, showing, type OutputOptions, type ResultVersion } from '../refine';
import { revalidatedResult, type ToolResult } from '../../kernel/runTool';
import { storageKeys } from '../../kernel/stored/storage';
import { zodReader } from '../../kernel/stored/zodReader';
import type { ToolSession } from './sessionTypes';

/*
 * A tool's stored session read back (spec 2): its inputs, and the
 * versions of its result that still fit the tool's result schema. Like
 * everything read from storage it is validated, here with zod and the tool's
 * own schema, so this module loads only when a tool has a session stored
 * (toolSessions.ts): a first visit paints the form without it.
 */

const measurementSchema = z.object({ grade: z.number(), fleschKincaid: z.number(), colemanLiau: z.number() });
const readingLevelSchema = z.enum(['', ...GRADE_LEVELS, ...CEFR_LEVELS]);
const outputSchema = z.object({
  language: z.string().refine(isOutputLanguage),
  level: readingLevelSchema,
}) as z.ZodType<OutputOptions>;

const storedResultSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('text'), text: z.string() }),
  z.object({ kind: z.literal('json'), data: z.unknown() }),
]);

const formValuesSchema = z.record(z.string(), z.union([z.string(), z.number(), z.boolean()]));
const changeSchema = z.object({ label: z.string(), instruction: z.string() });

const storedVersionSchema = z.object({
  result: storedResultSchema,
  id: z.string(),
  chain: z.array(changeSchema),
  output: outputSchema.catch(DEFAULT_OUTPUT),
  reading: z.object({ target: readingLevelSchema, measured: measurementSchema, missed: measurementSchema.optional() }).nullable().catch(null),
  sampleOnly: z.boolean().catch(false),
  inputs: formValuesSchema.optional().catch(undefined),
});

/** Stored versions, each read on its own: one that does not parse is dropped, the rest kept. */
const storedVersionsSchema = z.array(z.unknown()).transform((items) =>
  items.flatMap((item) => {
    const parsed = storedVersionSchema.safeParse(item);
    return parsed.success ? [parsed.data as ResultVersion] : [];
  }),
);

const storedSessionSchema = z.object({
  values: formValuesSchema,
  /** Sessions stored before versions existed carry only their one result. */
  result: storedResultSchema.nullable().optional(),
  resultId: z.string().nullable().optional(),
  versions: storedVersionsSchema.optional(),
  shown: z.number().int().nonnegative().optional(),
  resultValues: formValuesSchema.nullable().optional(),
  level: readingLevelSchema.catch('').optional(),
  /** A change that was on its way when the page went: the next load offers to run it again. */
  unfinished: changeSchema.optional().catch(undefined),
});

const readSession = zodReader(storedSessionSchema);

/** The versions whose results still fit the tool's result spec (a registry change can outdate stored ones). */
function revalidatedVersions(result: ResultSpec, versions: readonly ResultVersion[]): ResultVersion[] {
  return versions.flatMap((version) => {
    const checked = revalidatedResult(result, version.result);
    return checked ? [{ ...version, result: checked }] : [];
  });
}

/** A first answer stored before versions existed, as the first version. */
function legacyVersion(result: ToolResult, id: string | null | undefined): ResultVersion {
  return { result, id: id ?? 'restored', chain: [], output: DEFAULT_OUTPUT, reading: null, sampleOnly: false };
}

/** A session from what was stored for this tool (parsed JSON): what does not fit is left out, the defaults fill the rest. */
export function restoredSession(tool: ToolDeclaration, raw: unknown): ToolSession {
  const read = readSession(raw);
  // Worded as readStored words it: the same warning wherever a stored value is dropped.
  if (!read.ok) console.warn(`[storage] discarding "${storageKeys.toolSession(tool.id)}": it does not have the expected shape (${read.problem})`);
  const stored = read.ok ? read.value : null;
  const defaults = defaultValues(tool.fields);
  const values = { ...defaults };
  for (const field of tool.fields) {
    const kept = stored?.values[field.name];
    const cleared = field.kind === 'number' && kept === '';
    if (kept !== undefined && (typeof kept === typeof defaults[field.name] || cleared)) values[field.name] = kept;
  }
  const legacy = revalidatedResult(tool.result, stored?.result ?? null);
  const versions = stored?.versions
    ? revalidatedVersions(tool.result, stored.versions)
    : legacy
      ? [legacyVersion(legacy, stored?.resultId)]
      : [];
  const shown = showing(versions, stored?.shown ?? versions.length - 1);
  const shownInputs = versions[shown.shown]?.inputs;
  return {
    values,
    ...shown,
    resultValues: versions.length > 0 ? (shownInputs ?? stored?.resultValues ?? values) : null,
    level: stored?.level ?? '',
    error: null,
    refineError: null,
    status: 'idle',
    partial: null,
    notice: null,
    pendingChange: null,
    // Only a change to a version still here can be run again.
    interrupted: versions.length > 0 ? (stored?.unfinished ?? null) : null,
  };
}
