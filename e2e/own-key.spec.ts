import { expect, test, type Route } from '@playwright/test';
import { GEMINI_DEFAULT_MODEL } from '../src/providers/gemini';
import { fillFromExample, generateButton, openTool, resultRegion, sampleBanner, toolById } from './support/app';
import { loadRegistry } from './support/registry';

/*
 * "Bring your own key": the browser calls the provider directly,
 * with the gateway's own provider code, and the key goes only there. The
 * provider is faked with page.route, answering in Gemini's streaming format.
 */

const tools = await loadRegistry();
const smartNotes = toolById(tools, 'smart-notes');

const cors = { 'access-control-allow-origin': '*', 'access-control-allow-headers': 'content-type, x-goog-api-key', 'access-control-allow-methods': 'POST' };

test('calls Gemini straight from the browser with the key saved in Settings', async ({ page }) => {
  const calls: { url: string; key: string | undefined; body: unknown }[] = [];
  await page.route('http://127.0.0.1:9/gemini/**', async (route: Route) => {
    const request = route.request();
    if (request.method() === 'OPTIONS') return route.fulfill({ status: 204, headers: cors });
    calls.push({ url: request.url(), key: (await request.allHeaders())['x-goog-api-key'], body: request.postDataJSON() });
    // As Gemini streams: the last chunk carries the finishReason that says the answer is complete.
    const chunk = (text: string, finishReason?: string) =>
      `data: ${JSON.stringify({ candidates: [{ content: { role: 'model', parts: [{ text }] }, ...(finishReason ? { finishReason } : {}) }] })}\r\n\r\n`;
    return route.fulfill({
      status: 200,
      headers: { ...cors, 'content-type': 'text/event-stream' },
      body: chunk('## Summary\nAnswered ') + chunk('with your own key.', 'STOP'),
    });
  });

  await page.goto('#/settings');
  await page.getByRole('switch', { name: 'Call a provider with my own key' }).check();
  await page.getByLabel('Provider', { exact: true }).selectOption('gemini');
  await page.getByLabel('API key', { exact: true }).fill('AIza-students-own-key');
  await page.getByLabel('Provider address').fill('http://127.0.0.1:9/gemini');
  await page.getByRole('button', { name: 'Save my key settings' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Tools now call Google Gemini with your key.' })).toBeVisible();

  await openTool(page, smartNotes);
  await expect(sampleBanner(page)).toHaveCount(0);
  await fillFromExample(page, smartNotes);
  await generateButton(page, smartNotes).click();
  await expect(resultRegion(page)).toContainText('Answered with your own key.');

  expect(calls).toHaveLength(1);
  expect(calls[0]?.url).toBe(`http://127.0.0.1:9/gemini/v1beta/models/${GEMINI_DEFAULT_MODEL}:streamGenerateContent?alt=sse`);
  expect(calls[0]?.key).toBe('AIza-students-own-key');
  expect(JSON.stringify(calls[0]?.body)).toContain('Photosynthesis');
});

test('the Save button waits for a complete setting', async ({ page }) => {
  await page.goto('#/settings');
  await page.getByRole('switch', { name: 'Call a provider with my own key' }).check();
  await page.getByLabel('Provider', { exact: true }).selectOption('openai');
  await page.getByLabel('API key', { exact: true }).fill('sk-mine');
  await expect(page.getByRole('button', { name: 'Save my key settings' })).toBeDisabled();
  await page.getByLabel('Model').fill('gpt-4o-mini');
  await expect(page.getByRole('button', { name: 'Save my key settings' })).toBeEnabled();
});
