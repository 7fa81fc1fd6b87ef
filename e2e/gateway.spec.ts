import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { startFakeOpenAI, type FakeProviderServer } from '../src/providers/testing/fakeProviders';
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

const METRICS_KEY = 'operator-metrics-key-5d1e';

/** Starts `npm start`'s entry point on a free port, pointed at an OpenAI-compatible provider. */
async function startGateway(providerBaseUrl: string, env: Record<string, string> = {}): Promise<{ url: string; stop(): Promise<void>; output(): string }> {
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
      STUDYFORGE_METRICS_KEY: METRICS_KEY,
      ...env,
    },
  });
  const url = `http://127.0.0.1:${port}`;
  try {
    await waitUntilUp(`${url}/healthz`, gateway, 60_000);
  } catch (error) {
    await gateway.stop();
    throw error;
  }
  return { url, stop: () => gateway.stop(), output: () => gateway.output() };
}

async function openThroughGateway(page: Page, url: string) {
  await page.goto(`${url}/#/${smartNotes.id}`);
  await expect(page.getByRole('heading', { level: 1, name: smartNotes.title })).toBeVisible();
  await fillFromExample(page, smartNotes);
}

test.describe('the app through the gateway', () => {
  let provider: FakeProviderServer;
  let gateway: Awaited<ReturnType<typeof startGateway>>;

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

  // After the flows above (serial): what the operator's monitoring reads, and what it must never hold.
  test('a returning visit loads the app from the browser cache: the page is checked again, its hashed assets are kept', async ({ page, request }) => {
    const assets: string[] = [];
    page.on('response', (response) => {
      if (new URL(response.url()).pathname.startsWith('/assets/')) assets.push(response.url());
    });
    await page.goto(`${gateway.url}/#/dashboard`);
    await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeAttached();
    expect(assets.some((url) => url.endsWith('.js'))).toBe(true);
    for (const url of assets) {
      const response = await request.get(url);
      expect(response.status(), url).toBe(200);
      expect(response.headers()['cache-control'], url).toBe('public, max-age=31536000, immutable');
    }
    for (const pagePath of ['/', '/index.html']) {
      expect((await request.get(`${gateway.url}${pagePath}`)).headers()['cache-control']).toBe('no-cache');
    }
    // A file that is not there is not cached as if it were.
    expect((await request.get(`${gateway.url}/assets/no-such-file-0000.js`)).headers()['cache-control']).toBeUndefined();
  });

  test("the operator's /metrics counts these flows per tool and provider, and holds no text and no address", async ({ request }) => {
    expect((await request.get(`${gateway.url}/metrics`)).status()).toBe(401);
    expect((await request.get(`${gateway.url}/metrics`, { headers: { Authorization: 'Bearer anon-public-key' } })).status()).toBe(401);
    const response = await request.get(`${gateway.url}/metrics`, { headers: { Authorization: `Bearer ${METRICS_KEY}` } });
    expect(response.status()).toBe(200);
    const text = await response.text();
    const count = (labels: string) => Number(new RegExp(`^studyforge_requests_total\\{[^}]*${labels}[^}]*\\} (\\d+)$`, 'm').exec(text)?.[1] ?? 0);
    expect(count('tool="smart-notes",provider="openai",outcome="ok"')).toBeGreaterThanOrEqual(1);
    expect(count('tool="smart-notes",provider="openai",outcome="caller_gone"')).toBeGreaterThanOrEqual(1);
    expect(count('tool="smart-notes",provider="openai",outcome="provider_rate_limited"')).toBeGreaterThanOrEqual(1);
    expect(text).toMatch(/^studyforge_tokens_total\{route="text",tool="smart-notes",provider="openai",direction="out",source="(estimated|reported)"\} [1-9]/m);
    // The notes the flows sent, as the provider received them: in neither the metrics nor the gateway's log.
    const sent = provider.exchanges.map((exchange) => JSON.stringify(exchange.json ?? '')).join(' ');
    const excerpt = /"content":"(.{30})/.exec(sent)?.[1] ?? '';
    expect(excerpt.length).toBe(30);
    expect(text).not.toContain(excerpt);
    expect(gateway.output()).not.toContain(excerpt);
    expect(text).not.toContain('127.0.0.1');
  });
});

test("a school's used-up daily allowance reaches the user as the gateway's message, and the form stays ready", async ({ page }) => {
  const provider = await startFakeOpenAI({ apiKey: 'sk-provider-key', model: 'test-model' });
  // One token a day: the first call is let through (nothing spent yet), and spends more than that.
  const gateway = await startGateway(provider.baseUrl, { STUDYFORGE_BUDGET_DAILY_TOKENS: '1' });
  try {
    provider.script({ kind: 'text', text: '## Summary\nPlants make sugar.' });
    await openThroughGateway(page, gateway.url);
    await generateButton(page, smartNotes).click();
    await expect(resultRegion(page)).toContainText('Plants make sugar.');
    await generateButton(page, smartNotes).click();
    const alert = page.getByRole('alert');
    await expect(alert).toContainText(/This school's daily AI allowance is used up; it resets at 00:00 UTC \(in \d+ (hours?|minutes?)\)\./);
    await expect(generateButton(page, smartNotes)).toBeEnabled();
    await expect(page.getByLabel('Text to summarise')).not.toHaveValue('');
    expect(provider.exchanges.filter((exchange) => exchange.method === 'POST')).toHaveLength(1);
  } finally {
    await gateway.stop();
    await provider.close();
  }
});

test('measures the delay from the provider’s first streamed byte to its text on screen', async ({ page }, testInfo) => {
  // A provider that notes when it writes its first piece; the page notes when that piece is painted.
  let firstByteAt = 0;
  const provider = createServer((request: IncomingMessage, response: ServerResponse) => {
    request.resume();
    request.on('end', () => {
      response.writeHead(200, { 'Content-Type': 'text/event-stream', 'Cache-Control': 'no-cache' });
      // A finished stream, as OpenAI documents it: the last choice carries its finish_reason, then [DONE].
      const piece = (content: string, finish: string | null = null) =>
        `data: ${JSON.stringify({ id: 'c1', object: 'chat.completion.chunk', choices: [{ index: 0, delta: { content }, finish_reason: finish }] })}\n\n`;
      setTimeout(() => {
        firstByteAt = Date.now();
        response.write(piece('Mitochondria '));
        setTimeout(() => {
          response.write(piece('release energy.', 'stop'));
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
