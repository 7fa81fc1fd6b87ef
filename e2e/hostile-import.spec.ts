import { expect, test, type Page } from '@playwright/test';
import { notAnExport } from '../src/features/projects/projectFile';
import { flowProject, seedRawStorage, seedStorage, sidebar, storageKeys } from './support/app';

/*
 * Hostile data: data nobody should have cannot blank the app. A hostile import
 * is refused with a message; deep data already in storage (another version,
 * another tab) shows an error box inside the shell, and the project can still
 * be deleted; a page that fails to render for any other reason is caught by
 * its route's error boundary, and navigating away recovers.
 */

test.use({ locale: 'en-US', timezoneId: 'UTC' });

const otherProject = { id: 'proj_1600000000000', name: 'Algebra', createdAt: '2021-01-10T12:00:00.000Z' };

/** Item data nested `levels` lists deep, as JSON text: JSON.parse reads it, but any recursive walk overflows. */
function nestedLists(levels: number): string {
  return `${'[ 1, '.repeat(levels)}1${' ]'.repeat(levels)}`;
}

/** A project whose one saved item is 5,000 lists deep, written straight into storage, as another version could have. */
async function seedDeepProject(page: Page) {
  const item = `{"id":"art_1700000000100","createdAt":"2026-11-01T09:30:00.000Z","toolId":"essay-buddy","toolTitle":"Essay Buddy","data":${nestedLists(5000)}}`;
  await seedRawStorage(page, {
    [storageKeys.projects]: JSON.stringify([otherProject, flowProject]),
    [storageKeys.artifacts(flowProject.id)]: `[${item}]`,
  });
}

function projectList(page: Page) {
  return page.getByRole('region', { name: 'Your projects' }).getByRole('listitem');
}

/** Spec 8's error box: an alert with the heading 'Error' and the message below. */
function errorBox(page: Page, message: string | RegExp) {
  return page.getByRole('main').getByRole('alert').filter({ hasText: 'Error' }).filter({ hasText: message });
}

/** The shell still works: its navigation is there, and the Dashboard opens from the address bar. */
async function expectHashNavigationWorks(page: Page) {
  await expect(sidebar(page).getByRole('link', { name: 'Dashboard' })).toBeVisible();
  await page.goto('#/dashboard');
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeAttached();
  await expect(page.getByRole('main').getByRole('link').first()).toBeVisible();
}

test('a 30 KB file of 5,000 nested lists is refused with a message, and the app stays usable', async ({ page }) => {
  await seedStorage(page, { [storageKeys.projects]: [otherProject] });
  await page.goto('#/projects');
  const contents = `{"format":"studyforge-project","version":1,"project":{"id":"proj_1700000000000","name":"Deep","createdAt":"2026-11-01T09:00:00.000Z"},"artifacts":[{"id":"art_1700000000100","createdAt":"2026-11-01T09:30:00.000Z","toolId":"essay-buddy","data":${nestedLists(5000)}}]}`;
  expect(contents.length).toBeGreaterThan(30_000);
  await page.getByLabel('Import a project').setInputFiles({ name: 'deep.json', mimeType: 'application/json', buffer: Buffer.from(contents) });

  await expect(page.getByRole('alert')).toHaveText(`${notAnExport} "artifacts[0].data" is nested deeper than 64 levels.`);
  await expect(projectList(page)).toHaveText([/Algebra/]);
  // Still usable: a project can be made and opened.
  await page.getByRole('textbox', { name: 'Project name' }).fill('After the attack');
  await page.getByRole('button', { name: 'Create' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'After the attack' })).toBeVisible();
  await expectHashNavigationWorks(page);
});

