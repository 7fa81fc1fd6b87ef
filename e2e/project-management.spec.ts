import { expect, test } from '@playwright/test';
import { flowProject, pauseClock, runClockUntil } from './support/app';
import { items, seedFlowProject, savedItems, projectList, picker, openFlowProject } from './support/projectManagement';

/*
 * Projects people can take with them: rename, delete with confirmation and
 * Undo, delete one saved item likewise, export as JSON and Markdown, import a
 * JSON export (validated, merged without overwriting). Everything is found by
 * role and label, and driven by keyboard where a person might.
 * Export, import and the Tab check are in project-transfer.spec.ts.
 */

test.use({ locale: 'en-US', timezoneId: 'UTC' });

test.describe('rename', () => {
  test('an inline form renames the project everywhere, and keeps it after a reload', async ({ page }) => {
    await seedFlowProject(page);
    await openFlowProject(page);
    const rename = page.getByRole('button', { name: 'Rename' });
    await rename.click();

    const form = page.getByRole('form', { name: 'Rename project' });
    const name = form.getByRole('textbox', { name: 'Project name' });
    await expect(name).toBeFocused();
    await expect(name).toHaveValue(flowProject.name);

    // Required, not blank.
    await name.fill('   ');
    await expect(form.getByRole('button', { name: 'Save name' })).toBeDisabled();
    await expect(name).toHaveAttribute('aria-invalid', 'true');
    await expect(form.getByText('A project needs a name.')).toBeVisible();
    await name.press('Enter');
    await expect(form).toBeVisible();

    await name.fill('  Biology revision  ');
    await name.press('Enter');
    await expect(form).toHaveCount(0);
    await expect(page.getByRole('heading', { level: 1, name: 'Biology revision' })).toBeVisible();
    await expect(page.getByRole('status').filter({ hasText: 'Renamed the project to \u201cBiology revision\u201d.' })).toBeVisible();
    await expect(rename).toBeFocused();
    await expect(picker(page).getByRole('option', { name: 'Biology revision' })).toHaveCount(1);

    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: 'Biology revision' })).toBeVisible();
    await page.goto('#/projects');
    await expect(projectList(page).filter({ hasText: 'Biology revision' })).toHaveCount(1);
  });

  test('Escape or Cancel leaves the name as it was', async ({ page }) => {
    await seedFlowProject(page);
    await openFlowProject(page);
    const rename = page.getByRole('button', { name: 'Rename' });
    await rename.click();
    await page.getByRole('textbox', { name: 'Project name' }).fill('Something else');
    await page.keyboard.press('Escape');
    await expect(page.getByRole('form', { name: 'Rename project' })).toHaveCount(0);
    await expect(rename).toBeFocused();

    await rename.press('Enter');
    await page.getByRole('textbox', { name: 'Project name' }).fill('Other');
    await page.getByRole('button', { name: 'Cancel' }).click();
    await expect(page.getByRole('heading', { level: 1, name: flowProject.name })).toBeVisible();
  });
});

