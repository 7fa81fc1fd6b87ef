import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { registryFiles } from './registryFiles';

/*
 * Writes server/registryToolIds.ts, the gateway's copy of the registry's
 * tool ids (the only values the metrics' `tool` label may take), from the
 * registry's file names: the ids are said once, by the files, and the copy
 * is generated, never typed.
 *
 * Why a generated file and not the gateway reading the registry: the gateway
 * runs from source in three runtimes (Node with tsx, Deno, and a Supabase
 * Edge Function bundled from supabase/functions/), and none of them has
 * registry/ or the built app beside it at run time; importing the registry
 * would bring every tool's forms, prompts and schemas into the gateway and
 * cross the import boundary that keeps server/ apart from it. A module of
 * ids is the one shape all three can import.
 *
 *   npx tsx tooling/registryToolIds.ts     rewrites the file (after adding or removing a tool)
 *
 * tooling/registryToolIds.test.ts fails while the file differs from what this
 * writes, and says to run it.
 */

export const TOOL_IDS_FILE = path.resolve(import.meta.dirname, '../server/registryToolIds.ts');
export const WRITE_COMMAND = 'npx tsx tooling/registryToolIds.ts';

/** The source of server/registryToolIds.ts for these ids, in name order. */
export function registryToolIdsSource(ids: readonly string[]): string {
  const lines = [...new Set(ids)].sort().map((id) => `  ${JSON.stringify(id).replaceAll('"', "'")},`);
  return [
    `// Generated from registry/'s file names by tooling/registryToolIds.ts (${WRITE_COMMAND}): do not edit.`,
    '',
    '/*',
    " * The registry's tool ids, as the gateway knows them: the only values the",
    " * metrics' `tool` label may take (metrics.ts), so that label cannot grow",
    ' * past the registry however many names callers invent. Generated, since the',
    ' * gateway runs where registry/ is not (tooling/registryToolIds.ts says why).',
    ' */',
    'export const REGISTRY_TOOL_IDS: ReadonlySet<string> = new Set([',
    ...lines,
    ']);',
    '',
  ].join('\n');
}

/** What the file should hold for this checkout's registry. */
export const expectedToolIdsSource = (): string => registryToolIdsSource(registryFiles().map((file) => file.stem));

/** Rewrites the file if it differs; answers whether it did. */
export function writeRegistryToolIds(): boolean {
  const expected = expectedToolIdsSource();
  if (readFileSync(TOOL_IDS_FILE, 'utf8') === expected) return false;
  writeFileSync(TOOL_IDS_FILE, expected);
  return true;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  console.log(writeRegistryToolIds() ? `Wrote ${path.relative(process.cwd(), TOOL_IDS_FILE)}.` : `${path.relative(process.cwd(), TOOL_IDS_FILE)} is up to date.`);
}
