import { cp, mkdtemp, rm, utimes } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { startFakeGemini, startFakeOllama, startFakeOpenAI, type FakeAnswer, type FakeProviderServer } from '../src/providers/testing/fakeProviders';
import { startGateway, type GatewayProcess } from '../server/testing/gateway';
import { fillFromExample, generateButton, resultRegion, toolById } from './support/app';
import { loadRegistry } from './support/registry';

/*
 * A stream cut mid-answer, on each of the three provider adapters, through
 * the real gateway serving the app: the user sees that the answer was cut
 * off, never the partial text as a finished result, and the form stays
 * ready for the next try. Each provider is a fake speaking its real API,
 * closing the connection cleanly before its finish signal (the way a proxy's
 * idle cut or a restart ends it).
 */

test.describe.configure({ mode: 'serial' });

const tools = await loadRegistry();
const smartNotes = toolById(tools, 'smart-notes');
// The build the Playwright web server made for this run (playwright.config.ts).
const build = path.resolve(import.meta.dirname, '..', '.e2e-build', process.env.E2E_PORT ?? '4317');

const GEMINI_KEY = 'gemini-provider-key';
const PARTIAL = ['## Summary\n', 'The water cycle: ', 'evapo'];

/** A Gemini stream of `PARTIAL` with no finishReason on any chunk ("If empty, the model has not stopped generating"). */
function geminiCut(): FakeAnswer {
  const event = (text: string) => `data: ${JSON.stringify({ candidates: [{ content: { role: 'model', parts: [{ text }] }, index: 0 }] })}\r\n\r\n`;
  return { kind: 'raw', status: 200, headers: { 'Content-Type': 'text/event-stream' }, body: PARTIAL.map(event).join('') };
}

interface Setup {
  name: string;
  start(): Promise<FakeProviderServer>;
  env(fake: FakeProviderServer): Record<string, string>;
  cut: FakeAnswer;
}

const setups: Setup[] = [
  { name: 'Gemini', start: () => startFakeGemini({ apiKey: GEMINI_KEY, chunkDelayMs: 60 }), env: (fake) => ({ GEMINI_API_KEY: GEMINI_KEY, GEMINI_BASE_URL: fake.baseUrl }), cut: geminiCut() },
  {
    name: 'OpenAI-compatible',
    start: () => startFakeOpenAI({ model: 'local-model', chunkDelayMs: 60, flavour: 'generic' }),
    env: (fake) => ({ OPENAI_BASE_URL: fake.baseUrl, OPENAI_MODEL: 'local-model' }),
    cut: { kind: 'cut', chunks: PARTIAL, withDone: true },
  },
  { name: 'Ollama', start: () => startFakeOllama({ chunkDelayMs: 60 }), env: (fake) => ({ OLLAMA_URL: fake.baseUrl, OLLAMA_MODEL: 'llama3.2' }), cut: { kind: 'cut', chunks: PARTIAL } },
];

let workDir = '';
const running: { setup: Setup; fake: FakeProviderServer; gateway: GatewayProcess }[] = [];

test.beforeAll(async () => {
  // A copy of the build dated in 2100: server/node.ts serves it as it is, never rebuilding while sources change.
  workDir = await mkdtemp(path.join(tmpdir(), 'studyforge-cutoff-'));
  const staticDir = path.join(workDir, 'dist');
  await cp(build, staticDir, { recursive: true });
  const future = new Date('2100-01-01T00:00:00Z');
  await utimes(path.join(staticDir, 'index.html'), future, future);
  for (const setup of setups) {
    const fake = await setup.start();
    // Each gateway is its own process group (server/testing/processGroup.ts), stopped whole in afterAll.
    const gateway = await startGateway({ staticDir, env: { STUDYFORGE_PUBLIC_KEY: 'anon-public-key', ...setup.env(fake) } });
    running.push({ setup, fake, gateway });
  }
});

test.afterAll(async () => {
  await Promise.all(running.map(({ gateway }) => gateway.proc.stop()));
  await Promise.all(running.map(({ fake }) => fake.close()));
  if (workDir) await rm(workDir, { recursive: true, force: true });
});

async function openThroughGateway(page: Page, url: string) {
  await page.goto(`${url}/#/${smartNotes.id}`);
  await expect(page.getByRole('heading', { level: 1, name: smartNotes.title })).toBeVisible();
  await fillFromExample(page, smartNotes);
}

for (const [index, setup] of setups.entries()) {
  test(`${setup.name}: a stream cut mid-answer shows "cut off", never a finished result, and the form stays ready`, async ({ page }) => {
    const { fake, gateway } = running[index] as (typeof running)[number];
    fake.script(setup.cut);
    await openThroughGateway(page, gateway.base);
    await generateButton(page, smartNotes).click();
    const alert = page.getByRole('alert');
    await expect(alert).toContainText('cut off');
    await expect(resultRegion(page)).toHaveCount(0);
    await expect(page.getByRole('region', { name: 'Writing...' })).toHaveCount(0);
    await expect(generateButton(page, smartNotes)).toBeEnabled();
    await expect(page.getByLabel('Text to summarise')).not.toHaveValue('');

    // The next try, answered whole, is shown as the result.
    fake.script({ kind: 'text', text: '## Summary\nWater evaporates, condenses and falls as rain.' });
    await generateButton(page, smartNotes).click();
    await expect(resultRegion(page)).toContainText('condenses and falls as rain');
  });
}
