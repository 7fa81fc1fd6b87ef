import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { startFakeOpenAI, type FakeProviderServer } from '../src/engine/testing/fakeProviders';
import { freePort, spawnGroup, waitUntilUp } from '../server/testing/processGroup';
import { fillFromExample, generateButton, openTool, resultRegion, sampleBanner, toolById } from './support/app';
import { loadRegistry } from './support/registry';

/*
 * The whole chain as users run it: the app served by our gateway (`npm start`,
 * server/node.ts), the gateway calling a fake OpenAI-compatible provider that
 * speaks the real protocol. Streamed text appears before the provider has
 * finished, Cancel closes the provider's connection, provider faults reach
 * the user as readable messages; and the delay from the provider's first
 * streamed byte to its text on screen is measured and printed.
 */

test.describe.configure({ mode: 'serial' });

const tools = await loadRegistry();
const smartNotes = toolById(tools, 'smart-notes');
const root = path.resolve(import.meta.dirname, '..');
// The build the Playwright web server made for this run (playwright.config.ts).
const staticDir = path.join(root, '.e2e-build', process.env.E2E_PORT ?? '4317');

/** Starts `npm start`'s entry point on a free port, pointed at an OpenAI-compatible provider. */
async function startGateway(providerBaseUrl: string): Promise<{ url: string; stop(): Promise<void> }> {
  const port = await freePort();
  // Its own process group: npx starts node and tsx another; stopping the group ends them all.
  const gateway = spawnGroup('npx', ['tsx', 'server/node.ts'], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      STUDYFORGE_STATIC_DIR: staticDir,
      OPENAI_BASE_URL: providerBaseUrl,
      OPENAI_API_KEY: 'sk-provider-key',
      OPENAI_MODEL: 'test-model',
      STUDYFORGE_PUBLIC_KEY: 'anon-public-key',
    },
  });
  const url = `http://127.0.0.1:${port}`;
  try {
    await waitUntilUp(`${url}/healthz`, gateway, 60_000);
  } catch (error) {
    await gateway.stop();
    throw error;
  }
  return { url, stop: () => gateway.stop() };
}

async function openThroughGateway(page: Page, url: string) {
  await page.goto(`${url}/#/${smartNotes.id}`);
  await expect(page.getByRole('heading', { level: 1, name: smartNotes.title })).toBeVisible();
  await fillFromExample(page, smartNotes);
}

