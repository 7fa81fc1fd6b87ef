import { rm } from 'node:fs/promises';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { startFakeGemini, type FakeProviderServer } from '../src/providers/testing/fakeProviders';
import { freePort, spawnGroup, waitUntilUp, type GroupProcess } from '../server/testing/processGroup';
import { resultRegion, toolById } from './support/app';
import { inlineAudioOf, recordForAMoment } from './support/geminiAudio';
import { loadRegistry } from './support/registry';

/*
 * The README's Supabase and Deno Deploy set-up: the app is built for a gateway
 * on another origin (VITE_STUDYFORGE_BACKEND_URL and _TRANSCRIBE_URL) and
 * served as static files; the gateway runs on Deno (server/deno.ts, as Deno
 * Deploy runs it) with nothing but GEMINI_API_KEY (and GEMINI_BASE_URL at the
 * strict Gemini fake, which refuses audio types Gemini does not document with
 * a 415), the public key and the app's origin, as the README's recipe sets them. No page of the gateway's tells the app what the transcriber takes:
 * it has to ask, and Chrome's webm recording has to arrive as WAV.
 */

test.describe.configure({ mode: 'serial' });

const tools = await loadRegistry();
const audioNotes = toolById(tools, 'audio-notes');
const root = path.resolve(import.meta.dirname, '..');
const buildDir = path.join(root, '.e2e-build', `${process.env.E2E_PORT ?? '4317'}-separate-gateway`);
const MODEL = 'gemini-separate-test';
const PUBLIC_KEY = 'anon-separate-key';
const TRANSCRIPT = 'Plate tectonics moves the continents a few centimetres a year.';
const SUMMARY = { summary: 'Continents drift slowly on tectonic plates.', keyPoints: ['Plates move a few centimetres a year.'], actionItems: [] };

/** The environment without any provider or StudyForge variable of the developer's or the CI's. */
function cleanEnv(): NodeJS.ProcessEnv {
  return Object.fromEntries(Object.entries(process.env).filter(([name]) => !/^(OPENAI|GEMINI|OLLAMA|TRANSCRIBE|STUDYFORGE|VITE_STUDYFORGE)_/.test(name)));
}

/** Runs a command to its end in its own process group; throws with its output when it fails. */
async function runToEnd(command: string, args: string[], env: NodeJS.ProcessEnv): Promise<void> {
  const run = spawnGroup(command, args, { cwd: root, env });
  const code = await new Promise<number | null>((resolve) => run.child.once('exit', resolve));
  await run.stop();
  if (code !== 0) throw new Error(`${command} ${args.join(' ')} exited with ${code}:\n${run.output()}`);
}

let provider: FakeProviderServer;
let gateway: GroupProcess;
let staticServer: GroupProcess;
let appUrl = '';

test.beforeAll(async () => {
  test.setTimeout(300_000);
  provider = await startFakeGemini({ apiKey: 'gemini-separate-key', model: MODEL });
  const [gatewayPort, appPort] = [await freePort(), await freePort()];
  const gatewayUrl = `http://127.0.0.1:${gatewayPort}`;
  appUrl = `http://127.0.0.1:${appPort}`;
  await runToEnd('npx', ['vite', 'build', '--logLevel', 'warn', '--outDir', buildDir, '--emptyOutDir'], {
    ...cleanEnv(),
    VITE_STUDYFORGE_BACKEND_URL: gatewayUrl,
    VITE_STUDYFORGE_TRANSCRIBE_URL: gatewayUrl,
    VITE_STUDYFORGE_PUBLIC_KEY: PUBLIC_KEY,
  });
  gateway = spawnGroup('npx', ['--yes', 'deno@2.9.6', 'run', '--allow-net', '--allow-env', '--allow-read', '--unstable-sloppy-imports', '--unstable-kv', 'server/deno.ts'], {
    cwd: root,
    env: {
      ...cleanEnv(),
      PORT: String(gatewayPort),
      DENO_NO_UPDATE_CHECK: '1',
      GEMINI_API_KEY: 'gemini-separate-key',
      GEMINI_BASE_URL: provider.origin,
      GEMINI_MODEL: MODEL,
      STUDYFORGE_PUBLIC_KEY: PUBLIC_KEY,
      // The app's origin, as the operator lists it for a gateway on another origin.
      STUDYFORGE_ALLOWED_ORIGINS: appUrl,
    },
  });
  staticServer = spawnGroup('npx', ['vite', 'preview', '--outDir', buildDir, '--port', String(appPort), '--strictPort'], { cwd: root, env: cleanEnv() });
  await waitUntilUp(`${gatewayUrl}/healthz`, gateway, 120_000);
  await waitUntilUp(`${appUrl}/`, staticServer, 60_000);
});

test.afterAll(async () => {
  await gateway?.stop();
  await staticServer?.stop();
  await provider?.close();
  await rm(buildDir, { recursive: true, force: true });
});

test('a gateway on Deno with only GEMINI_API_KEY transcribes a Chrome recording sent as WAV', async ({ page }) => {
  provider.script({ kind: 'text', text: TRANSCRIPT }, { kind: 'text', text: JSON.stringify(SUMMARY) });
  await page.goto(`${appUrl}/#/${audioNotes.id}`);
  await expect(page.getByRole('heading', { level: 1, name: audioNotes.title })).toBeVisible();
  await recordForAMoment(page);

  await expect(page.getByRole('textbox', { name: 'Transcript' })).toHaveValue(TRANSCRIPT);
  await expect(resultRegion(page)).toContainText(SUMMARY.summary);

  const [transcription] = provider.exchanges;
  expect(transcription?.problems).toEqual([]);
  expect(transcription?.path).toBe(`/v1beta/models/${MODEL}:generateContent`);
  const { mimeType, bytes: wav } = inlineAudioOf(transcription);
  expect(mimeType).toBe('audio/wav');
  expect(wav.toString('latin1', 0, 4)).toBe('RIFF');
  expect(wav.toString('latin1', 8, 12)).toBe('WAVE');
  expect(wav.length).toBeGreaterThan(0.5 * 32_000);
});
