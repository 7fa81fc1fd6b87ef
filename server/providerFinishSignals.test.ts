import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cutOffMessages } from '../src/providers/cutOff';
import { providerMessages } from '../src/providers/errors';
import { providersFromEnv } from '../src/providers/fromEnvironment';
import { startFakeGemini, startFakeOllama, startFakeOpenAI, type FakeAnswer, type FakeProviderServer } from '../src/providers/testing/fakeProviders';
import type { FetchLike } from '../src/providers/transport';
import { createGateway } from './app';
import { gatewaySettingsFromEnv, type Environment } from './config';
import { call, events } from './testing/gatewayStubs';

/*
 * An answer is complete only with its provider's documented finish signal:
 * through the real gateway (its routes, budgets and metrics, the adapters
 * providersFromEnv builds from the operator's variables) against fakes that
 * speak each provider's API. A stream cut before its signal, or ended by one
 * that says it is not whole, ends with an `error` event saying it was cut off,
 * never with `done`; a whole answer likewise is a 502, never {text}.
 */

const METRICS_KEY = 'metrics-secret-0123456789';
const SCHEMA = { type: 'OBJECT', properties: { answer: { type: 'STRING' } }, required: ['answer'] };

/** The gateway as server/node.ts builds it from these variables; `fetch` reaches the fakes. */
function gatewayFor(env: Environment, fetch?: FetchLike) {
  const providers = providersFromEnv(env, fetch ? { fetch } : {});
  return createGateway({ settings: gatewaySettingsFromEnv({ STUDYFORGE_PUBLIC_KEY: 'anon-key', ...env }), text: providers.text, transcription: providers.transcription });
}

type Gateway = ReturnType<typeof gatewayFor>;

/** A streamed call: the text of its deltas and how it ended. */
async function streamed(app: Gateway, contents = 'Explain the water cycle.') {
  const response = await app.fetch(call({ contents }, { accept: 'text/event-stream' }));
  expect(response.status).toBe(200);
  const received = await events(response);
  const text = received.filter((e) => e.event === 'delta').map((e) => (e.data as { text: string }).text).join('');
  const last = received.at(-1);
  return { text, last: last?.event, error: (last?.data as { error?: string } | undefined)?.error };
}

/** A whole structured call: its status and body. */
async function whole(app: Gateway) {
  const response = await app.fetch(call({ contents: 'Answer in JSON.', config: { responseMimeType: 'application/json', responseSchema: SCHEMA } }));
  return { status: response.status, body: (await response.json()) as { text?: string; error?: string } };
}

const cut = (withDone = false): FakeAnswer => ({ kind: 'cut', chunks: ['The water cycle: ', 'evapo'], withDone });

describe('OpenAI-compatible: finished only with a finish_reason', () => {
  let fake: FakeProviderServer;
  let app: Gateway;
  beforeAll(async () => {
    fake = await startFakeOpenAI({ model: 'local-model', chunkDelayMs: 2, flavour: 'generic' });
    app = gatewayFor({ OPENAI_BASE_URL: fake.baseUrl, OPENAI_MODEL: 'local-model' });
  });
  afterAll(() => fake.close());

  it('a stream that ends with neither a finish_reason nor [DONE] says the answer was cut off, never done', async () => {
    fake.script(cut(false));
    expect(await streamed(app)).toEqual({ text: 'The water cycle: evapo', last: 'error', error: cutOffMessages.answerUnfinished });
  });

  it('a stream that sends [DONE] without any finish_reason is cut off too', async () => {
    fake.script(cut(true));
    expect(await streamed(app)).toMatchObject({ last: 'error', error: cutOffMessages.answerUnfinished });
  });

  it('a whole answer whose choice has no finish_reason is a 502 saying it was cut off, not the partial text', async () => {
    fake.script(cut());
    expect(await whole(app)).toEqual({ status: 502, body: { error: cutOffMessages.answerUnfinished } });
  });

  it('a stream whose connection breaks mid-answer says the answer was cut off, not that the provider was unreachable', async () => {
    fake.script({ kind: 'cut', chunks: ['The water cycle: ', 'evapo'], reset: true });
    expect(await streamed(app)).toEqual({ text: 'The water cycle: evapo', last: 'error', error: cutOffMessages.answerUnfinished });
  });

  it('an answer with its finish_reason still arrives whole, streamed and not', async () => {
    fake.script({ kind: 'text', text: 'Water evaporates, condenses and falls.' });
    expect(await streamed(app)).toEqual({ text: 'Water evaporates, condenses and falls.', last: 'done', error: undefined });
  });
});

