import { expect, test } from '@playwright/test';
import { fakeBackend, fillFromExample, generateButton, openTool, resultRegion, seedBackend, toolById } from './support/app';
import { loadRegistry } from './support/registry';

/*
 * SmartNotes' explain-like-I'm-10 mode (spec 2): a switch that changes the
 * prompt (declared in the registry file) and is remembered with the inputs.
 */

const tools = await loadRegistry();
const smartNotes = toolById(tools, 'smart-notes');

test("the explain-like-I'm-10 switch changes the prompt and is remembered", async ({ page }) => {
  await seedBackend(page);
  const backend = await fakeBackend(page, { json: { text: '## Summary\nPlants make sugar from light.' } });
  await openTool(page, smartNotes);
  await fillFromExample(page, smartNotes);
  const eli10 = page.getByRole('switch', { name: "Explain like I'm 10" });
  await expect(eli10).not.toBeChecked();

  await generateButton(page, smartNotes).click();
  await expect(resultRegion(page)).toContainText('Plants make sugar from light.');
  const plain = (backend.bodies()[0] as { contents: string }).contents;
  expect(plain).toContain("Keep the subject's proper terms");
  expect(plain).not.toContain('ten-year-old');

  await eli10.check();
  await generateButton(page, smartNotes).click();
  await expect(resultRegion(page)).toBeVisible();
  const simple = (backend.bodies()[1] as { contents: string }).contents;
  expect(simple).toContain('curious ten-year-old');
  expect(simple).not.toContain("Keep the subject's proper terms");

  await page.reload();
  await expect(page.getByRole('switch', { name: "Explain like I'm 10" })).toBeChecked();
});
