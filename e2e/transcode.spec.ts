import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { messages } from '../src/kernel/messages';
import { startFakeGemini, type FakeProviderServer } from '../src/providers/testing/fakeProviders';
import { freePort, spawnGroup, waitUntilUp, type GroupProcess } from '../server/testing/processGroup';
import { resultRegion, toolById } from './support/app';
import { inlineAudioOf, recordForAMoment } from './support/geminiAudio';
import { loadRegistry } from './support/registry';

/*
 * Audio in a format the service takes (G7): Gemini's generateContent documents WAV, MP3, AIFF, AAC, OGG
 * and FLAC audio, not the webm Chrome records. The app served by a gateway
 * whose transcriber is Gemini (the strict fake, which refuses undocumented
 * audio types) converts the microphone's webm recording to WAV in the browser,
 * and the transcript arrives.
 */

test.describe.configure({ mode: 'serial' });

const tools = await loadRegistry();
const audioNotes = toolById(tools, 'audio-notes');
const root = path.resolve(import.meta.dirname, '..');
// The build the Playwright web server made for this run (playwright.config.ts).
const staticDir = path.join(root, '.e2e-build', process.env.E2E_PORT ?? '4317');
const MODEL = 'gemini-transcribe-test';
const TRANSCRIPT = 'Photosynthesis turns light, water and carbon dioxide into glucose and oxygen.';

/** The environment without any provider variable of the developer's or the CI's. */
function cleanEnv(): NodeJS.ProcessEnv {
  return Object.fromEntries(Object.entries(process.env).filter(([name]) => !/^(OPENAI|GEMINI|OLLAMA|TRANSCRIBE)_/.test(name)));
}

let provider: FakeProviderServer;
let gateway: GroupProcess;
let gatewayUrl: string;

test.beforeAll(async () => {
  provider = await startFakeGemini({ apiKey: 'gemini-transcribe-key', model: MODEL, script: [{ kind: 'text', text: TRANSCRIPT }] });
  const port = await freePort();
  gateway = spawnGroup('npx', ['tsx', 'server/node.ts'], {
    cwd: root,
    env: {
      ...cleanEnv(),
      PORT: String(port),
      STUDYFORGE_STATIC_DIR: staticDir,
      // With a public key, as a school runs it: the app sends it to its own gateway's transcription route too.
      STUDYFORGE_PUBLIC_KEY: 'anon-transcode-key',
      TRANSCRIBE_PROVIDER: 'gemini',
      TRANSCRIBE_BASE_URL: provider.origin,
      TRANSCRIBE_API_KEY: 'gemini-transcribe-key',
      GEMINI_MODEL: MODEL,
    },
  });
  gatewayUrl = `http://127.0.0.1:${port}`;
  await waitUntilUp(`${gatewayUrl}/healthz`, gateway, 60_000);
});

test.beforeEach(() => {
  provider.reset();
});

test.afterAll(async () => {
  await gateway?.stop();
  await provider?.close();
});

async function openAudioNotes(page: Page) {
  await page.goto(`${gatewayUrl}/#/${audioNotes.id}`);
  await expect(page.getByRole('heading', { level: 1, name: audioNotes.title })).toBeVisible();
}

test('a webm recording reaches a Gemini transcriber as WAV, and its transcript fills the field', async ({ page }) => {
  await openAudioNotes(page);
  await recordForAMoment(page);

  await expect(page.getByRole('textbox', { name: 'Transcript' })).toHaveValue(TRANSCRIPT);
  await expect(resultRegion(page)).toBeVisible();

  expect(provider.exchanges).toHaveLength(1);
  const [exchange] = provider.exchanges;
  expect(exchange?.problems).toEqual([]);
  expect(exchange?.path).toBe(`/v1beta/models/${MODEL}:generateContent`);
  const { mimeType, bytes: wav } = inlineAudioOf(exchange);
  expect(mimeType).toBe('audio/wav');
  // A real WAV: RIFF/WAVE, PCM, one channel at 16 kHz, 16-bit, and about the recording's length (1.2 s at 32,000 bytes a second).
  expect(wav.toString('latin1', 0, 4)).toBe('RIFF');
  expect(wav.readUInt32LE(4)).toBe(wav.length - 8);
  expect(wav.toString('latin1', 8, 16)).toBe('WAVEfmt ');
  expect([wav.readUInt16LE(20), wav.readUInt16LE(22), wav.readUInt32LE(24), wav.readUInt16LE(34)]).toEqual([1, 1, 16_000, 16]);
  expect(wav.readUInt32LE(40)).toBe(wav.length - 44);
  expect(wav.length).toBeGreaterThan(0.5 * 32_000);
  expect(wav.length).toBeLessThan(10 * 32_000);
  // Not silence: the fake microphone's tone survived decoding and resampling.
  let peak = 0;
  for (let offset = 44; offset + 1 < wav.length; offset += 2) peak = Math.max(peak, Math.abs(wav.readInt16LE(offset)));
  expect(peak).toBeGreaterThan(1000);
});

test('audio the browser cannot convert is not sent, says which formats to use, and keeps the notes', async ({ page }) => {
  await openAudioNotes(page);
  const transcript = page.getByRole('textbox', { name: 'Transcript' });
  await transcript.fill('Notes typed before the upload.');
  await page.getByLabel('Upload audio or video').setInputFiles({ name: 'lecture.webm', mimeType: 'audio/webm', buffer: Buffer.from('not really webm') });
  await expect(page.getByRole('alert')).toContainText(messages.audioNotConverted('unreadable', 13, 'WAV, MP3, AIFF, AAC, OGG or FLAC'));
  await expect(transcript).toHaveValue('Notes typed before the upload.');
  await expect(page.getByRole('button', { name: 'Start recording' })).toBeEnabled();
  expect(provider.exchanges).toHaveLength(0);
});