describe('Ollama: finished only with its done:true line, and not when done_reason is "length"', () => {
  let fake: FakeProviderServer;
  let app: Gateway;
  beforeAll(async () => {
    fake = await startFakeOllama({ chunkDelayMs: 2 });
    app = gatewayFor({ OLLAMA_URL: fake.baseUrl, OLLAMA_MODEL: 'llama3.2' });
  });
  afterAll(() => fake.close());

  it('an NDJSON stream that ends without its done:true line says the answer was cut off', async () => {
    fake.script(cut());
    expect(await streamed(app)).toEqual({ text: 'The water cycle: evapo', last: 'error', error: cutOffMessages.answerUnfinished });
  });

  it('an NDJSON stream whose connection breaks mid-answer says the answer was cut off', async () => {
    fake.script({ kind: 'cut', chunks: ['The water cycle: ', 'evapo'], reset: true });
    expect(await streamed(app)).toEqual({ text: 'The water cycle: evapo', last: 'error', error: cutOffMessages.answerUnfinished });
  });

  it('a whole answer with done: false is a 502 saying it was cut off', async () => {
    fake.script(cut());
    expect(await whole(app)).toEqual({ status: 502, body: { error: cutOffMessages.answerUnfinished } });
  });

  it('done_reason "length" ends a stream as cut off at the limit', async () => {
    fake.script({ kind: 'ollamaDone', text: 'The water cycle: evaporation, conden', doneReason: 'length' });
    expect(await streamed(app)).toMatchObject({ last: 'error', error: cutOffMessages.answerCutOff });
  });

  it('done_reason "length" on a whole structured answer is a 502, never the cut JSON as text', async () => {
    fake.script({ kind: 'ollamaDone', text: '{"answer": "Par', doneReason: 'length' });
    expect(await whole(app)).toEqual({ status: 502, body: { error: cutOffMessages.answerCutOff } });
    fake.script({ kind: 'ollamaDone', text: '{"answer": "Paris"}', doneReason: 'stop' });
    expect(await whole(app)).toEqual({ status: 200, body: { text: '{"answer": "Paris"}' } });
  });
});

describe('Gemini agrees: a stream without a finishReason is cut off', () => {
  it('says the answer was cut off, never done', async () => {
    const fake = await startFakeGemini({ apiKey: 'gemini-key', chunkDelayMs: 2 });
    try {
      const event = (text: string) => `data: ${JSON.stringify({ candidates: [{ content: { role: 'model', parts: [{ text }] }, index: 0 }] })}\r\n\r\n`;
      fake.script({ kind: 'raw', status: 200, headers: { 'Content-Type': 'text/event-stream' }, body: event('The water cycle: ') + event('evapo') });
      const app = gatewayFor({ GEMINI_API_KEY: 'gemini-key', GEMINI_BASE_URL: fake.baseUrl });
      expect(await streamed(app)).toEqual({ text: 'The water cycle: evapo', last: 'error', error: cutOffMessages.answerUnfinished });
    } finally {
      await fake.close();
    }
  });
});

describe('Groq streams: x_groq.error and x_groq.usage', () => {
  const GROQ_BASE = 'https://api.groq.com/openai/v1';
  let fake: FakeProviderServer;
  /** The gateway configured for Groq by its real address, as an operator would; its requests reach the fake. */
  let groqGateway: (extra?: Environment) => Gateway;
  beforeAll(async () => {
    fake = await startFakeOpenAI({ apiKey: 'gsk-groq-key', chunkDelayMs: 2, flavour: 'groq' });
    const toFake: FetchLike = (input, init) => fetch(input.replace(GROQ_BASE, fake.baseUrl), init);
    groqGateway = (extra = {}) => gatewayFor({ OPENAI_BASE_URL: GROQ_BASE, OPENAI_API_KEY: 'gsk-groq-key', OPENAI_MODEL: 'llama-3.3-70b-versatile', ...extra }, toFake);
  });
  afterAll(() => fake.close());

  it('a chunk with x_groq.error (the stream stopped early) says the answer was cut off, never done', async () => {
    fake.script({ kind: 'groq', chunks: ['The water cycle: ', 'evapo'], error: 'Service Unavailable: model overloaded' });
    expect(await streamed(groqGateway())).toEqual({ text: 'The water cycle: evapo', last: 'error', error: providerMessages.answerUnfinished });
  });

  it('A 1,000-token daily budget is spent by a streamed Groq answer (its x_groq.usage is counted as reported)', async () => {
    fake.reset();
    fake.script({ kind: 'groq', chunks: ['Water ', 'evaporates.'], usage: { prompt_tokens: 700, completion_tokens: 400 } });
    const app = groqGateway({ STUDYFORGE_BUDGET_DAILY_TOKENS: '1000', STUDYFORGE_METRICS_KEY: METRICS_KEY });
    expect(await streamed(app)).toMatchObject({ text: 'Water evaporates.', last: 'done' });
    const refused = await app.fetch(call({ contents: 'And the carbon cycle?' }));
    expect(refused.status).toBe(429);
    expect(((await refused.json()) as { error: string }).error).toMatch(/^This school's daily AI allowance is used up/);
    const metrics = await (await app.fetch(new Request('http://gateway.test/metrics', { headers: { Authorization: `Bearer ${METRICS_KEY}` } }))).text();
    expect(metrics).toMatch(/studyforge_tokens_total\{[^}]*direction="in"[^}]*source="reported"[^}]*\} 700\n/);
    expect(metrics).toMatch(/studyforge_tokens_total\{[^}]*direction="out"[^}]*source="reported"[^}]*\} 400\n/);
    expect(fake.exchanges.filter((e) => e.path === '/v1/chat/completions')).toHaveLength(1);
  });
});
