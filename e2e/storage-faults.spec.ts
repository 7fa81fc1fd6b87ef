import { expect, test, type Page } from '@playwright/test';
import type { ToolDeclaration } from '../src/engine/defineTool';
import { messages } from '../src/engine/messages';
import { projectExport } from '../src/engine/projectFile';
import { resultAsText } from '../src/engine/resultText';
import { contractSchemaOf } from '../src/engine/runTool';
import { storageUnavailable } from '../src/engine/storage';
import {
  appHeader,
  fillFromExample,
  flowProject,
  generateButton,
  generateExample,
  openTool,
  resultRegion,
  seedRawStorage,
  seedStorage,
  storageKeys,
  toolById,
} from './support/app';
import { expectedTextOf, loadRegistry } from './support/registry';

/*
 * Storage that never loses work. Each case starts with a project holding a
 * saved item, makes storage misbehave (a full quota, a browser refusing
 * storage, corrupted or wrongly shaped values, two tabs writing at once) and
 * checks what the user sees, then that every item saved before or during the
 * case is still stored. The cases run in order; the last one prints how many
 * passed, so the count in the output is a count of cases that lost nothing.
 */

test.describe.configure({ mode: 'serial' });
test.use({ locale: 'en-US', timezoneId: 'UTC' });

const tools = await loadRegistry();
const essayBuddy = toolById(tools, 'essay-buddy');
const smartNotes = toolById(tools, 'smart-notes');

const kept = { id: 'art_1700000000100', createdAt: '2026-11-01T10:00:00.000Z', toolId: 'rubric-builder', toolTitle: 'Rubric Builder', data: 'Kept: /20' };
const fullMessage = (action: string) =>
  `Could not ${action}: this browser\u2019s storage is full. Free space by deleting old projects or saved items, then try again.`;

