import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { buildForSizes, routeSizes } from '../tooling/routeSizes';
import { addedToolsAllowance, exceptionFor, overBudget, readBudget } from '../tooling/sizeBudget';

/*
 * The size guard: what #/dashboard and every tool route load first (gzipped
 * bytes, from the manifest of the very build these flows run against) stays
 * within tooling/size-budget.json: one budget for the dashboard, one every
 * tool route shares, and named exceptions with their reasons. A feature that
 * grows a route raises its budget on purpose (npm run size -- --update), in
 * the same change.
 */

const root = path.resolve(import.meta.dirname, '..');
const port = process.env.E2E_PORT ?? '4317';
const outDir = path.join(root, '.e2e-build', port);

test('no route loads more than its budget', () => {
  const sizes = routeSizes(outDir);
  expect(Object.keys(sizes)).toContain('dashboard');
  expect(Object.keys(sizes).length).toBeGreaterThan(50);
  console.log(`[size] #/dashboard first load: ${sizes.dashboard} B gzipped; the largest tool route: ${Math.max(...Object.values(sizes))} B`);
  expect(overBudget(sizes, readBudget())).toEqual([]);
});

/** A registry file copied under another id into `dir`, its relative imports pointing back into registry/. */
function copyTool(from: string, id: string, dir: string): void {
  const registry = path.join(root, 'registry');
  const source = readFileSync(path.join(registry, `${from}.ts`), 'utf8')
    .replace(/from '(\.\.?\/[^']+)'/g, (_, specifier: string) => `from '${path.relative(dir, path.resolve(registry, specifier)).split(path.sep).join('/')}'`)
    .replace(`id: '${from}'`, `id: '${id}'`)
    // Text of its own, as a new tool's catalogue entry has: a copied one would shrink to almost nothing under gzip.
    .replace(/description: '(?:[^'\\]|\\.)*'/, `description: 'Shows that one more file in the registry is held to the size budget every tool route shares.'`);
  expect(source, `registry/${from}.ts declares its id as id: '${from}'`).toContain(`id: '${id}'`);
  expect(source).toContain('one more file in the registry');
  writeFileSync(path.join(dir, `${id}.ts`), source);
}

test('a new registry file passes the size guard with no budget line of its own', async () => {
  // One more production build of the whole app: a minute or two on a loaded two-core machine.
  test.setTimeout(300_000);
  const budget = readBudget();
  const today = routeSizes(outDir);
  // The largest tool route held to the shared budget, so its copy is the closest a new tool comes to it.
  const [original] = Object.entries(today)
    .filter(([route]) => route !== 'dashboard' && exceptionFor(route, budget) === undefined)
    .sort(([, a], [, b]) => b - a)[0] ?? [];
  if (!original) throw new Error('The flows’ build has no tool route outside the exceptions.');
  const id = `copy-of-${original}`;
  const work = path.join(root, '.e2e-build', `new-tool-${port}`);
  const extraRegistry = path.join(work, 'registry');
  rmSync(work, { recursive: true, force: true });
  mkdirSync(extraRegistry, { recursive: true });
  try {
    copyTool(original, id, extraRegistry);
    const built = path.join(work, 'dist');
    await buildForSizes(built, { STUDYFORGE_EXTRA_REGISTRY: extraRegistry });
    const sizes = routeSizes(built);
    console.log(`[size] ${id}: ${sizes[id]} B gzipped (${original}: ${today[original]} B); #/dashboard ${sizes.dashboard} B (was ${today.dashboard} B)`);
    expect(Object.keys(sizes)).toEqual(expect.arrayContaining([id, original]));
    expect(exceptionFor(id, budget)).toBeUndefined();
    expect(overBudget(sizes, budget)).toEqual([]);
    // It is the shared budget that holds the new route: one byte less and the guard names it.
    const tighter = { ...budget, everyToolRoute: (sizes[id] ?? 0) - addedToolsAllowance(sizes, budget) - 1 };
    expect(overBudget(sizes, tighter).some((problem) => problem.startsWith(`${id}: `) && problem.includes('the budget every tool route shares'))).toBe(true);
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
});
