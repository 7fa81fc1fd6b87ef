import { readFile } from 'node:fs/promises';
import { expect, test, type Download, type Page } from '@playwright/test';
import { artifactMarkdown, notAnExport, projectExport } from '../src/engine/projectFile';
import { contractSchemaOf } from '../src/engine/runTool';
import { appHeader, flowProject, seedStorage, storageKeys, toolById } from './support/app';
import { loadRegistry } from './support/registry';

/*
 * Projects people can take with them: rename, delete with confirmation and
 * Undo, delete one saved item likewise, export as JSON and Markdown, import a
 * JSON export (validated, merged without overwriting). Everything is found by
 * role and label, and driven by keyboard where a person might.
 */

const tools = await loadRegistry();
const essayBuddy = toolById(tools, 'essay-buddy');

test.use({ locale: 'en-US', timezoneId: 'UTC' });

const essayOutput = essayBuddy.example.output as { thesis: string; structure: string[]; introParagraph: string };
const items = [
  { id: 'art_1700000000300', createdAt: '2026-11-01T11:00:00.000Z', toolId: 'smart-notes', toolTitle: 'SmartNotes', data: '## Photosynthesis\n\n- Light reactions\n- **Calvin cycle**' },
  { id: 'art_1700000000200', createdAt: '2026-11-01T10:00:00.000Z', toolId: 'essay-buddy', toolTitle: 'Essay Buddy', data: essayOutput },
  { id: 'art_1700000000100', createdAt: '2026-11-01T09:30:00.000Z', toolId: 'rubric-builder', toolTitle: 'Rubric Builder', data: 'Total: /20' },
];
const otherProject = { id: 'proj_1600000000000', name: 'Algebra', createdAt: '2021-01-10T12:00:00.000Z' };

async function seedFlowProject(page: Page, { active = true, artifacts = items } = {}) {
  await seedStorage(page, {
    [storageKeys.projects]: [otherProject, flowProject],
    [storageKeys.artifacts(flowProject.id)]: artifacts,
    ...(active ? { [storageKeys.activeProject]: flowProject.id } : {}),
  });
}

function savedItems(page: Page, name = flowProject.name) {
  return page.getByRole('list', { name: `Saved items in ${name}` }).getByRole('listitem');
}

function projectList(page: Page) {
  return page.getByRole('region', { name: 'Your projects' }).getByRole('listitem');
}

function picker(page: Page) {
  return appHeader(page).getByRole('combobox', { name: 'Active project' });
}

async function openFlowProject(page: Page) {
  await page.goto(`#/projects/${flowProject.id}`);
  await expect(page.getByRole('heading', { level: 1, name: flowProject.name })).toBeVisible();
}

async function downloadedText(download: Download): Promise<string> {
  return readFile(await download.path(), 'utf8');
}

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
    await page.clock.install();
    await seedFlowProject(page);
    await openFlowProject(page);
    await page.getByRole('button', { name: 'Delete project' }).click();
    await page.getByRole('button', { name: 'Yes, delete project' }).click();
    const undo = page.getByRole('button', { name: 'Undo' });
    await expect(undo).toBeVisible();
    await undo.focus();
    await page.clock.runFor(9_000);
    await expect(undo).toBeVisible();
    await page.clock.runFor(1_500);
    await expect(undo).toHaveCount(0);
    // Focus does not vanish with the notice.
    await expect(page.getByRole('heading', { level: 1, name: 'Projects' })).toBeFocused();
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
    await expect(savedItems(page).getByRole('heading', { level: 2 })).toHaveText(['SmartNotes', 'Rubric Builder']);
    await expect(page.getByText('2 saved items')).toBeVisible();
    await expect(page.getByRole('status').filter({ hasText: /Deleted the Essay Buddy item saved Nov 1, 2026/ })).toBeVisible();
    const undo = page.getByRole('button', { name: 'Undo' });
    await expect(undo).toBeFocused();

    await page.keyboard.press('Enter');
    await expect(savedItems(page).getByRole('heading', { level: 2 })).toHaveText(['SmartNotes', 'Essay Buddy', 'Rubric Builder']);
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
    await expect(savedItems(page).getByRole('heading', { level: 2 })).toHaveText(['Essay Buddy', 'Rubric Builder']);
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

