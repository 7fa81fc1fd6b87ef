import { expect, test, type Page } from '@playwright/test';
import type { ToolDeclaration } from '../../src/kernel/defineTool';
import { appHeader, flowProject, generateExample, resultRegion, seedStorage, storageKeys, toolById } from './app';
import { expectedTextOf, loadRegistry } from './registry';

/*
 * What the storage fault flows share (storage-faults.spec.ts,
 * storage-faults-tabs.spec.ts): the project with one saved item, storage that
 * throws on demand, and the check that nothing saved was lost.
 */

export const tools = await loadRegistry();
export const essayBuddy = toolById(tools, 'essay-buddy');
export const smartNotes = toolById(tools, 'smart-notes');

export const kept = { id: 'art_1700000000100', createdAt: '2026-11-01T10:00:00.000Z', toolId: 'rubric-builder', toolTitle: 'Rubric Builder', data: 'Kept: /20' };
export const fullMessage = (action: string) =>
  `Could not ${action}: this browser\u2019s storage is full. Free space by deleting old projects or saved items, then try again.`;

/** The project with one saved item, active. */
export async function seedKept(page: Page, extra: Record<string, unknown> = {}) {
  await seedStorage(page, {
    [storageKeys.projects]: [flowProject],
    [storageKeys.artifacts(flowProject.id)]: [kept],
    [storageKeys.activeProject]: flowProject.id,
    ...extra,
  });
}

/**
 * Makes localStorage.setItem throw for keys starting with `prefix`, as a full
 * (or forbidden) storage does, from the first script on. Add after the seeds.
 * `storageFault(page, on)` switches it while the page runs.
 */
export async function failStorage(page: Page, prefix: string, name: 'QuotaExceededError' | 'SecurityError' = 'QuotaExceededError') {
  await page.addInitScript(
    ({ prefix, name }) => {
      const setItem = Storage.prototype.setItem;
      Storage.prototype.setItem = function (this: Storage, key: string, value: string) {
        if (this === window.localStorage && key.startsWith(prefix) && sessionStorage.getItem('e2e-storage-fault') !== 'off') {
          throw new DOMException('Setting the value exceeded the quota.', name);
        }
        setItem.call(this, key, value);
      };
    },
    { prefix, name },
  );
}

export async function storageFault(page: Page, on: boolean) {
  await page.evaluate((value) => sessionStorage.setItem('e2e-storage-fault', value), on ? 'on' : 'off');
}

export async function storedArtifactIds(page: Page, projectId = flowProject.id): Promise<string[]> {
  return page.evaluate((key) => {
    const list = JSON.parse(localStorage.getItem(key) ?? '[]') as { id: string }[];
    return list.map((a) => a.id);
  }, storageKeys.artifacts(projectId));
}

/** Every case ends here: the item saved before the case, and those saved during it, are all stored. */
export async function expectNothingLost(page: Page, savedDuring = 0) {
  const ids = await storedArtifactIds(page);
  expect(ids).toContain(kept.id);
  expect(ids).toHaveLength(1 + savedDuring);
  expect(new Set(ids).size).toBe(ids.length);
}

/*
 * A person uses the tab in front of them: each step first brings its tab to
 * the front. Chromium throttles the timers of a tab in the background, so a
 * 2.5 s "Saved!" there can last far longer than in the tab being used.
 */

export async function generate(page: Page, tool: ToolDeclaration) {
  await page.bringToFront();
  await expect(await generateExample(page, tool)).toContainText(expectedTextOf(tool));
}

export function saveButton(page: Page) {
  return resultRegion(page).getByRole('button', { name: 'Save to Project' });
}

export async function save(page: Page) {
  await page.bringToFront();
  await saveButton(page).click();
  await expect(resultRegion(page).getByRole('button', { name: 'Saved!' })).toBeVisible();
}

export function savedItems(page: Page, name = flowProject.name) {
  return page.getByRole('list', { name: `Saved items in ${name}` }).getByRole('listitem');
}

export function picker(page: Page) {
  return appHeader(page).getByRole('combobox', { name: 'Active project' });
}

/** A second tab of the same browser: same localStorage, its own page. */
export async function secondTab(page: Page): Promise<Page> {
  return page.context().newPage();
}

/**
 * Counts the spec file's cases that pass (each checked that nothing was lost),
 * for the count it prints; a test titled 'summary' is not a case. Call it at
 * the top of the file: it registers an afterEach hook.
 */
export function countPassingCases(): { readonly passed: number } {
  const count = { passed: 0 };
  test.afterEach(({}, testInfo) => {
    if (testInfo.status === 'passed' && testInfo.title !== 'summary') count.passed++;
  });
  return count;
}
