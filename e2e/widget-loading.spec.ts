import { expect, test } from '@playwright/test';
import { fillFromExample, generateButton, openTool, toolById } from './support/app';
import { loadRegistry } from './support/registry';

/*
 * A field's bespoke widget (here the rehearsal coach's speech widget) comes
 * with the tool, before its form shows: a widget arriving later would replace
 * the field's control under someone typing in it, taking their focus and the
 * rest of their typing (seen as a flaky validation flow under load).
 */

const tools = await loadRegistry();
const tool = toolById(tools, 'presentation-rehearsal-coach');

test('the form waits for its widget, so the control a person types in is never replaced', async ({ page }) => {
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/SpeechRehearsal[^/]*\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  const declaration = page.waitForResponse(/presentation-rehearsal-coach-[^/]*\.js$/);
  await openTool(page, tool);
  await declaration;
  // The tool's own code is here; give it the moment it would take to show a form without its widget.
  await page.waitForTimeout(500);
  await expect(page.getByRole('status').filter({ hasText: 'Loading the tool...' })).toBeVisible();
  await expect(page.getByLabel('What you said', { exact: true })).toHaveCount(0);
  release();
  const transcript = page.getByLabel('What you said', { exact: true });
  await transcript.click();
  const handle = await transcript.elementHandle();
  await fillFromExample(page, tool);
  await expect(generateButton(page, tool)).toBeEnabled();
  // The very element first shown is the one that holds the text.
  expect(await handle?.evaluate((element) => element.isConnected && (element as HTMLTextAreaElement).value !== '')).toBe(true);
});
