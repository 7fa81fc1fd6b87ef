import path from 'node:path';
import { expect, test } from '@playwright/test';
import { overBudget, readBudget, routeSizes } from '../tooling/routeSizes';

/*
 * The size guard: what #/dashboard and every tool route load first (gzipped
 * bytes, from the manifest of the very build these flows run against) stays
 * within tooling/size-budget.json. A feature that grows a route raises its
 * budget on purpose (npm run size -- --update), in the same change.
 */

const outDir = path.resolve(import.meta.dirname, '..', '.e2e-build', process.env.E2E_PORT ?? '4317');

test('no route loads more than its budget', () => {
  const sizes = routeSizes(outDir);
  expect(Object.keys(sizes)).toContain('dashboard');
  expect(Object.keys(sizes).length).toBeGreaterThan(50);
  console.log(`[size] #/dashboard first load: ${sizes.dashboard} B gzipped; the largest tool route: ${Math.max(...Object.values(sizes))} B`);
  expect(overBudget(sizes, readBudget())).toEqual([]);
});
