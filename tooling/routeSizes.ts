import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { BUDGET_FILE, budgetOf, overBudget, readBudget, updatedBudget } from './sizeBudget.ts';

/*
 * What each route loads first, in gzipped bytes, computed from the build's
 * manifest (`vite build --manifest`) rather than measured in a browser, so it
 * is the same on every run: the size guard (e2e/size-guard.spec.ts) holds it
 * to tooling/size-budget.json (tooling/sizeBudget.ts judges them).
 *
 * - `dashboard`: the entry (index.html) and every chunk and stylesheet it
 *   imports statically.
 * - a tool route (`#/<id>`): the same, plus the tool page (the form engine)
 *   and the tool's form (`virtual:studyforge/tool-form/<id>`, what the page
 *   paints from), with their static imports. The tool's declaration loads
 *   as the person starts on the form, after the first paint, so it is not counted.
 *
 *   npm run size              builds, prints each route's size against its budget
 *   npm run size -- --update  writes today's sizes as the budgets: the dashboard's, the
 *                             largest tool route not named as an exception as the shared
 *                             one, each exception's own
 */

interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  imports?: string[];
  css?: string[];
}

type Manifest = Record<string, ManifestChunk>;

const ROOT = path.resolve(import.meta.dirname, '..');
const TOOL_PAGE = 'src/features/runner/ToolPage.tsx';
/** The manifest's key for each tool's form module (tooling/registryPlugin.ts). */
const TOOL_FORM = 'virtual:studyforge/tool-form/';

export function readManifest(outDir: string): Manifest {
  return JSON.parse(readFileSync(path.join(outDir, '.vite', 'manifest.json'), 'utf8')) as Manifest;
}

/** The files a manifest key loads: its own, its static imports' (transitively) and their stylesheets. */
function closure(manifest: Manifest, keys: readonly string[]): Set<string> {
  const files = new Set<string>();
  const seen = new Set<string>();
  const pending = [...keys];
  while (pending.length > 0) {
    const key = pending.pop() as string;
    if (seen.has(key)) continue;
    seen.add(key);
    const chunk = manifest[key];
    if (!chunk) throw new Error(`The build manifest has no "${key}".`);
    files.add(chunk.file);
    for (const css of chunk.css ?? []) files.add(css);
    pending.push(...(chunk.imports ?? []));
  }
  return files;
}

/** Gzipped bytes (level 9) of each route's first load, by route name. */
export function routeSizes(outDir: string): Record<string, number> {
  const manifest = readManifest(outDir);
  const entry = Object.keys(manifest).find((key) => manifest[key]?.isEntry);
  if (!entry) throw new Error('The build manifest has no entry.');
  const gzipped = new Map<string, number>();
  const bytes = (files: Set<string>) =>
    [...files].reduce((sum, file) => {
      let size = gzipped.get(file);
      if (size === undefined) {
        size = gzipSync(readFileSync(path.join(outDir, file)), { level: 9 }).length;
        gzipped.set(file, size);
      }
      return sum + size;
    }, 0);

  const sizes: Record<string, number> = { dashboard: bytes(closure(manifest, [entry])) };
  const tools = Object.keys(manifest)
    .filter((key) => key.startsWith(TOOL_FORM))
    .sort();
  for (const key of tools) sizes[key.slice(TOOL_FORM.length)] = bytes(closure(manifest, [entry, TOOL_PAGE, key]));
  return sizes;
}

/** The flows' build (playwright.config.ts), into `outDir` with its manifest: the bytes the guard measures. */
export async function buildForSizes(outDir: string, env: Readonly<Record<string, string>> = {}): Promise<void> {
  const saved = { ...process.env };
  Object.assign(process.env, { VITE_STUDYFORGE_BACKEND_URL: '', VITE_STUDYFORGE_PUBLIC_KEY: '' }, env);
  try {
    const { build } = await import('vite');
    await build({ root: ROOT, logLevel: 'warn', build: { outDir, emptyOutDir: true, manifest: true } });
  } finally {
    process.env = saved;
  }
}

async function main(): Promise<void> {
  const outDir = path.join(ROOT, '.size-build');
  await buildForSizes(outDir);
  const sizes = routeSizes(outDir);
  const budget = readBudget();
  if (process.argv.includes('--update')) {
    const updated = updatedBudget(sizes, budget);
    writeFileSync(BUDGET_FILE, `${JSON.stringify(updated.budget, null, 2)}\n`);
    for (const note of updated.notes) console.log(note);
    const { dashboard, everyToolRoute, exceptions } = updated.budget;
    console.log(
      `Wrote ${path.relative(ROOT, BUDGET_FILE)}: dashboard ${dashboard} B, every tool route ${everyToolRoute} B, ${Object.keys(exceptions).length} exceptions.`,
    );
    return;
  }
  for (const [route, size] of Object.entries(sizes)) console.log(`${route.padEnd(34)} ${String(size).padStart(8)} B   budget ${budgetOf(route, budget).bytes ?? '-'}`);
  const problems = overBudget(sizes, budget);
  if (problems.length > 0) {
    console.error(problems.join('\n'));
    process.exitCode = 1;
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.filename)) {
  main().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}
