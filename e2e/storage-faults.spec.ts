import { expect, test } from '@playwright/test';
import { messages } from '../src/kernel/messages';
import { projectExport } from '../src/features/projects/projectFile';
import { resultAsText } from '../src/kernel/resultText';
import { contractSchemaOf } from '../src/kernel/runTool';
import { storageUnavailable } from '../src/kernel/stored/storage';
import { flowProject, resultRegion, seedRawStorage, seedStorage, storageKeys } from './support/app';
import { expectedTextOf } from './support/registry';
import {
  countPassingCases,
  essayBuddy,
  expectNothingLost,
  failStorage,
  fullMessage,
  generate,
  kept,
  save,
  saveButton,
  savedItems,
  seedKept,
  smartNotes,
  storageFault,
  storedArtifactIds,
} from './support/storageFaults';

/*
 * Storage that never loses work. Each case starts with a project holding a
 * saved item, makes storage misbehave (a full quota, a browser refusing
 * storage, corrupted or wrongly shaped values, two tabs writing at once) and
 * checks what the user sees, then that every item saved before or during the
 * case is still stored. The cases run in order; the last one prints how many
 * passed, so the count in the output is a count of cases that lost nothing.
 * Here: one tab; two tabs writing at once are in storage-faults-tabs.spec.ts,
 * the shared seeds and checks in support/storageFaults.ts.
 */

test.describe.configure({ mode: 'serial' });
test.use({ locale: 'en-US', timezoneId: 'UTC' });

const cases = countPassingCases();

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
    await expect(savedItems(page).getByRole('heading', { level: 2 })).toContainText([essayBuddy.title, 'Rubric Builder']);
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

/** Runs only when every case before it passed (serial mode skips the rest after a failure). */
test('summary', () => {
  expect(cases.passed).toBeGreaterThan(0);
  console.log(`[faults] ${cases.passed} storage fault cases: none lost a saved artifact`);
});
