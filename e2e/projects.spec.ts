import { expect, test } from '@playwright/test';
import {
  appHeader,
  fillFromExample,
  flowProject,
  generateButton,
  openTool,
  resultRegion,
  seedActiveProject,
  seedStorage,
  storageKeys,
  toolById,
} from './support/app';
import { loadRegistry } from './support/registry';

/*
 * Projects (spec 2, 3, 8): the new-project form, the list (newest first, with
 * the created date), a project's page with its saved items, the empty state,
 * the unknown-id error, and the header's active-project select.
 */

const tools = await loadRegistry();
const essayBuddy = toolById(tools, 'essay-buddy');

// Dates are shown in the browser's locale and time zone: fix both so the expected text is known.
test.use({ locale: 'en-US', timezoneId: 'UTC' });

function createdText(iso: string): string {
  return `Created ${new Date(iso).toLocaleDateString('en-US', { timeZone: 'UTC', year: 'numeric', month: 'short', day: 'numeric' })}`;
}

const older = [
  { id: 'proj_1600000000000', name: 'Algebra', createdAt: '2021-01-10T12:00:00.000Z' },
  { id: 'proj_1700000000001', name: 'Chemistry', createdAt: '2023-03-05T12:00:00.000Z' },
  { id: 'proj_1500000000000', name: 'History', createdAt: '2020-11-20T12:00:00.000Z' },
];

test("shows 'No projects yet!' when there are none", async ({ page }) => {
  await page.goto('#/projects');
  await expect(page.getByRole('heading', { level: 1, name: 'Projects' })).toBeVisible();
  await expect(page.getByText('No projects yet!')).toBeVisible();
});