test.describe('the app through the gateway', () => {
  let provider: FakeProviderServer;
  let gateway: { url: string; stop(): Promise<void> };

  test.beforeAll(async () => {
    provider = await startFakeOpenAI({ apiKey: 'sk-provider-key', model: 'test-model', chunkDelayMs: 250 });
    gateway = await startGateway(provider.baseUrl);
  });
  test.afterAll(async () => {
    await gateway?.stop();
    await provider?.close();
  });

  test('uses the gateway it was served by, and shows the answer as it is written', async ({ page }) => {
    const pieces = ['## Summary\n', 'Plants turn light ', 'into sugar. ', '\n\n## Key ideas\n', '- Chlorophyll ', 'absorbs light\n', '- Oxygen is ', 'released'];
    provider.script({ kind: 'text', text: pieces.join(''), chunks: pieces });
    await openThroughGateway(page, gateway.url);
    await expect(sampleBanner(page)).toHaveCount(0);

    await generateButton(page, smartNotes).click();
    const preview = page.getByRole('region', { name: 'Writing...' });
    await expect(preview).toContainText('Plants turn light');
    // Seen on screen while the provider is still writing.
    const exchange = provider.exchanges.at(-1);
    expect(exchange?.streamed).toBe(true);
    expect(exchange?.responseEnded).toBe(false);
    expect(exchange?.problems).toEqual([]);

    await expect(resultRegion(page)).toContainText('Oxygen is released');
    await expect(preview).toHaveCount(0);
  });

  test('Cancel stops the request at the provider and leaves the form ready', async ({ page }) => {
    provider.script({ kind: 'endless', chunk: 'and so on ' });
    await openThroughGateway(page, gateway.url);
    await generateButton(page, smartNotes).click();
    await expect(page.getByRole('region', { name: 'Writing...' })).toContainText('and so on');
    const index = provider.exchanges.length - 1;
    await page.getByRole('button', { name: 'Cancel' }).click();
    await provider.waitForClientClose(index, 10_000);
    await expect(generateButton(page, smartNotes)).toBeEnabled();
    await expect(page.getByRole('alert')).toHaveCount(0);
  });

  const faults = [
    { answer: { kind: 'error' as const, status: 401, message: 'Incorrect API key provided: sk-provider-key' }, shows: 'The AI provider rejected the API key.' },
    { answer: { kind: 'error' as const, status: 429, retryAfter: '20' }, shows: 'The AI provider is rate-limiting requests. Please try again in a moment.' },
    { answer: { kind: 'error' as const, status: 500 }, shows: 'The AI provider had a problem (status 500). Please try again.' },
  ];
  for (const { answer, shows } of faults) {
    test(`a provider ${answer.status} reaches the user as "${shows}"`, async ({ page }, testInfo) => {
      testInfo.annotations.push({ type: 'fault-case', description: testInfo.title });
      provider.script(answer);
      await openThroughGateway(page, gateway.url);
      await generateButton(page, smartNotes).click();
      const alert = page.getByRole('alert');
      await expect(alert).toContainText('Error');
      await expect(alert).toContainText(shows);
      await expect(alert).not.toContainText('sk-provider-key');
      await expect(generateButton(page, smartNotes)).toBeEnabled();
      await expect(page.getByLabel('Text to summarise')).not.toHaveValue('');
    });
  }
});

test('measures the delay from the provider’s first streamed byte to its text on screen', async ({ page }, testInfo) => {
  // A provider that notes when it writes its first piece; the page notes when that piece is painted.
  let firstByteAt = 0;
  const provider = createServer((request: IncomingMessage, response: ServerResponse) => {
    request.resume();
    request.on('end', () => {
      response.writeHead(200, { 'Content-Type': 'text/event-stream', 'Cache-Control': 'no-cache' });
      const piece = (content: string) => `data: ${JSON.stringify({ id: 'c1', object: 'chat.completion.chunk', choices: [{ index: 0, delta: { content } }] })}\n\n`;
      setTimeout(() => {
        firstByteAt = Date.now();
        response.write(piece('Mitochondria '));
        setTimeout(() => {
          response.write(piece('release energy.'));
          response.end('data: [DONE]\n\n');
        }, 1500);
      }, 300);
    });
  });
  await new Promise<void>((resolve) => provider.listen(0, '127.0.0.1', resolve));
  const gateway = await startGateway(`http://127.0.0.1:${(provider.address() as AddressInfo).port}/v1`);
  try {
    await page.addInitScript(() => {
      new MutationObserver((_records, observer) => {
        if (document.body?.textContent?.includes('Mitochondria')) {
          requestAnimationFrame(() => {
            (window as unknown as { seenAt: number }).seenAt = performance.timeOrigin + performance.now();
          });
          observer.disconnect();
        }
      }).observe(document, { childList: true, subtree: true, characterData: true });
    });
    await openThroughGateway(page, gateway.url);
    await page.getByLabel('Text to summarise').fill('Cells need energy to live.');
    await generateButton(page, smartNotes).click();
    await expect(page.getByRole('region', { name: 'Writing...' })).toContainText('Mitochondria');
    const seenAt = await page.evaluate(() => (window as unknown as { seenAt: number }).seenAt);
    const delayMs = Math.round(seenAt - firstByteAt);
    console.log(`[measure] provider's first streamed byte -> text on screen, through the gateway: ${delayMs} ms`);
    testInfo.annotations.push({ type: 'first-byte-to-screen-ms', description: String(delayMs) });
    expect(delayMs).toBeGreaterThanOrEqual(0);
  } finally {
    await gateway.stop();
    await new Promise((resolve) => provider.close(resolve));
  }
});
