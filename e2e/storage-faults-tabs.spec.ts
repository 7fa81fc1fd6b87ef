import { expect, test } from '@playwright/test';
import { flowProject, resultRegion, storageKeys } from './support/app';
import { expectedTextOf } from './support/registry';
import {
  countPassingCases,
  essayBuddy,
  expectNothingLost,
  generate,
  kept,
  picker,
  save,
  saveButton,
  savedItems,
  secondTab,
  seedKept,
  smartNotes,
  storedArtifactIds,
} from './support/storageFaults';

/*
 * Storage that never loses work, with two or three tabs of one browser writing
 * at once (the one-tab cases are in storage-faults.spec.ts). Each case checks
 * what every tab shows, then that every item saved before or during it is
 * still stored. The cases run in order; after them the count of cases that
 * passed (lost nothing) is printed.
 */

// Two or three pages at once, each generating and rendering saved items as their tools made them: about 15 s alone,
// more when two workers share the cores. The allowance guards against a hang; it is not a speed target.
test.describe.configure({ mode: 'serial', timeout: 60_000 });
test.use({ locale: 'en-US', timezoneId: 'UTC' });

const cases = countPassingCases();
test.afterAll(() => {
  if (cases.passed > 0) console.log(`[faults] ${cases.passed} two-tab storage fault cases: none lost a saved artifact`);
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
    // A new answer: saving the same result again would update its item, not add one.
    await generate(page, essayBuddy);
    await save(page);
    await expect(savedItems(watcher).getByRole('heading', { level: 2 })).toContainText([essayBuddy.title, smartNotes.title, essayBuddy.title, 'Rubric Builder']);

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
      if (round > 1) {
        // New answers each round: saving the same result again would update its item, not add one.
        await generate(page, essayBuddy);
        await generate(tabB, smartNotes);
      }
      for (const tab of [page, tabB]) {
        await tab.bringToFront();
        await expect(saveButton(tab)).toBeVisible();
      }
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
    await expect(savedItems(tabC, 'Biology').getByRole('heading', { level: 2 })).toContainText([essayBuddy.title, 'Rubric Builder']);

    // Delete the (active) project in A: B has none active, so its Save to Project asks where to save; its result is still there.
    await page.getByRole('button', { name: 'Undo' }).waitFor({ state: 'visible' });
    await page.getByRole('button', { name: 'Dismiss' }).click();
    await page.getByRole('button', { name: 'Delete project' }).click();
    await page.getByRole('button', { name: 'Yes, delete project' }).click();
    await expect(picker(tabB)).toHaveValue('');
    await expect(saveButton(tabB)).toHaveAttribute('aria-expanded', 'false');
    await expect(resultRegion(tabB)).toContainText(expectedTextOf(essayBuddy));
    await expect(tabC.getByText(`Project with ID "${flowProject.id}" not found.`, { exact: true })).toBeVisible();

    // Undo in A: back everywhere, active again.
    await page.getByRole('button', { name: 'Undo' }).click();
    await expect(picker(tabB)).toHaveValue(flowProject.id);
    // The Save button again, saving at once; its result is in the restored project, so it offers to update that item.
    const update = resultRegion(tabB).getByRole('button', { name: 'Update saved item' });
    await expect(update).toBeVisible();
    await expect(update).not.toHaveAttribute('aria-expanded');
    await expect(savedItems(tabC, 'Biology').getByRole('heading', { level: 2 })).toContainText([essayBuddy.title, 'Rubric Builder']);
    await expectNothingLost(page, 1);
  });
});
