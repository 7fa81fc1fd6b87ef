import { expect, test, type Page } from '@playwright/test';
import type { ToolDeclaration } from '../src/kernel/defineTool';
import { resultAsText } from '../src/kernel/resultText';
import { contractSchemaOf } from '../src/kernel/runTool';
import {
  fillFromExample,
  flowProject,
  generateButton,
  openTool,
  pauseClockOnForm,
  runClockUntil,
  resultRegion,
  seedActiveProject,
  seedStorage,
  storageKeys,
  toolById,
} from './support/app';
import { violationsOf } from './support/a11y';
import { expectedTextOf, loadRegistry } from './support/registry';

/*
 * A result's actions (spec 2, 4, 9): Copy (check for 2000 ms), Save to
 * Project (only with an active project; 'Saved!' and disabled for 2500 ms).
 * Timers run on Playwright's fake clock, so no test waits in real time.
 */

const tools = await loadRegistry();
const essayBuddy = toolById(tools, 'essay-buddy');
const smartNotes = toolById(tools, 'smart-notes');

/** Opens a tool with a paused fake clock, generates from the example and waits for the result. */
async function generateOnPausedClock(page: Page, tool: ToolDeclaration) {
  await page.clock.install();
  await openTool(page, tool);
  await pauseClockOnForm(page, tool);
  await fillFromExample(page, tool);
  await generateButton(page, tool).click();
  // The offline sample backend answers after a short (fake) pause.
  await page.clock.runFor(1_000);
  await runClockUntil(page, () => expect(resultRegion(page)).toContainText(expectedTextOf(tool), { timeout: 200 }));
}

function expectedClipboard(tool: ToolDeclaration): string {
  const output: unknown = tool.example.output;
  if (tool.result === 'markdown') return output as string;
  return resultAsText({ kind: 'json', data: output }, contractSchemaOf(tool.result));
}

test.describe('Save to Project without an active project (saving without detours)', () => {
  test('with no project yet: name a new one in place, create and save in one step; it becomes the active project', async ({ page }) => {
    await openTool(page, essayBuddy);
    await fillFromExample(page, essayBuddy);
    await generateButton(page, essayBuddy).click();
    const result = resultRegion(page);
    await expect(result).toContainText(expectedTextOf(essayBuddy));

    await result.getByRole('button', { name: 'Save to Project' }).click();
    const panel = result.getByRole('form', { name: 'Save to a project' });
    const name = panel.getByLabel('New project name');
    await expect(name).toBeFocused();
    await panel.getByRole('button', { name: 'Create and save' }).click();
    await expect(panel.getByRole('alert')).toHaveText('Give the new project a name.');
    expect(await violationsOf(page, 'save panel with its error')).toEqual([]);
    await name.fill('Biology revision');
    await name.press('Enter');

    await expect(result.getByRole('button', { name: 'Saved!' })).toBeDisabled();
    await expect(result.getByRole('status').filter({ hasText: 'Saved to “Biology revision” · Open, now the active project' })).toBeFocused();
    await expect(panel).toHaveCount(0);
    await expect(page.getByLabel('Active project')).toHaveValue(/^proj_/);
    await expect(page.getByLabel('Active project').locator('option:checked')).toHaveText('Biology revision');

    await page.goto('#/projects');
    await page.getByRole('link', { name: 'Biology revision' }).click();
    await expect(page.getByRole('listitem').filter({ has: page.getByRole('heading', { level: 2, name: essayBuddy.title }) })).toHaveCount(1);
  });

  test('by keyboard: pick an existing project, or press Escape to leave the result as it was', async ({ page }) => {
    await seedStorage(page, { [storageKeys.projects]: [flowProject, { id: 'proj_1700000000001', name: 'Older project', createdAt: '2026-10-01T09:00:00.000Z' }] });
    await openTool(page, essayBuddy);
    await fillFromExample(page, essayBuddy);
    await generateButton(page, essayBuddy).click();
    const result = resultRegion(page);
    await expect(result).toContainText(expectedTextOf(essayBuddy));

    const open = result.getByRole('button', { name: 'Save to Project' });
    await open.focus();
    await page.keyboard.press('Enter');
    const project = result.getByLabel('Project', { exact: true });
    await expect(project).toBeFocused();
    await expect(project).toHaveValue(flowProject.id); // Newest first.
    await page.keyboard.press('Escape');
    await expect(open).toBeFocused();

    await page.keyboard.press('Enter');
    await project.selectOption({ label: 'Older project' });
    await page.keyboard.press('Tab');
    await page.keyboard.press('Enter'); // Save
    await expect(result.getByRole('button', { name: 'Saved!' })).toBeDisabled();
    await expect(result.getByRole('status').filter({ hasText: 'Saved to “Older project”' })).toBeFocused();
    await page.goto('#/projects/proj_1700000000001');
    await expect(page.getByRole('heading', { level: 2, name: essayBuddy.title })).toBeVisible();
  });
});