test.describe('delete a project', () => {
  test('asks in the page first; Cancel keeps it and returns focus', async ({ page }) => {
    let dialogs = 0;
    page.on('dialog', () => dialogs++);
    await seedFlowProject(page);
    await openFlowProject(page);
    const remove = page.getByRole('button', { name: 'Delete project' });
    await remove.click();

    const confirm = page.getByRole('group', { name: `Delete \u201c${flowProject.name}\u201d and its 3 saved items?` });
    await expect(confirm).toBeVisible();
    await expect(page.getByRole('alert').filter({ hasText: 'and its 3 saved items?' })).toBeVisible();
    const cancel = confirm.getByRole('button', { name: 'Cancel' });
    await expect(cancel).toBeFocused(); // The harmless choice.
    await cancel.press('Enter');
    await expect(confirm).toHaveCount(0);
    await expect(remove).toBeFocused();

    await remove.press('Enter');
    await page.keyboard.press('Escape');
    await expect(confirm).toHaveCount(0);
    await expect(savedItems(page)).toHaveCount(3);
    expect(dialogs).toBe(0); // No window.confirm.
  });

  test('deleting the active project leaves none active; Undo restores it, its items and the active choice', async ({ page }) => {
    await seedFlowProject(page);
    await openFlowProject(page);
    await expect(picker(page)).toHaveValue(flowProject.id);
    await page.getByRole('button', { name: 'Delete project' }).click();
    await page.getByRole('button', { name: 'Yes, delete project' }).click();

    await expect(page).toHaveURL(/#\/projects$/);
    await expect(projectList(page)).toHaveText([/Algebra/]);
    const status = page.getByRole('status').filter({ hasText: `Deleted \u201c${flowProject.name}\u201d and its 3 saved items.` });
    await expect(status).toBeVisible();
    await expect(picker(page)).toHaveValue('');
    await expect(picker(page).getByRole('option', { name: flowProject.name })).toHaveCount(0);
    // Focus lands on the page heading; Undo is the next stop.
    await expect(page.getByRole('heading', { level: 1, name: 'Projects' })).toBeFocused();
    await page.keyboard.press('Tab');
    const undo = page.getByRole('button', { name: 'Undo' });
    await expect(undo).toBeFocused();
    await page.keyboard.press('Enter');

    await expect(page.getByRole('status').filter({ hasText: `Restored \u201c${flowProject.name}\u201d.` })).toBeVisible();
    const restored = page.getByRole('link', { name: new RegExp(flowProject.name) });
    await expect(restored).toBeFocused();
    await expect(picker(page)).toHaveValue(flowProject.id);
    await restored.click();
    await expect(savedItems(page)).toHaveCount(3);
    await page.reload();
    await expect(savedItems(page)).toHaveCount(3);
  });

  test('after some seconds Undo is gone and the deletion stands', async ({ page }) => {
    await seedFlowProject(page);
    await openFlowProject(page);
    // The clock is faked once the page is up, and paused: only the notice's timeout is under test, and on a
    // running fake clock a slow machine's own seconds would count towards it.
    await page.clock.install();
    await pauseClock(page);
    await page.getByRole('button', { name: 'Delete project' }).click();
    await page.getByRole('button', { name: 'Yes, delete project' }).click();
    const undo = page.getByRole('button', { name: 'Undo' });
    // The Projects page the deletion leads to loads on the paused clock too (React times its reveal).
    await runClockUntil(page, () => expect(undo).toBeVisible({ timeout: 200 }));
    // Nobody is on the notice (focus or pointer on it keeps it: page-titles.spec.ts), so its time runs.
    await page.mouse.move(0, 0);
    // Undo lasts 10 s: at 7 s after it showed (and the few hundred ms it took) it is there, by 11 s gone.
    await page.clock.runFor(7_000);
    await expect(undo).toBeVisible();
    await page.clock.runFor(4_000);
    await expect(undo).toHaveCount(0);
    // Focus does not vanish with the notice.
    await expect(page.getByRole('heading', { level: 1, name: 'Projects' })).toBeFocused();
    await page.clock.resume();
    await page.reload();
    await expect(projectList(page)).toHaveText([/Algebra/]);
    await page.goto(`#/projects/${flowProject.id}`);
    await expect(page.getByText(`Project with ID "${flowProject.id}" not found.`, { exact: true })).toBeVisible();
  });
});

test.describe('delete a saved item', () => {
  test('asks first, removes only that item, and Undo puts it back where it was', async ({ page }) => {
    await seedFlowProject(page);
    await openFlowProject(page);
    const middle = savedItems(page).nth(1);
    await expect(middle.getByRole('heading', { level: 2, name: 'Essay Buddy' })).toBeVisible();
    await middle.getByRole('button', { name: /^Delete/ }).click();
    const confirm = middle.getByRole('group', { name: 'Delete this Essay Buddy item?' });
    await expect(confirm.getByRole('button', { name: 'Cancel' })).toBeFocused();
    await confirm.getByRole('button', { name: 'Yes, delete' }).click();

    await expect(savedItems(page)).toHaveCount(2);
    await expect(savedItems(page).getByRole('heading', { level: 2 })).toContainText(['SmartNotes', 'Rubric Builder']);
    await expect(page.getByText('2 saved items')).toBeVisible();
    await expect(page.getByRole('status').filter({ hasText: /Deleted the Essay Buddy item saved Nov 1, 2026/ })).toBeVisible();
    const undo = page.getByRole('button', { name: 'Undo' });
    await expect(undo).toBeFocused();

    await page.keyboard.press('Enter');
    await expect(savedItems(page).getByRole('heading', { level: 2 })).toContainText(['SmartNotes', 'Essay Buddy', 'Rubric Builder']);
    await expect(page.getByRole('heading', { level: 2, name: 'Essay Buddy' })).toBeFocused();
    await expect(page.getByRole('status').filter({ hasText: 'Restored the Essay Buddy item.' })).toBeVisible();
    await page.reload();
    await expect(savedItems(page)).toHaveCount(3);
  });

  test('a deleted item stays deleted after a reload once Undo has passed', async ({ page }) => {
    await seedFlowProject(page);
    await openFlowProject(page);
    const first = savedItems(page).first();
    await first.getByRole('button', { name: /^Delete SmartNotes item/ }).click();
    await first.getByRole('button', { name: 'Yes, delete' }).click();
    await expect(savedItems(page)).toHaveCount(2);
    await page.getByRole('button', { name: 'Dismiss' }).click();
    await expect(page.getByRole('button', { name: 'Undo' })).toHaveCount(0);
    await page.reload();
    await expect(savedItems(page).getByRole('heading', { level: 2 })).toContainText(['Essay Buddy', 'Rubric Builder']);
  });

  test('deleting the last item shows the empty state', async ({ page }) => {
    await seedFlowProject(page, { artifacts: [items[2]!] });
    await openFlowProject(page);
    await page.getByRole('button', { name: /^Delete Rubric Builder item/ }).click();
    await page.getByRole('button', { name: 'Yes, delete' }).click();
    await expect(page.getByRole('main').getByText(/use 'Save to Project'/)).toBeVisible();
    await page.getByRole('button', { name: 'Undo' }).click();
    await expect(savedItems(page)).toHaveCount(1);
  });
});
