import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { providersFromEnv } from '../src/providers/fromEnvironment';
import { GEMINI_DEFAULT_MODEL } from '../src/providers/gemini';
import { startFakeGemini, startFakeOpenAI, type FakeProviderServer } from '../src/providers/testing/fakeProviders';
import { FRENCH_TRANSCRIPT, startFakeWhisperCpp, type FakeWhisperCpp } from '../src/providers/testing/fakes/whisperCpp';
import { FAKE_AUDIO_TOKENS_PER_SECOND } from '../src/providers/testing/fakes/openaiTranscription';
import { wavRecording as wav } from '../src/providers/testing/wavFile';
import { createGateway } from './app';
import { gatewaySettingsFromEnv, type Environment } from './config';

/*
 * Transcription spends the budgets as a text answer does, through the real
 * gateway, its providers built from the environment as at start, against the
 * fakes of the services (which bill audio as the services document it): what
 * the service reports is charged and shown as "reported"; where it reports
 * only seconds (whisper-1) or nothing (Groq, faster-whisper, whisper.cpp), the
 * audio is estimated at 32 tokens a second and shown as "estimated".
 */

const METRICS_KEY = 'metrics-secret-0123456789';
const TRANSCRIPT = 'Today we look at the causes of the French Revolution.';

function upload(audio: Blob): Request {
  const form = new FormData();
  form.append('file', audio, 'lecture.wav');
  return new Request('http://gateway.test/speechtotext/speechtotext/transcribe-audio/', { method: 'POST', headers: { Authorization: 'Bearer anon-key' }, body: form });
}

function gatewayFor(env: Environment) {
  const all = { STUDYFORGE_PUBLIC_KEY: 'anon-key', STUDYFORGE_METRICS_KEY: METRICS_KEY, ...env };
  const { text, transcription } = providersFromEnv(all);
  return createGateway({ settings: gatewaySettingsFromEnv(all), text, transcription });
}

/** studyforge_tokens_total for the transcription route, by direction and source. */
async function transcriptionTokens(app: ReturnType<typeof gatewayFor>, direction: 'in' | 'out', source: 'reported' | 'estimated'): Promise<number | undefined> {
  const text = await (await app.fetch(new Request('http://gateway.test/metrics', { headers: { Authorization: `Bearer ${METRICS_KEY}` } }))).text();
  const line = text.split('\n').find((l) => l.startsWith('studyforge_tokens_total{') && l.includes('route="transcription"') && l.includes(`direction="${direction}"`) && l.includes(`source="${source}"`));
  return line === undefined ? undefined : Number(line.slice(line.lastIndexOf(' ') + 1));
}

describe('Gemini transcription: usageMetadata spends the budgets', () => {
  const KEY = 'gemini-transcription-key';
  let gemini: FakeProviderServer;
  beforeAll(async () => {
    gemini = await startFakeGemini({ apiKey: KEY, model: GEMINI_DEFAULT_MODEL });
    gemini.script({ kind: 'text', text: TRANSCRIPT });
  });
  afterAll(() => gemini.close());
  const env = (budget: string) => ({ GEMINI_API_KEY: KEY, GEMINI_BASE_URL: gemini.baseUrl, STUDYFORGE_BUDGET_DAILY_TOKENS: budget });

  it('A 1,000-token daily budget is spent by a counted Gemini transcription', async () => {
    const app = gatewayFor(env('1000'));
    const first = await app.fetch(upload(wav(60)));
    expect(first.status).toBe(200);
    expect(await first.json()).toEqual({ text: TRANSCRIPT });
    // Gemini's own count: 60 s at 32 tokens a second, plus the instruction; the transcript out.
    const reportedIn = await transcriptionTokens(app, 'in', 'reported');
    expect(reportedIn).toBeGreaterThanOrEqual(60 * 32);
    expect(reportedIn).toBeLessThan(60 * 32 + 100);
    expect(await transcriptionTokens(app, 'out', 'reported')).toBe(Math.ceil(TRANSCRIPT.length / 4));
    expect(await transcriptionTokens(app, 'in', 'estimated')).toBeUndefined();

    const second = await app.fetch(upload(wav(5)));
    expect(second.status).toBe(429);
    expect(((await second.json()) as { error: string }).error).toMatch(/daily AI allowance is used up/);
    expect(gemini.exchanges.at(-1)?.problems).toEqual([]);
  });

  it('a short recording is charged what Gemini reported, leaving the rest of the budget', async () => {
    const app = gatewayFor(env('1000'));
    expect((await app.fetch(upload(wav(10)))).status).toBe(200);
    const spent = ((await transcriptionTokens(app, 'in', 'reported')) ?? 0) + ((await transcriptionTokens(app, 'out', 'reported')) ?? 0);
    expect(spent).toBeGreaterThanOrEqual(10 * 32);
    expect(spent).toBeLessThan(1000);
    expect((await app.fetch(upload(wav(10)))).status).toBe(200);
  });
});