test.describe('Copy', () => {
  test.use({ permissions: ['clipboard-read', 'clipboard-write'] });

  for (const id of ['smart-notes', 'essay-buddy']) {
    test(`${id}: copies the result and shows 'Copied' for 2 s`, async ({ page }) => {
      const tool = id === 'smart-notes' ? smartNotes : essayBuddy;
      await generateOnPausedClock(page, tool);

      await resultRegion(page).getByRole('button', { name: 'Copy', exact: true }).click();
      const copied = resultRegion(page).getByRole('button', { name: 'Copied', exact: true });
      await expect(copied).toBeVisible();
      expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(expectedClipboard(tool));

      await page.clock.runFor(1_900);
      await expect(copied).toBeVisible();
      await page.clock.runFor(100);
      await expect(resultRegion(page).getByRole('button', { name: 'Copy', exact: true })).toBeVisible();
      await expect(copied).toHaveCount(0);
    });
  }

  test("a structured result is copied as readable text, not raw JSON", async ({ page }) => {
    await generateOnPausedClock(page, essayBuddy);
    await resultRegion(page).getByRole('button', { name: 'Copy', exact: true }).click();
    await expect(resultRegion(page).getByRole('button', { name: 'Copied', exact: true })).toBeVisible();
    const text = await page.evaluate(() => navigator.clipboard.readText());
    const output = essayBuddy.example.output as { thesis: string };
    expect(text).toContain(output.thesis);
    expect(text).not.toContain('"thesis"');
  });
});

test.describe('Save to Project', () => {
  test("reads 'Saved!' and is disabled for 2.5 s, then is ready again (to update the item)", async ({ page }) => {
    await seedActiveProject(page);
    await generateOnPausedClock(page, essayBuddy);

    await page.getByRole('button', { name: 'Save to Project' }).click();
    const saved = page.getByRole('button', { name: 'Saved!' });
    await expect(saved).toBeVisible();
    await expect(saved).toBeDisabled();

    await page.clock.runFor(2_400);
    await expect(saved).toBeDisabled();
    await page.clock.runFor(100);
    // The result is saved now: the button updates its item rather than saving a copy.
    const save = page.getByRole('button', { name: 'Update saved item' });
    await expect(save).toBeVisible();
    await expect(save).toBeEnabled();
    await expect(saved).toHaveCount(0);
  });

  test('saving the same result twice updates its one item; a new answer is a second item', async ({ page }) => {
    await seedActiveProject(page);
    await generateOnPausedClock(page, essayBuddy);

    await page.getByRole('button', { name: 'Save to Project' }).click();
    await expect(page.getByRole('button', { name: 'Saved!' })).toBeDisabled();
    await page.clock.runFor(2_500);
    const update = page.getByRole('button', { name: 'Update saved item' });
    await expect(update).toBeEnabled();
    await update.click();
    await expect(page.getByRole('button', { name: 'Saved!' })).toBeDisabled();
    await page.clock.runFor(2_500);
    await generateButton(page, essayBuddy).click();
    await runClockUntil(page, () => expect(page.getByRole('button', { name: 'Save to Project' })).toBeEnabled({ timeout: 200 }));
    await page.getByRole('button', { name: 'Save to Project' }).click();
    await expect(page.getByRole('button', { name: 'Saved!' })).toBeDisabled();

    // The project page's code loads over the network; let the paused clock run so the page can appear.
    await page.goto(`#/projects/${flowProject.id}`);
    await page.clock.runFor(1_000);
    const items = page.getByRole('list', { name: new RegExp(flowProject.name) }).getByRole('listitem');
    await expect(items).toHaveCount(2);
    for (const item of await items.all()) {
      await expect(item.getByRole('heading', { level: 2, name: essayBuddy.title })).toBeVisible();
    }
  });
});