/** The project with one saved item, active. */
async function seedKept(page: Page, extra: Record<string, unknown> = {}) {
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
async function failStorage(page: Page, prefix: string, name: 'QuotaExceededError' | 'SecurityError' = 'QuotaExceededError') {
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

async function storageFault(page: Page, on: boolean) {
  await page.evaluate((value) => sessionStorage.setItem('e2e-storage-fault', value), on ? 'on' : 'off');
}

async function storedArtifactIds(page: Page, projectId = flowProject.id): Promise<string[]> {
  return page.evaluate((key) => {
    const list = JSON.parse(localStorage.getItem(key) ?? '[]') as { id: string }[];
    return list.map((a) => a.id);
  }, storageKeys.artifacts(projectId));
}

/** Every case ends here: the item saved before the case, and those saved during it, are all stored. */
async function expectNothingLost(page: Page, savedDuring = 0) {
  const ids = await storedArtifactIds(page);
  expect(ids).toContain(kept.id);
  expect(ids).toHaveLength(1 + savedDuring);
  expect(new Set(ids).size).toBe(ids.length);
}

async function generate(page: Page, tool: ToolDeclaration) {
  await expect(await generateExample(page, tool)).toContainText(expectedTextOf(tool));
}

function saveButton(page: Page) {
  return resultRegion(page).getByRole('button', { name: 'Save to Project' });
}

async function save(page: Page) {
  await saveButton(page).click();
  await expect(resultRegion(page).getByRole('button', { name: 'Saved!' })).toBeVisible();
}

function savedItems(page: Page, name = flowProject.name) {
  return page.getByRole('list', { name: `Saved items in ${name}` }).getByRole('listitem');
}

function picker(page: Page) {
  return appHeader(page).getByRole('combobox', { name: 'Active project' });
}

/** A second tab of the same browser: same localStorage, its own page. */
async function secondTab(page: Page): Promise<Page> {
  return page.context().newPage();
}

let passed = 0;
test.afterEach(({}, testInfo) => {
  if (testInfo.status === 'passed' && testInfo.title !== 'summary') passed++;
});

test.describe('one tab', () => {
  test.use({ permissions: ['clipboard-read', 'clipboard-write'] });

  test('quota reached on Save to Project: a clear error, the result stays, Copy works, saving works once there is room', async ({ page }) => {
    await seedKept(page);
    await failStorage(page, storageKeys.artifacts(''));
    await generate(page, essayBuddy);

    await saveButton(page).click();
    await expect(page.getByRole('alert')).toHaveText(messages.storageFull);
    await expect(saveButton(page)).toBeEnabled(); // Not 'Saved!'.
    await expect(resultRegion(page)).toContainText(expectedTextOf(essayBuddy));

    await resultRegion(page).getByRole('button', { name: 'Copy', exact: true }).click();
    await expect(resultRegion(page).getByRole('button', { name: 'Copied', exact: true })).toBeVisible();
    const expected = resultAsText({ kind: 'json', data: essayBuddy.example.output }, contractSchemaOf(essayBuddy.result as Exclude<typeof essayBuddy.result, 'markdown'>));
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(expected);
    await expectNothingLost(page);

    // Space freed: the same result saves, the error goes.
    await storageFault(page, false);
    await save(page);
    await expect(page.getByRole('alert')).toHaveCount(0);
    await page.goto(`#/projects/${flowProject.id}`);
    await expect(savedItems(page).getByRole('heading', { level: 2 })).toHaveText([essayBuddy.title, 'Rubric Builder']);
    await expectNothingLost(page, 1);
  });

  test('storage refused by the browser on Save: a clear error, the result stays', async ({ page }) => {
    await seedKept(page);
    await failStorage(page, storageKeys.artifacts(''), 'SecurityError');
    await generate(page, smartNotes);
    await saveButton(page).click();
    await expect(page.getByRole('alert')).toHaveText(storageUnavailable);
    await expect(resultRegion(page)).toContainText(expectedTextOf(smartNotes));
    await expectNothingLost(page);
  });

  test('quota reached on Create: an error, the typed name stays, no page change', async ({ page }) => {
    await seedKept(page);
    await failStorage(page, storageKeys.projects);
    await page.goto('#/projects');
    await page.getByLabel('Project name').fill('Chemistry');
    await page.getByRole('button', { name: 'Create' }).click();
    await expect(page.getByRole('alert')).toHaveText(fullMessage('create the project'));
    await expect(page.getByLabel('Project name')).toHaveValue('Chemistry');
    await expect(page).toHaveURL(/#\/projects$/);
    await expectNothingLost(page);
  });

  test('quota reached on Rename: an error in the form, the old name kept', async ({ page }) => {
    await seedKept(page);
    await failStorage(page, storageKeys.projects);
    await page.goto(`#/projects/${flowProject.id}`);
    await page.getByRole('button', { name: 'Rename' }).click();
    await page.getByRole('textbox', { name: 'Project name' }).fill('Biology');
    await page.getByRole('button', { name: 'Save name' }).click();
    await expect(page.getByRole('form', { name: 'Rename project' }).getByRole('alert')).toHaveText(fullMessage('rename the project'));
    await expect(page.getByRole('textbox', { name: 'Project name' })).toHaveValue('Biology');
    await page.keyboard.press('Escape');
    await expect(page.getByRole('heading', { level: 1, name: flowProject.name })).toBeVisible();
    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: flowProject.name })).toBeVisible();
    await expectNothingLost(page);
  });

  test('quota reached on Import: an error, nothing half-imported', async ({ page }) => {
    await seedKept(page);
    await failStorage(page, storageKeys.projects);
    await page.goto('#/projects');
    const file = projectExport({ id: 'proj_1800000000000', name: 'Imported', createdAt: '2026-01-01T00:00:00.000Z' }, [kept]);
    await page.getByLabel('Import a project').setInputFiles({ name: 'x.json', mimeType: 'application/json', buffer: Buffer.from(JSON.stringify(file)) });
    await expect(page.getByRole('alert')).toHaveText(fullMessage('import the project'));
    await expect(page.getByRole('region', { name: 'Your projects' }).getByRole('listitem')).toHaveCount(1);
    expect(await storedArtifactIds(page, 'proj_1800000000000')).toEqual([]);
    await expectNothingLost(page);
  });

  test('quota reached on Undo of a delete: an alert, Undo still offered, and it works once there is room', async ({ page }) => {
    await seedKept(page);
    await failStorage(page, storageKeys.artifacts(''));
    await page.goto(`#/projects/${flowProject.id}`);
    await storageFault(page, false);
    await savedItems(page).first().getByRole('button', { name: /^Delete/ }).click();
    await page.getByRole('button', { name: 'Yes, delete' }).click();
    await expect(savedItems(page)).toHaveCount(0);

    await storageFault(page, true);
    await page.getByRole('button', { name: 'Undo' }).click();
    const alert = page.getByRole('alert');
    await expect(alert).toContainText(fullMessage('undo'));
    await expect(alert.getByRole('button', { name: 'Undo' })).toBeFocused();

    await storageFault(page, false);
    await page.keyboard.press('Enter');
    await expect(savedItems(page)).toHaveCount(1);
    await expect(page.getByRole('heading', { level: 2, name: 'Rubric Builder' })).toBeFocused();
    await expectNothingLost(page);
  });

  test("one project's saved items are not JSON: only those are dropped, the other project's are shown", async ({ page }) => {
    const broken = { id: 'proj_1700000000500', name: 'Broken', createdAt: '2026-11-02T09:00:00.000Z' };
    await seedRawStorage(page, {
      [storageKeys.projects]: JSON.stringify([flowProject, broken]),
      [storageKeys.artifacts(flowProject.id)]: JSON.stringify([kept]),
      [storageKeys.artifacts(broken.id)]: '[{"id":"art_1",',
    });
    await page.goto(`#/projects/${broken.id}`);
    await expect(page.getByRole('main').getByText(/use 'Save to Project'/)).toBeVisible();
    await page.goto(`#/projects/${flowProject.id}`);
    await expect(savedItems(page)).toHaveCount(1);
    await expect(savedItems(page).first()).toContainText('Kept: /20');
    await expectNothingLost(page);
  });

  test('a saved item without content (wrong shape): that list is dropped, the project kept, other projects intact', async ({ page }) => {
    const odd = { id: 'proj_1700000000600', name: 'Odd', createdAt: '2026-11-02T09:00:00.000Z' };
    await seedStorage(page, {
      [storageKeys.projects]: [flowProject, odd],
      [storageKeys.artifacts(flowProject.id)]: [kept],
      [storageKeys.artifacts(odd.id)]: [{ id: 'art_2', createdAt: kept.createdAt, toolId: 'smart-notes' }],
    });
    await page.goto(`#/projects/${odd.id}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Odd' })).toBeVisible();
    await expect(page.getByRole('main').getByText(/use 'Save to Project'/)).toBeVisible();
    await page.goto(`#/projects/${flowProject.id}`);
    await expect(savedItems(page)).toHaveCount(1);
    await expectNothingLost(page);
  });

  test('a corrupted deletion record is discarded: nothing is hidden', async ({ page }) => {
    await seedKept(page, { [storageKeys.deleted]: { projects: 'everything' } });
    await page.goto('#/projects');
    await expect(page.getByRole('region', { name: 'Your projects' }).getByRole('listitem')).toHaveText([/Flow project/]);
    await page.goto(`#/projects/${flowProject.id}`);
    await expect(savedItems(page)).toHaveCount(1);
    await expectNothingLost(page);
  });

  test('data stored before renames existed (no updatedAt, unknown fields) reads, renames and exports', async ({ page }) => {
    await seedKept(page, { [storageKeys.projects]: [{ ...flowProject, colour: 'blue' }] });
    await page.goto(`#/projects/${flowProject.id}`);
    await page.getByRole('button', { name: 'Rename' }).click();
    await page.getByRole('textbox', { name: 'Project name' }).fill('Renamed');
    await page.keyboard.press('Enter');
    await expect(page.getByRole('heading', { level: 1, name: 'Renamed' })).toBeVisible();
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export as JSON' }).click()]);
    expect(download.suggestedFilename()).toBe('Renamed.json');
    await expectNothingLost(page);
  });
});

test.describe('two tabs', () => {
  test('saving alternately from two tabs: a third tab on the project page shows each save as it happens', async ({ page }) => {
    await seedKept(page);
    await generate(page, essayBuddy);
    const tabB = await secondTab(page);
    await generate(tabB, smartNotes);
    const watcher = await secondTab(page);
    await watcher.goto(`#/projects/${flowProject.id}`);
    await expect(savedItems(watcher)).toHaveCount(1);

    await save(page);
    await expect(savedItems(watcher)).toHaveCount(2);
    await save(tabB);
    await expect(savedItems(watcher)).toHaveCount(3);
    await expect(saveButton(page)).toBeVisible(); // 'Saved!' has passed.
    await save(page);
    await expect(savedItems(watcher).getByRole('heading', { level: 2 })).toHaveText([essayBuddy.title, smartNotes.title, essayBuddy.title, 'Rubric Builder']);

    // Each saving tab, without a reload, shows them all too.
    for (const tab of [page, tabB]) {
      await tab.goto(`#/projects/${flowProject.id}`);
      await expect(savedItems(tab)).toHaveCount(4);
    }
    await expectNothingLost(page, 3);
  });

  test('saving in two tabs at the same moment, three times: every save is kept and shown in both', async ({ page }) => {
    await seedKept(page);
    await generate(page, essayBuddy);
    const tabB = await secondTab(page);
    await generate(tabB, smartNotes);
    const watcher = await secondTab(page);
    await watcher.goto(`#/projects/${flowProject.id}`);

    for (let round = 1; round <= 3; round++) {
      await expect(saveButton(page)).toBeVisible();
      await expect(saveButton(tabB)).toBeVisible();
      await Promise.all([saveButton(page).click(), saveButton(tabB).click()]);
      await expect(savedItems(watcher)).toHaveCount(1 + 2 * round);
    }
    for (const tab of [page, tabB]) {
      await tab.goto(`#/projects/${flowProject.id}`);
      await expect(savedItems(tab)).toHaveCount(7);
      await expect(savedItems(tab).getByRole('heading', { level: 2, name: essayBuddy.title })).toHaveCount(3);
      await expect(savedItems(tab).getByRole('heading', { level: 2, name: smartNotes.title })).toHaveCount(3);
    }
    await page.reload();
    await expect(savedItems(page)).toHaveCount(7);
    await expectNothingLost(page, 6);
  });

  test('a tab writing from an older copy drops a save: the saving tab writes it back at once', async ({ page }) => {
    await seedKept(page);
    await generate(page, essayBuddy);
    const tabB = await secondTab(page);
    await tabB.goto(`#/projects/${flowProject.id}`);
    await expect(savedItems(tabB)).toHaveCount(1);
    const olderCopy = await tabB.evaluate((key) => localStorage.getItem(key), storageKeys.artifacts(flowProject.id));

    await save(page);
    await expect(savedItems(tabB)).toHaveCount(2);
    // Tab B overwrites the list with the copy it had before A's save (a lost update)...
    await tabB.evaluate(([key, value]) => localStorage.setItem(key!, value!), [storageKeys.artifacts(flowProject.id), olderCopy] as const);
    // ...tab A hears of it and writes its save back; B (listening) shows it again.
    await expect.poll(() => storedArtifactIds(tabB)).toHaveLength(2);
    await tabB.reload();
    await expect(savedItems(tabB)).toHaveCount(2);
    await expectNothingLost(page, 1);
  });

  test("a project created in one tab appears in the other's list and Active project picker", async ({ page }) => {
    await seedKept(page);
    await page.goto('#/projects');
    const tabB = await secondTab(page);
    await tabB.goto('#/projects');
    await expect(tabB.getByRole('region', { name: 'Your projects' }).getByRole('listitem')).toHaveCount(1);

    await page.getByLabel('Project name').fill('Chemistry');
    await page.getByRole('button', { name: 'Create' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Chemistry' })).toBeVisible();

    await expect(tabB.getByRole('region', { name: 'Your projects' }).getByRole('listitem')).toHaveText([/Chemistry/, /Flow project/]);
    await expect(picker(tabB).getByRole('option', { name: 'Chemistry' })).toHaveCount(1);
    await expectNothingLost(page);
  });

  test('a project renamed, an item deleted, the project deleted and restored in one tab: the other follows, resurrects nothing', async ({ page }) => {
    const second = { id: 'art_1700000000200', createdAt: '2026-11-01T11:00:00.000Z', toolId: 'smart-notes', toolTitle: 'SmartNotes', data: 'Second' };
    await seedKept(page, { [storageKeys.artifacts(flowProject.id)]: [second, kept] });
    await page.goto(`#/projects/${flowProject.id}`);
    const tabB = await secondTab(page);
    await generate(tabB, essayBuddy);
    const tabC = await secondTab(page);
    await tabC.goto(`#/projects/${flowProject.id}`);

    // Rename in A: C's heading follows.
    await page.getByRole('button', { name: 'Rename' }).click();
    await page.getByRole('textbox', { name: 'Project name' }).fill('Biology');
    await page.keyboard.press('Enter');
    await expect(tabC.getByRole('heading', { level: 1, name: 'Biology' })).toBeVisible();
    await expect(picker(tabB).getByRole('option', { name: 'Biology' })).toHaveCount(1);

    // Delete an item in A: C drops it; B's next save does not bring it back.
    await savedItems(page, 'Biology').first().getByRole('button', { name: /^Delete/ }).click();
    await page.getByRole('button', { name: 'Yes, delete' }).click();
    await expect(savedItems(tabC, 'Biology')).toHaveCount(1);
    await save(tabB);
    await expect(savedItems(tabC, 'Biology').getByRole('heading', { level: 2 })).toHaveText([essayBuddy.title, 'Rubric Builder']);

    // Delete the (active) project in A: B has none active and no Save button, its result still there.
    await page.getByRole('button', { name: 'Undo' }).waitFor({ state: 'visible' });
    await page.getByRole('button', { name: 'Dismiss' }).click();
    await page.getByRole('button', { name: 'Delete project' }).click();
    await page.getByRole('button', { name: 'Yes, delete project' }).click();
    await expect(picker(tabB)).toHaveValue('');
    await expect(saveButton(tabB)).toHaveCount(0);
    await expect(resultRegion(tabB)).toContainText(expectedTextOf(essayBuddy));
    await expect(tabC.getByText(`Project with ID "${flowProject.id}" not found.`, { exact: true })).toBeVisible();

    // Undo in A: back everywhere, active again.
    await page.getByRole('button', { name: 'Undo' }).click();
    await expect(picker(tabB)).toHaveValue(flowProject.id);
    await expect(saveButton(tabB)).toBeVisible();
    await expect(savedItems(tabC, 'Biology').getByRole('heading', { level: 2 })).toHaveText([essayBuddy.title, 'Rubric Builder']);
    await expectNothingLost(page, 1);
  });
});

/** Runs only when every case before it passed (serial mode skips the rest after a failure). */
test('summary', () => {
  expect(passed).toBeGreaterThan(0);
  console.log(`[faults] ${passed} storage fault cases: none lost a saved artifact`);
});
