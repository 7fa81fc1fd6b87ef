import { readFile } from 'node:fs/promises';
import { expect, test, type Page } from '@playwright/test';
import { STORAGE_PREFIX } from '../src/kernel/stored/storage';
import { flowProject, openTool, seedStorage, storageKeys, toolById } from './support/app';
import { loadRegistry } from './support/registry';

/*
 * Student data stays in the school, in Settings: the names switch
 * (on by default, remembered), and "Delete all my data", which offers every
 * project as one file first, then leaves no StudyForge key in this browser
 * (another app's key on the same origin stays) and shows the empty state at
 * once, without a reload.
 */

const tools = await loadRegistry();
const smartNotes = toolById(tools, 'smart-notes');

const namesLabel = "Replace students' names with placeholders before sending";
const namesWarning = 'Names you type will be sent to the model as they are.';

const saved = { id: 'art_1700000000100', createdAt: '2026-11-01T10:00:00.000Z', toolId: 'rubric-builder', toolTitle: 'Rubric Builder', data: 'Ada: 18/20' };
const ownKey = { provider: 'gemini', apiKey: 'AIza-e2e-own-key', model: '', baseUrl: 'http://127.0.0.1:9/gemini' };

function ourKeys(page: Page): Promise<string[]> {
  return page.evaluate((prefix) => Object.keys(localStorage).filter((key) => key.startsWith(prefix)), STORAGE_PREFIX);
}

test('the names switch is on by default; turned off it warns, and stays off after a reload', async ({ page }) => {
  await page.goto('#/settings');
  const names = page.getByRole('switch', { name: namesLabel });
  await expect(names).toBeChecked();
  await expect(page.getByText(namesWarning)).toHaveCount(0);

  await names.press('Space');
  await expect(names).not.toBeChecked();
  await expect(page.getByRole('alert').filter({ hasText: namesWarning })).toBeVisible();

  await page.reload();
  await expect(page.getByRole('switch', { name: namesLabel })).not.toBeChecked();
  await expect(page.getByRole('alert').filter({ hasText: namesWarning })).toBeVisible();

  await page.getByRole('switch', { name: namesLabel }).click();
  await expect(page.getByRole('switch', { name: namesLabel })).toBeChecked();
  await expect(page.getByText(namesWarning)).toHaveCount(0);
});

/** What the app could keep outside local storage. */
function otherBrowserStorage(page: Page) {
  return page.evaluate(async () => ({
    databases: (await indexedDB.databases()).map((db) => db.name),
    caches: await caches.keys(),
    serviceWorkers: (await navigator.serviceWorker.getRegistrations()).length,
  }));
}

test('Delete all my data: the projects exported first as one file, then every StudyForge key gone and the app empty without a reload; the file brings them back', async ({ page }) => {
  await seedStorage(page, {
    [storageKeys.projects]: [flowProject],
    [storageKeys.artifacts(flowProject.id)]: [saved],
    [storageKeys.activeProject]: flowProject.id,
    [storageKeys.settings]: { ownKey },
    [storageKeys.theme]: 'dark',
  });
  await page.addInitScript(() => {
    if (!localStorage.getItem('other-app:draft')) localStorage.setItem('other-app:draft', 'not StudyForge’s');
  });

  // A tool session: what was typed into a tool is kept for its next visit.
  await openTool(page, smartNotes);
  await page.getByLabel('Text to summarise').fill('Notes about Ada Lovelace for her parents.');
  await expect.poll(() => ourKeys(page)).toContain(storageKeys.toolSession(smartNotes.id));

  await page.goto('#/settings');
  await expect(page.getByRole('switch', { name: 'Call a provider with my own key' })).toBeChecked();
  await expect(page.getByRole('radio', { name: 'Dark' })).toBeChecked();
  const open = page.getByRole('button', { name: 'Delete all my data' });
  await open.click();
  const panel = page.getByRole('group', { name: 'Delete all your StudyForge data in this browser?' });
  const exportFirst = panel.getByRole('button', { name: 'Export all projects first' });
  await expect(exportFirst).toBeFocused();

  // Escape closes it, focus back on the button that opened it.
  await page.keyboard.press('Escape');
  await expect(panel).toHaveCount(0);
  await expect(open).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(exportFirst).toBeFocused();

  const [download] = await Promise.all([page.waitForEvent('download'), page.keyboard.press('Enter')]);
  expect(download.suggestedFilename()).toMatch(/^StudyForge projects \d{4}-\d{2}-\d{2}\.json$/);
  const file = JSON.parse(await readFile((await download.path())!, 'utf8')) as {
    format: string;
    projects: { format: string; version: number; project: unknown; artifacts: unknown[] }[];
  };
  expect(file.format).toBe('studyforge-projects');
  expect(file.projects).toHaveLength(1);
  expect(file.projects[0]).toMatchObject({ format: 'studyforge-project', version: 1, project: flowProject, artifacts: [saved] });
  await expect(panel.getByRole('status')).toHaveText(/^Exported your project to StudyForge projects .+\.json\.$/);

  await panel.getByRole('button', { name: 'Delete everything' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'All your StudyForge data in this browser was deleted.' })).toBeVisible();
  await expect(open).toBeFocused();
  expect(await ourKeys(page)).toEqual([]);
  expect(await page.evaluate(() => localStorage.getItem('other-app:draft'))).toBe('not StudyForge’s');
  // Nor anything kept elsewhere in the browser: no databases, caches or service workers (docs/privacy.md).
  expect(await otherBrowserStorage(page)).toEqual({ databases: [], caches: [], serviceWorkers: 0 });
  // The settings on screen are the defaults again: no own key.
  await expect(page.getByRole('switch', { name: 'Call a provider with my own key' })).not.toBeChecked();
  await expect(page.getByRole('radio', { name: 'System' })).toBeChecked();

  // Without a reload: no projects, no recently used tools, and the theme is the system's again.
  const main = page.getByRole('navigation', { name: 'Main' });
  await main.getByRole('link', { name: 'Projects' }).click();
  await expect(page.getByText('No projects yet!')).toBeVisible();
  await expect(page.getByRole('link', { name: new RegExp(flowProject.name) })).toHaveCount(0);
  await main.getByRole('link', { name: 'Dashboard' }).click();
  await expect(page.getByRole('tab', { name: 'All Tools' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Recently Used' })).toHaveCount(0);

  // And after one.
  await page.goto('#/projects');
  await page.reload();
  await expect(page.getByText('No projects yet!')).toBeVisible();

  // The file exported first brings it all back, on the Projects page.
  await page.getByLabel('Import a project').setInputFiles((await download.path())!);
  await expect(page.getByRole('status').filter({ hasText: `Imported \u201c${flowProject.name}\u201d with 1 saved item.` })).toBeVisible();
  await page.getByRole('link', { name: `Open ${flowProject.name}` }).click();
  await expect(page.getByRole('heading', { level: 1, name: flowProject.name })).toBeVisible();
  await expect(page.getByText(saved.toolTitle).first()).toBeVisible();
});