test('a stored item too deep to show: the project opens with an error box in the shell, and can be deleted', async ({ page }) => {
  await seedDeepProject(page);
  await page.goto(`#/projects/${flowProject.id}`);
  await expect(page.getByRole('heading', { level: 1, name: flowProject.name })).toBeVisible();
  await expect(errorBox(page, 'This item is nested more than 64 levels deep')).toBeVisible();
  await expect(page.getByRole('region', { name: /^Essay Buddy item/ })).toContainText('[nested too deep to show]');
  await expect(sidebar(page)).toBeVisible();

  await page.getByRole('button', { name: 'Delete project' }).click();
  await page
    .getByRole('group', { name: `Delete \u201c${flowProject.name}\u201d and its 1 saved item?` })
    .getByRole('button', { name: 'Yes, delete project' })
    .click();
  await expect(page.getByRole('heading', { level: 1, name: 'Projects' })).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: `Deleted \u201c${flowProject.name}\u201d and its 1 saved item.` })).toBeVisible();
  await expect(projectList(page)).toHaveText([/Algebra/]);
  await expectHashNavigationWorks(page);
});

test('a project page that fails to render shows the error box in the shell, offers to delete the project, and navigating away recovers', async ({
  page,
}) => {
  // Stands in for any fault we do not know of yet: rendering this one item throws, as a stack overflow would.
  await page.addInitScript(() => {
    const stringify = JSON.stringify;
    JSON.stringify = function (this: unknown, ...args: Parameters<typeof JSON.stringify>) {
      const [value] = args;
      if (typeof value === 'object' && value !== null && 'renderFault' in value) throw new RangeError('Maximum call stack size exceeded');
      return stringify.apply(this, args);
    } as typeof JSON.stringify;
  });
  await seedStorage(page, {
    [storageKeys.projects]: [otherProject, flowProject],
    [storageKeys.artifacts(flowProject.id)]: [
      { id: 'art_1700000000100', createdAt: '2026-11-01T09:30:00.000Z', toolId: 'essay-buddy', data: { renderFault: true } },
    ],
  });
  await page.goto(`#/projects/${flowProject.id}`);
  await expect(errorBox(page, 'This project could not be shown')).toBeVisible();
  await expect(errorBox(page, 'Maximum call stack size exceeded')).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: flowProject.name })).toBeFocused();
  await expect(sidebar(page).getByRole('link', { name: 'Dashboard' })).toBeVisible();

  // Going elsewhere and back shows the page afresh (and, the fault still being there, the box again).
  await expectHashNavigationWorks(page);
  await page.goto(`#/projects/${flowProject.id}`);
  await expect(errorBox(page, 'This project could not be shown')).toBeVisible();

  // Cancel keeps it, focus back on the button.
  const remove = page.getByRole('button', { name: 'Delete this project' });
  await remove.click();
  const confirm = page.getByRole('group', { name: `Delete \u201c${flowProject.name}\u201d and its 1 saved item?` });
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(remove).toBeFocused();

  await remove.click();
  await confirm.getByRole('button', { name: 'Yes, delete project' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Projects' })).toBeVisible();
  await expect(projectList(page)).toHaveText([/Algebra/]);
  // Undo is offered as for any deletion, and brings it back.
  await page.getByRole('button', { name: 'Undo' }).click();
  await expect(projectList(page)).toHaveText([/Flow project/, /Algebra/]);
  await expect(page.getByRole('region', { name: 'Your projects' }).getByRole('link', { name: /Flow project/ })).toBeFocused();
});

test('a project can be deleted from the Projects list without opening it', async ({ page }) => {
  await seedDeepProject(page);
  await page.goto('#/projects');
  const remove = page.getByRole('button', { name: `Delete ${flowProject.name}` });
  await remove.click();
  const confirm = page.getByRole('group', { name: `Delete \u201c${flowProject.name}\u201d and its 1 saved item?` });
  await expect(confirm.getByRole('button', { name: 'Cancel' })).toBeFocused();
  await confirm.getByRole('button', { name: 'Yes, delete project' }).click();
  await expect(projectList(page)).toHaveText([/Algebra/]);
  await expect(page.getByRole('status').filter({ hasText: `Deleted \u201c${flowProject.name}\u201d and its 1 saved item.` })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Undo' })).toBeFocused();
  await expect(page.evaluate((key) => localStorage.getItem(key), storageKeys.artifacts(flowProject.id))).resolves.toBeNull();
});
