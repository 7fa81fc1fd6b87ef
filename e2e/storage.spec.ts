import { expect, test } from '@playwright/test';
import { defaultValues } from '../src/kernel/fields';
import {
  flowProject,
  openTool,
  resultRegion,
  sampleBanner,
  seedRawStorage,
  storageKeys,
  toolById,
} from './support/app';
import { loadRegistry } from './support/registry';

/*
 * Corrupted local storage never breaks a screen (spec 8): an unreadable value
 * is discarded and the screen shows what it shows with nothing stored.
 */

const tools = await loadRegistry();
const essayBuddy = toolById(tools, 'essay-buddy');

const notJson = '{not json';
const wrongShape = '{"a":1}';

for (const [label, value] of [['not JSON', notJson], ['wrongly shaped', wrongShape]] as const) {
  test(`projects list ${label}: the projects page shows 'No projects yet!'`, async ({ page }) => {
    await seedRawStorage(page, { [storageKeys.projects]: value });
    await page.goto('#/projects');
    await expect(page.getByRole('heading', { level: 1, name: 'Projects' })).toBeVisible();
    await expect(page.getByText('No projects yet!')).toBeVisible();

    // The page still works: a project can be created.
    await page.getByLabel('Project name').fill('Biology');
    await page.getByRole('button', { name: 'Create' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Biology' })).toBeVisible();
  });

  test(`artifacts ${label}: the project page shows the empty state`, async ({ page }) => {
    await seedRawStorage(page, {
      [storageKeys.projects]: JSON.stringify([flowProject]),
      [storageKeys.artifacts(flowProject.id)]: value,
    });
    await page.goto(`#/projects/${flowProject.id}`);
    await expect(page.getByRole('heading', { level: 1, name: flowProject.name })).toBeVisible();
    await expect(page.getByRole('main').getByText(/Save to Project/)).toBeVisible();
    await expect(page.getByRole('main').getByRole('link', { name: /dashboard/i })).toBeVisible();
  });
}

test('a project list with one bad entry is treated as empty, not half-read', async ({ page }) => {
  await seedRawStorage(page, {
    [storageKeys.projects]: JSON.stringify([flowProject, { id: 42, name: null }]),
  });
  await page.goto('#/projects');
  await expect(page.getByText('No projects yet!')).toBeVisible();
});

test('corrupted recent tools and dashboard filter: the dashboard shows All Tools', async ({ page }) => {
  await seedRawStorage(page, {
    [storageKeys.recentTools]: notJson,
    [storageKeys.dashboardFilter]: notJson,
  });
  await page.goto('#/dashboard');
  await expect(page.getByRole('tab', { name: 'All Tools' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('heading', { name: 'Recently Used' })).toHaveCount(0);
  await expect(page.getByRole('tabpanel').getByRole('list').getByRole('listitem')).toHaveCount(tools.length);
});

test('wrongly shaped recent tools and an unknown filter: the dashboard shows All Tools', async ({ page }) => {
  await seedRawStorage(page, {
    [storageKeys.recentTools]: '{"essay-buddy":true}',
    [storageKeys.dashboardFilter]: '"parents"',
  });
  await page.goto('#/dashboard');
  await expect(page.getByRole('tab', { name: 'All Tools' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('heading', { name: 'Recently Used' })).toHaveCount(0);
  await expect(page.getByRole('tabpanel').getByRole('list').getByRole('listitem')).toHaveCount(tools.length);

  // Visiting a tool still records it.
  await openTool(page, essayBuddy);
  await page.goto('#/dashboard');
  await expect(page.getByRole('list', { name: 'Recently Used' }).getByRole('listitem')).toHaveCount(1);
});

for (const [label, value] of [
  ['not JSON', notJson],
  ['wrongly shaped', '{"values":"topic","result":{"kind":"json"}}'],
  ['a result that does not fit the tool', JSON.stringify({ values: { topic: 'Kept topic' }, result: { kind: 'json', data: { thesis: 7 } } })],
] as const) {
  test(`tool session ${label}: the tool page renders`, async ({ page }) => {
    await seedRawStorage(page, { [storageKeys.toolSession(essayBuddy.id)]: value });
    await openTool(page, essayBuddy);
    const defaults = defaultValues(essayBuddy.fields);
    const topic = page.getByLabel('Essay topic or question', { exact: true });
    await expect(topic).toHaveValue(label === 'a result that does not fit the tool' ? 'Kept topic' : String(defaults.topic));
    await expect(page.getByLabel('Essay type', { exact: true })).toHaveValue(String(defaults.essayType));
    await expect(resultRegion(page)).toHaveCount(0);
    await expect(page.getByRole('button', { name: essayBuddy.actionLabel ?? 'Generate' })).toBeVisible();
  });
}

for (const [label, value] of [['not JSON', notJson], ['wrongly shaped', '{"backendUrl":42}']] as const) {
  test(`settings ${label}: the sample banner shows`, async ({ page }) => {
    await seedRawStorage(page, { [storageKeys.settings]: value });
    await page.goto('#/dashboard');
    await expect(sampleBanner(page)).toBeVisible();
    await expect(sampleBanner(page)).toContainText('Sample answers.');
  });
}

test('a corrupted active project leaves none active', async ({ page }) => {
  await seedRawStorage(page, {
    [storageKeys.projects]: JSON.stringify([flowProject]),
    [storageKeys.activeProject]: notJson,
  });
  await page.goto('#/dashboard');
  await expect(page.getByRole('combobox', { name: 'Active project' })).toHaveValue('');
});