describe('OpenAI-style transcription: `usage` spends the budgets', () => {
  const KEY = 'openai-transcription-key';
  let openai: FakeProviderServer;
  let groq: FakeProviderServer;
  beforeAll(async () => {
    openai = await startFakeOpenAI({ apiKey: KEY, flavour: 'openai' });
    groq = await startFakeOpenAI({ apiKey: KEY, flavour: 'groq' });
    openai.script({ kind: 'text', text: TRANSCRIPT });
    groq.script({ kind: 'text', text: TRANSCRIPT });
  });
  afterAll(async () => {
    await openai.close();
    await groq.close();
  });
  const env = (server: FakeProviderServer, model: string) => ({
    TRANSCRIBE_BASE_URL: server.baseUrl,
    TRANSCRIBE_API_KEY: KEY,
    TRANSCRIBE_MODEL: model,
    STUDYFORGE_BUDGET_DAILY_TOKENS: '1000',
  });

  it('a token-billed model (gpt-4o-transcribe) is charged its reported usage, and spends a 1,000-token budget', async () => {
    const app = gatewayFor(env(openai, 'gpt-4o-transcribe'));
    expect((await app.fetch(upload(wav(120)))).status).toBe(200);
    expect(await transcriptionTokens(app, 'in', 'reported')).toBe(120 * FAKE_AUDIO_TOKENS_PER_SECOND);
    expect(await transcriptionTokens(app, 'out', 'reported')).toBe(Math.ceil(TRANSCRIPT.length / 4));
    expect(await transcriptionTokens(app, 'in', 'estimated')).toBeUndefined();
    const next = await app.fetch(upload(wav(5)));
    expect(next.status).toBe(429);
    expect(openai.exchanges.every((exchange) => exchange.problems.length === 0)).toBe(true);
  });

  it('whisper-1 reports only seconds: estimated at 32 tokens a second, and said to be estimated', async () => {
    const app = gatewayFor(env(openai, 'whisper-1'));
    expect((await app.fetch(upload(wav(40)))).status).toBe(200);
    expect(await transcriptionTokens(app, 'in', 'estimated')).toBe(40 * 32);
    expect(await transcriptionTokens(app, 'out', 'estimated')).toBe(Math.ceil(TRANSCRIPT.length / 4));
    expect(await transcriptionTokens(app, 'in', 'reported')).toBeUndefined();
    expect((await app.fetch(upload(wav(5)))).status).toBe(429);
  });

  it('a service reporting nothing (Groq) is estimated from the recording’s length, and said to be estimated', async () => {
    const app = gatewayFor(env(groq, 'whisper-large-v3-turbo'));
    expect((await app.fetch(upload(wav(25)))).status).toBe(200);
    expect(await transcriptionTokens(app, 'in', 'estimated')).toBe(25 * 32);
    expect(await transcriptionTokens(app, 'in', 'reported')).toBeUndefined();
    expect((await app.fetch(upload(wav(25)))).status).toBe(200);
    expect((await app.fetch(upload(wav(5)))).status).toBe(429);
  });

  it('a caller who leaves before the service answers keeps the whole reservation: the audio and 1,000 tokens', async () => {
    openai.script({ kind: 'hang' });
    try {
      const app = gatewayFor(env(openai, 'gpt-4o-transcribe'));
      const controller = new AbortController();
      const request = upload(wav(20));
      const pending = Promise.resolve(app.fetch(new Request(request, { signal: controller.signal })));
      await vi.waitFor(() => expect(openai.exchanges.some((exchange) => !exchange.responseEnded && !exchange.closedByClient)).toBe(true));
      controller.abort();
      await pending.catch(() => undefined);
      await vi.waitFor(async () => expect(await transcriptionTokens(app, 'in', 'estimated')).toBe(20 * 32));
      expect(await transcriptionTokens(app, 'out', 'estimated')).toBe(1000);
    } finally {
      openai.script({ kind: 'text', text: TRANSCRIPT });
    }
  });

  it('a service that refuses the audio with an error of its own charges nothing', async () => {
    openai.script({ kind: 'error', status: 500, message: 'The server had an error while processing your request.' });
    try {
      const app = gatewayFor(env(openai, 'gpt-4o-transcribe'));
      expect((await app.fetch(upload(wav(120)))).status).toBe(502);
      expect(await transcriptionTokens(app, 'in', 'estimated')).toBeUndefined();
      expect(await transcriptionTokens(app, 'in', 'reported')).toBeUndefined();
    } finally {
      openai.script({ kind: 'text', text: TRANSCRIPT });
    }
  });
});

describe('whisper.cpp: reports nothing, counted from the recording', () => {
  let whisper: FakeWhisperCpp;
  beforeAll(async () => {
    whisper = await startFakeWhisperCpp();
  });
  afterAll(() => whisper.close());

  it('a school’s own whisper.cpp spends the budget at 32 tokens a second of WAV, said to be estimated', async () => {
    const app = gatewayFor({ TRANSCRIBE_PROVIDER: 'whispercpp', TRANSCRIBE_BASE_URL: whisper.baseUrl, STUDYFORGE_BUDGET_DAILY_TOKENS: '1000' });
    const first = await app.fetch(upload(wav(45)));
    expect(await first.json()).toEqual({ text: FRENCH_TRANSCRIPT });
    expect(await transcriptionTokens(app, 'in', 'estimated')).toBe(45 * 32);
    expect(await transcriptionTokens(app, 'out', 'estimated')).toBe(Math.ceil(FRENCH_TRANSCRIPT.length / 4));
    expect(await transcriptionTokens(app, 'in', 'reported')).toBeUndefined();
    expect((await app.fetch(upload(wav(5)))).status).toBe(429);
  });
});