test('Create is disabled for a blank or whitespace-only name', async ({ page }) => {
  await page.goto('#/projects');
  const name = page.getByLabel('Project name');
  const create = page.getByRole('button', { name: 'Create' });

  await expect(name).toHaveValue('');
  await expect(create).toBeDisabled();
  await name.fill('   ');
  await expect(create).toBeDisabled();
  await name.press('Enter');
  await expect(page).toHaveURL(/#\/projects$/);
  await expect(page.getByText('No projects yet!')).toBeVisible();

  await name.fill('Biology');
  await expect(create).toBeEnabled();
  await name.fill('');
  await expect(create).toBeDisabled();
});

test('creating a project opens its page and makes it the active project', async ({ page }) => {
  await page.goto('#/projects');
  await page.getByLabel('Project name').fill('Biology');
  await page.getByRole('button', { name: 'Create' }).click();

  await expect(page).toHaveURL(/#\/projects\/proj_\d+$/);
  const projectId = /#\/projects\/(proj_\d+)$/.exec(page.url())?.[1] ?? '';
  await expect(page.getByRole('heading', { level: 1, name: 'Biology' })).toBeVisible();

  // Empty state: use 'Save to Project' from a tool; a link to the dashboard.
  const main = page.getByRole('main');
  await expect(main.getByText(/Save to Project/)).toBeVisible();
  const toDashboard = main.getByRole('link', { name: /dashboard/i });
  await expect(toDashboard).toHaveAttribute('href', '#/dashboard');

  // The header's select lists the project and it became the active one.
  const picker = appHeader(page).getByRole('combobox', { name: 'Active project' });
  await expect(picker.getByRole('option', { name: 'Biology' })).toHaveCount(1);
  await expect(picker).toHaveValue(projectId);

  await toDashboard.click();
  await expect(page).toHaveURL(/#\/dashboard$/);
});

test('the list shows projects newest first with their created date', async ({ page }) => {
  await page.clock.setFixedTime(new Date('2026-11-02T10:00:00.000Z'));
  await seedStorage(page, { [storageKeys.projects]: older });
  await page.goto('#/projects');

  const items = page.getByRole('region', { name: 'Your projects' }).getByRole('listitem');
  await expect(items).toHaveText([
    new RegExp(`Chemistry.*${createdText(older[1]!.createdAt)}`),
    new RegExp(`Algebra.*${createdText(older[0]!.createdAt)}`),
    new RegExp(`History.*${createdText(older[2]!.createdAt)}`),
  ]);
  await expect(items.first()).toContainText('Created Mar 5, 2023');

  // A new project goes to the top of the list.
  await page.getByLabel('Project name').fill('Biology');
  await page.getByRole('button', { name: 'Create' }).click();
  await expect(page).toHaveURL(new RegExp(`#/projects/proj_${Date.parse('2026-11-02T10:00:00.000Z')}$`));
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Projects' }).click();
  await expect(items).toHaveText([/^\W*Biology.*Created Nov 2, 2026/, /Chemistry/, /Algebra/, /History/]);

  // A project links to its page.
  await items.filter({ hasText: 'Algebra' }).getByRole('link').click();
  await expect(page).toHaveURL(new RegExp(`#/projects/${older[0]!.id}$`));
  await expect(page.getByRole('heading', { level: 1, name: 'Algebra' })).toBeVisible();
});

test("the header's Active project select lists every project", async ({ page }) => {
  await seedStorage(page, { [storageKeys.projects]: older });
  await page.goto('#/dashboard');
  const picker = appHeader(page).getByRole('combobox', { name: 'Active project' });
  await expect(picker).toHaveValue('');
  for (const project of older) await expect(picker.getByRole('option', { name: project.name })).toHaveCount(1);

  await picker.selectOption({ label: 'Algebra' });
  await page.reload();
  await expect(appHeader(page).getByRole('combobox', { name: 'Active project' })).toHaveValue(older[0]!.id);
});

test('an unknown project id shows the error box', async ({ page }) => {
  await page.goto('#/projects/proj_missing');
  const alert = page.getByRole('alert');
  await expect(alert).toBeVisible();
  await expect(alert.getByText('Error', { exact: true })).toBeVisible();
  await expect(alert.getByText('Project with ID "proj_missing" not found.', { exact: true })).toBeVisible();
});

test('a saved item shows the tool, a time, a Copy button, and "Show items as text" gives pretty-printed JSON', async ({ page }) => {
  await seedActiveProject(page);
  await openTool(page, essayBuddy);
  await fillFromExample(page, essayBuddy);
  await generateButton(page, essayBuddy).click();
  await expect(resultRegion(page)).toBeVisible();
  await page.getByRole('button', { name: 'Save to Project' }).click();
  await expect(page.getByRole('button', { name: 'Saved!' })).toBeVisible();

  await page.goto(`#/projects/${flowProject.id}`);
  await expect(page.getByRole('heading', { level: 1, name: flowProject.name })).toBeVisible();
  const items = page.getByRole('list', { name: new RegExp(flowProject.name) }).getByRole('listitem');
  await expect(items).toHaveCount(1);
  const item = items.first();

  await expect(item.getByRole('heading', { level: 2, name: essayBuddy.title })).toBeVisible();
  // The icon is decorative (hidden from assistive tech), so it has no role to find it by.
  await expect(item.locator('svg use').first()).toHaveAttribute('href', new RegExp(`#${essayBuddy.icon}$`));
  const time = item.locator('time');
  await expect(time).toHaveAttribute('datetime', /^\d{4}-\d{2}-\d{2}T/);
  await expect(time).not.toHaveText('');
  await expect(item.getByRole('button', { name: 'Copy' })).toBeVisible();

  // As its tool made it until the spec's text view is asked for.
  await expect(item).not.toContainText('"thesis": ');
  await page.getByRole('button', { name: 'Show items as text' }).click();
  await expect(page.getByRole('button', { name: 'Show items as text' })).toHaveAttribute('aria-pressed', 'true');
  await expect(item).toContainText('"thesis": ');
  const output = essayBuddy.example.output as { thesis: string };
  const content = await item.getByText('"thesis": ').innerText();
  expect(content).toContain(`  "thesis": ${JSON.stringify(output.thesis)}`);
  expect(content).toContain('\n  "structure": [\n    "');
});

test('a saved string result is shown as written', async ({ page }) => {
  await seedStorage(page, {
    [storageKeys.projects]: [flowProject],
    [storageKeys.artifacts(flowProject.id)]: [
      { id: 'art_1700000000500', createdAt: '2026-11-01T10:00:00.000Z', toolId: 'rubric-builder', toolTitle: 'Rubric Builder', data: 'Total: /20' },
      { id: 'art_1700000000400', createdAt: '2026-11-01T09:30:00.000Z', toolId: 'retired-tool', data: { note: 'kept' } },
    ],
  });
  await page.goto(`#/projects/${flowProject.id}`);
  const items = page.getByRole('list', { name: new RegExp(flowProject.name) }).getByRole('listitem');
  await expect(items).toHaveCount(2);
  await expect(items.nth(0).getByRole('heading', { level: 2, name: 'Rubric Builder' })).toBeVisible();
  await expect(items.nth(0)).toContainText('Total: /20');
  // No title stored and no such tool: the tool id stands in.
  await expect(items.nth(1).getByRole('heading', { level: 2, name: 'retired-tool' })).toBeVisible();
  await expect(items.nth(1)).toContainText('no longer in StudyForge');
  await page.getByRole('button', { name: 'Show items as text' }).click();
  await expect(items.nth(1)).toContainText('"note": "kept"');
});

test('search and a tool filter find saved items by their words and their tool', async ({ page }) => {
  await seedStorage(page, {
    [storageKeys.projects]: [flowProject],
    [storageKeys.artifacts(flowProject.id)]: [
      { id: 'art_1700000000700', createdAt: '2026-11-01T11:00:00.000Z', toolId: 'smart-notes', toolTitle: 'SmartNotes', data: '## Photosynthesis\nChlorophyll absorbs light.' },
      { id: 'art_1700000000600', createdAt: '2026-11-01T10:30:00.000Z', toolId: 'smart-notes', toolTitle: 'SmartNotes', data: 'Mitosis has four phases.' },
      { id: 'art_1700000000500', createdAt: '2026-11-01T10:00:00.000Z', toolId: 'rubric-builder', toolTitle: 'Rubric Builder', data: 'Criteria: evidence of photosynthesis' },
    ],
  });
  await page.goto(`#/projects/${flowProject.id}`);
  const items = page.getByRole('list', { name: new RegExp(flowProject.name) }).getByRole('listitem');
  await expect(items).toHaveCount(3);
  const find = page.getByRole('search', { name: 'Saved items' });
  await find.getByLabel('Search saved items').fill('PHOTOSYNTHESIS');
  await expect(items).toHaveCount(2);
  await expect(find.getByRole('status')).toHaveText('2 of 3 items shown');
  await find.getByLabel('Tool').selectOption({ label: 'SmartNotes (2)' });
  await expect(items).toHaveCount(1);
  await expect(items.first().getByRole('heading', { level: 2 })).toContainText('SmartNotes');
  await find.getByLabel('Search saved items').fill('nothing like this');
  await expect(page.getByText('No saved item matches.')).toBeVisible();
  await find.getByLabel('Search saved items').fill('');
  await expect(items).toHaveCount(2);
});
