import { expect, test, type Page } from '@playwright/test';
import type { ToolDeclaration } from '../src/kernel/defineTool';
import { defaultValues } from '../src/kernel/fields';
import { blockingReason } from '../src/kernel/formRules';
import { fillFromExample, flowProject, generateButton, openTool, resultRegion, seedActiveProject } from './support/app';
import { rawMarkupIn } from '../src/kernel/testing/rawMarkup';
import { exportFile, wordParagraphs } from './support/exportFiles';
import { batches, expectedTextOf, loadRegistry, savedTextOf } from './support/registry';

/*
 * One flow per registry entry, generated from the registry: open the route,
 * fill the form from the example input, generate against the offline sample
 * backend, see the result, export it as Word and read the file back,
 * refine it once (the sample backend answers its example
 * again, saying refinements need a model), save the
 * refined version, and find it on the project page with what it was asked for:
 * opened, it shows as the tool made it (no raw markdown, no JSON), and as
 * text it is the spec's view.
 */

const tools = await loadRegistry();

/** One entry's flow, on a page that may have run other entries before it (as a person moves from tool to tool). */
async function entryFlow(page: Page, tool: ToolDeclaration): Promise<void> {
  await openTool(page, tool);

  if (blockingReason(tool.fields, tool.rules, defaultValues(tool.fields)) !== null) {
    await expect(generateButton(page, tool)).toBeDisabled();
  }
  await fillFromExample(page, tool);
  await generateButton(page, tool).click();

  const result = resultRegion(page);
  await expect(result).toContainText(expectedTextOf(tool));

  // Word: every entry exports, with no line of export code in its registry file.
  const word = await wordParagraphs(page, (await exportFile(page, result, 'Word / Google Docs (.docx)')).bytes);
  expect(word[0]).toMatchObject({ style: 'Title' });
  expect(word[0]!.text).toContain(tool.title);
  expect(word.slice(1).map((p) => p.text).join('\n')).toContain(expectedTextOf(tool));

  await result.getByRole('toolbar', { name: 'Refine this result' }).getByRole('button', { name: 'Shorter' }).click();
  await expect(result.getByRole('group', { name: 'Versions' })).toContainText('Version 2 of 2: Shorter');
  await expect(result).toContainText('refinements need a model');
  await expect(result).toContainText(expectedTextOf(tool));

  await page.getByRole('button', { name: 'Save to Project' }).click();
  await expect(page.getByRole('button', { name: 'Saved!' })).toBeDisabled();

  await page.goto(`#/projects/${flowProject.id}`);
  const saved = page.getByRole('listitem').filter({ has: page.getByRole('heading', { level: 2, name: tool.title }) });
  await expect(saved).toHaveCount(1);
  await expect(saved).toContainText('Refined: Shorter');
  await saved.getByRole('button', { name: 'Open' }).click();
  const shown = saved.getByRole('region', { name: /item, saved/ });
  await expect(shown).toContainText(expectedTextOf(tool));
  expect(rawMarkupIn(await shown.innerText()), 'raw markup on the project page').toEqual([]);
  await page.getByRole('button', { name: 'Show items as text' }).click();
  await expect(saved.getByRole('region', { name: /item, saved/ })).toContainText(savedTextOf(tool));
}

// Batched, each batch on one page: a page's start-up is paid once a batch, not once an entry. Each entry is a step
// named by its id, so a failure names the tool; `-g <tool-id>` runs the batch holding it.
for (const [i, batch] of batches(tools, 6).entries()) {
  test(`per entry, batch ${i + 1}: generate, export, refine, save, find it (${batch.map((t) => t.id).join(', ')})`, async ({ page }) => {
    // About 8 s an entry alone; the allowance guards against a hang, it is not a speed target.
    test.setTimeout(30_000 + batch.length * 25_000);
    await seedActiveProject(page);
    for (const tool of batch) await test.step(tool.id, () => entryFlow(page, tool));
  });
}