test.describe('export', () => {
  test('as JSON: a versioned file named after the project, with the project and every item', async ({ page }) => {
    await seedFlowProject(page);
    await openFlowProject(page);
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export as JSON' }).click()]);
    expect(download.suggestedFilename()).toBe('Flow project.json');
    const file = JSON.parse(await downloadedText(download)) as ReturnType<typeof projectExport>;
    const { exportedAt, ...rest } = file;
    expect(Number.isNaN(Date.parse(exportedAt))).toBe(false);
    expect(rest).toEqual({ format: 'studyforge-project', version: 1, project: flowProject, artifacts: items });
    await expect(page.getByRole('status').filter({ hasText: 'Exported Flow project.json.' })).toBeVisible();
  });

  test('as Markdown: name, dates, each item with tool title and time; markdown as written, structured data readable', async ({ page }) => {
    await seedFlowProject(page);
    await openFlowProject(page);
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export as Markdown' }).click()]);
    expect(download.suggestedFilename()).toBe('Flow project.md');
    const markdown = await downloadedText(download);
    expect(markdown).toMatch(/^# Flow project\n\n- Created: Nov 1, 2026, 9:00\sAM\n- Exported: .+\n- Saved items: 3\n/);
    expect(markdown).toMatch(/## SmartNotes\n\nSaved Nov 1, 2026, 11:00\sAM\n\n## Photosynthesis\n\n- Light reactions\n- \*\*Calvin cycle\*\*/);
    expect(markdown).toMatch(/## Essay Buddy\n\nSaved Nov 1, 2026, 10:00\sAM\n\n/);
    expect(markdown).toContain(artifactMarkdown(items[1]!, contractSchemaOf(essayBuddy.result as Exclude<typeof essayBuddy.result, 'markdown'>)));
    expect(markdown).toContain(`### Thesis\n\n${essayOutput.thesis}`);
    expect(markdown).toContain(`- ${essayOutput.structure[0]}`);
    expect(markdown).not.toContain('"thesis"');
    expect(markdown).toMatch(/## Rubric Builder\n\nSaved Nov 1, 2026, 9:30\sAM\n\nTotal: \/20\n$/);
  });
});

test.describe('import', () => {
  async function importFile(page: Page, name: string, contents: string) {
    await page.getByLabel('Import a project').setInputFiles({ name, mimeType: 'application/json', buffer: Buffer.from(contents) });
  }

  test('an exported project comes back whole after it was deleted', async ({ page }) => {
    await seedFlowProject(page);
    await openFlowProject(page);
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export as JSON' }).click()]);
    const exported = await downloadedText(download);
    await page.getByRole('button', { name: 'Delete project' }).click();
    await page.getByRole('button', { name: 'Yes, delete project' }).click();
    await page.getByRole('button', { name: 'Dismiss' }).click();
    await expect(projectList(page)).toHaveText([/Algebra/]);

    await importFile(page, 'Flow project.json', exported);
    await expect(page.getByRole('status').filter({ hasText: `Imported \u201c${flowProject.name}\u201d with 3 saved items.` })).toBeVisible();
    await expect(projectList(page)).toHaveText([/Flow project/, /Algebra/]);
    await page.getByRole('link', { name: `Open ${flowProject.name}` }).click();
    await expect(savedItems(page).getByRole('heading', { level: 2 })).toHaveText(['SmartNotes', 'Essay Buddy', 'Rubric Builder']);
  });

  test('into an existing project: adds only the missing items, keeps its own copies and its newer name', async ({ page }) => {
    await seedStorage(page, {
      [storageKeys.projects]: [{ ...flowProject, name: 'Renamed here', updatedAt: '2026-11-05T00:00:00.000Z' }],
      [storageKeys.artifacts(flowProject.id)]: [items[2]],
    });
    await page.goto('#/projects');
    const file = projectExport({ ...flowProject, updatedAt: '2026-11-04T00:00:00.000Z', name: 'Older name' }, [
      items[0]!,
      { ...items[2]!, data: 'An older copy that must not replace mine' },
    ]);
    await importFile(page, 'export.json', JSON.stringify(file));
    await expect(
      page.getByRole('status').filter({ hasText: '\u201cRenamed here\u201d: added 1 saved item it did not have. Nothing was overwritten.' }),
    ).toBeVisible();
    await expect(projectList(page)).toHaveText([/Renamed here/]);
    await page.getByRole('link', { name: 'Open Renamed here' }).click();
    await expect(savedItems(page, 'Renamed here').getByRole('heading', { level: 2 })).toHaveText(['SmartNotes', 'Rubric Builder']);
    await expect(savedItems(page, 'Renamed here').nth(1)).toContainText('Total: /20');

    // A newer name in the file wins; nothing else changes.
    await page.goto('#/projects');
    await importFile(page, 'export.json', JSON.stringify({ ...file, project: { ...file.project, name: 'Newer name', updatedAt: '2026-11-06T00:00:00.000Z' } }));
    await expect(page.getByRole('status').filter({ hasText: 'it already had every saved item; its name was updated from the newer export' })).toBeVisible();
    await expect(projectList(page)).toHaveText([/Newer name/]);
  });

  const badFiles: [string, string, string][] = [
    ['not JSON', 'Hello, I am a text file', `${notAnExport} It is not valid JSON.`],
    ['another app\u2019s JSON', JSON.stringify({ notes: [] }), `${notAnExport} It should have "format": "studyforge-project".`],
    [
      'an export with a broken item',
      JSON.stringify({ ...projectExport(flowProject, items), artifacts: [{ ...items[0], toolId: 7 }] }),
      `${notAnExport} "artifacts[0].toolId" should be text.`,
    ],
    ['a newer format', JSON.stringify({ ...projectExport(flowProject, []), version: 2 }), 'This project was exported by a newer StudyForge (format version 2); this one reads version 1.'],
  ];
  for (const [label, contents, message] of badFiles) {
    test(`a bad file (${label}) gets a clear error and changes nothing`, async ({ page }) => {
      await seedStorage(page, { [storageKeys.projects]: [otherProject] });
      await page.goto('#/projects');
      await importFile(page, 'file.json', contents);
      await expect(page.getByRole('alert')).toHaveText(message);
      await expect(projectList(page)).toHaveText([/Algebra/]);
      // A good file afterwards works, and clears the error.
      await importFile(page, 'good.json', JSON.stringify(projectExport(flowProject, [])));
      await expect(page.getByRole('alert')).toHaveCount(0);
      await expect(projectList(page)).toHaveCount(2);
    });
  }

  test('the file input is labelled and reachable by keyboard', async ({ page }) => {
    await page.goto('#/projects');
    const input = page.getByLabel('Import a project');
    await expect(input).toHaveAttribute('type', 'file');
    await expect(input).toHaveAccessibleDescription(/Export as JSON/);
    await input.focus();
    await expect(input).toBeFocused();
  });
});

test('every project control has a name and is reachable with Tab', async ({ page }) => {
  await seedFlowProject(page, { active: false });
  await openFlowProject(page);
  const expected = ['Make active project', 'Rename', 'Export as JSON', 'Export as Markdown', 'Delete project'];
  const reached: string[] = [];
  for (let i = 0; i < 40 && reached.length < expected.length; i++) {
    await page.keyboard.press('Tab');
    const name = await page.evaluate(() => {
      const el = document.activeElement;
      return el instanceof HTMLElement && el.closest('main') ? (el.textContent ?? '').trim() : '';
    });
    if (expected.includes(name) && !reached.includes(name)) reached.push(name);
  }
  expect(reached).toEqual(expected);
  for (const item of await savedItems(page).all()) {
    await expect(item.getByRole('button', { name: 'Copy' })).toBeVisible();
    await expect(item.getByRole('button', { name: /^Delete .+ item saved / })).toBeVisible();
  }
});
