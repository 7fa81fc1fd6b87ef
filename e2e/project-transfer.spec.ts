import { expect, test, type Page } from '@playwright/test';
import { artifactMarkdown, notAnExport, projectExport } from '../src/features/projects/projectFile';
import { contractSchemaOf } from '../src/kernel/runTool';
import { flowProject, seedStorage, storageKeys } from './support/app';
import { essayBuddy, essayOutput, items, otherProject, seedFlowProject, savedItems, projectList, openFlowProject, downloadedText } from './support/projectManagement';

/*
 * Projects people can take with them, continued from project-management.spec.ts:
 * export as JSON and Markdown, import a JSON export (validated, merged without
 * overwriting), and every project control reachable with Tab.
 */

test.use({ locale: 'en-US', timezoneId: 'UTC' });

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
    await expect(savedItems(page).getByRole('heading', { level: 2 })).toContainText(['SmartNotes', 'Essay Buddy', 'Rubric Builder']);
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
    await expect(savedItems(page, 'Renamed here').getByRole('heading', { level: 2 })).toContainText(['SmartNotes', 'Rubric Builder']);
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
  const expected = ['Make active project', 'Rename', 'Export as JSON', 'Export as Markdown', 'Export as Word', 'Print / Save as PDF', 'Delete project'];
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
