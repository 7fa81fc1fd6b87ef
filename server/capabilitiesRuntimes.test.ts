import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GEMINI_AUDIO_MIME_TYPES, startFakeGemini, type FakeProviderServer } from '../src/providers/testing/fakeProviders';
import { createGateway } from './app';
import { gatewaySettingsFromEnv } from './config';
import { startGateway, writeTinyBuild, type GatewayProcess } from './testing/gateway';
import { freePort, spawnGroup, waitUntilUp, type GroupProcess } from './testing/processGroup';
import { createWhisperCppTranscriber } from '../src/providers/whisperCpp';

/*
 * Every runtime the README deploys the gateway on tells an app which audio
 * types its transcriber takes (GET /capabilities), not only the Node gateway
 * that serves the app's page: an app built for a Supabase or Deno Deploy
 * gateway converts recordings to WAV only if it can learn that Gemini wants it.
 * Each gateway is set up as the README's Supabase recipe is: GEMINI_API_KEY
 * only (here with GEMINI_BASE_URL at a strict Gemini fake). The Supabase
 * function itself: tooling/supabaseFunction.test.ts.
 */

const root = path.resolve(import.meta.dirname, '..');
const APP_ORIGIN = 'https://school.example';
const documentedGeminiTypes = [...GEMINI_AUDIO_MIME_TYPES].sort();

let gemini: FakeProviderServer;
let staticDir = '';
const geminiEnv = () => ({ GEMINI_API_KEY: 'gemini-key', GEMINI_BASE_URL: gemini.origin, GEMINI_MODEL: 'gemini-caps-test', STUDYFORGE_ALLOWED_ORIGINS: APP_ORIGIN });

beforeAll(async () => {
  gemini = await startFakeGemini({ apiKey: 'gemini-key', model: 'gemini-caps-test', });
  staticDir = await mkdtemp(path.join(tmpdir(), 'studyforge-caps-'));
  await writeTinyBuild(staticDir);
});
afterAll(async () => {
  await gemini.close();
  await rm(staticDir, { recursive: true, force: true });
});

async function capabilitiesAt(url: string): Promise<{ status: number; allowOrigin: string | null; accepts: string[] | null }> {
  const response = await fetch(url, { headers: { Origin: APP_ORIGIN } });
  const body = (await response.json()) as { transcription: { accepts: string[] | null } };
  return { status: response.status, allowOrigin: response.headers.get('access-control-allow-origin'), accepts: body.transcription.accepts?.sort() ?? null };
}

describe('a gateway answers which audio types its transcriber takes', () => {
  it('names none for a transcriber taking what browsers record, or for none at all, and only WAV for whisper.cpp', async () => {
    const settings = gatewaySettingsFromEnv({});
    const sample = createGateway({ settings, text: null, transcription: null });
    expect(await (await sample.request('/capabilities')).json()).toEqual({ transcription: { accepts: null } });
    const whisper = createGateway({ settings, text: null, transcription: createWhisperCppTranscriber({ baseUrl: 'http://127.0.0.1:9' }) });
    expect(await (await whisper.request('/capabilities')).json()).toEqual({ transcription: { accepts: ['audio/wav'] } });
  });

  describe.each([
    { runtime: 'Node (npm start)', deno: false },
    { runtime: 'Deno (npm run gateway:deno, as on Deno Deploy)', deno: true },
  ])('on $runtime', ({ deno }) => {
    let nodeGateway: GatewayProcess | undefined;
    let denoGateway: GroupProcess | undefined;
    let base = '';

    beforeAll(async () => {
      if (!deno) {
        nodeGateway = await startGateway({ staticDir, env: geminiEnv() });
        base = nodeGateway.base;
        return;
      }
      const port = await freePort();
      base = `http://127.0.0.1:${port}`;
      const inherited = Object.fromEntries(Object.entries(process.env).filter(([name]) => !/^(GEMINI_|OPENAI_|OLLAMA_|TRANSCRIBE_|STUDYFORGE_)/.test(name)));
      denoGateway = spawnGroup('npx', ['--yes', 'deno@2.9.6', 'run', '--allow-net', '--allow-env', '--allow-read', '--unstable-sloppy-imports', '--unstable-kv', 'server/deno.ts'], {
        cwd: root,
        env: { ...inherited, ...geminiEnv(), PORT: String(port), DENO_NO_UPDATE_CHECK: '1' },
      });
      await waitUntilUp(`${base}/healthz`, denoGateway, 120_000);
    }, 150_000);
    afterAll(async () => {
      await nodeGateway?.proc.stop();
      await denoGateway?.stop();
    });

    it("Gemini's documented audio types, readable by the app's origin", async () => {
      expect(await capabilitiesAt(`${base}/capabilities`)).toEqual({ status: 200, allowOrigin: APP_ORIGIN, accepts: documentedGeminiTypes });
    });
  });
});
