import { afterEach, describe, expect, it } from 'vitest';
import { providersFromEnv, type Environment } from '../src/providers/fromEnvironment';
import { startFakeOpenAI, type FakeOpenAIOptions, type FakeProviderServer } from '../src/providers/testing/fakeProviders';
import { call, events, gateway, schema } from './testing/gatewayStubs';

/*
 * What stands behind an OpenAI-compatible URL, and the current defaults, from
 * the operator's side: the environment read as at start-up (providersFromEnv),
 * the gateway's own fetch handler, and fakes that hold each host to its
 * documented rules (src/providers/testing/fakes: OpenAI's strict schemas and
 * its list of models with shutdown dates; stream_options only where a server
 * documents it).
 */

const KEY = 'sk-setup-test-0123456789abcdefghij';
const METRICS_KEY = 'metrics-secret-0123456789';
const ANSWER = '{"thesis":"Plants make sugar","points":["light","water"]}';

const servers: FakeProviderServer[] = [];
async function fake(options: FakeOpenAIOptions): Promise<FakeProviderServer> {
  const server = await startFakeOpenAI({ chunkDelayMs: 1, ...options });
  servers.push(server);
  return server;
}
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => s.close()));
});

/** The gateway as `npm start` builds it from these variables, with /metrics on. */
function gatewayFor(env: Environment) {
  const providers = providersFromEnv(env);
  return { providers, app: gateway(providers.text, { STUDYFORGE_METRICS_KEY: METRICS_KEY }, providers.transcription) };
}

async function tokens(app: ReturnType<typeof gateway>, tool: string, source: 'reported' | 'estimated'): Promise<{ in?: number; out?: number }> {
  const text = await (await app.fetch(new Request('http://gateway.test/metrics', { headers: { Authorization: `Bearer ${METRICS_KEY}` } }))).text();
  const value = (direction: string) => {
    const line = text.split('\n').find((l) => l.startsWith('studyforge_tokens_total{') && l.includes(`tool="${tool}"`) && l.includes(`direction="${direction}"`) && l.includes(`source="${source}"`));
    return line === undefined ? undefined : Number(line.slice(line.lastIndexOf(' ') + 1));
  };
  return { in: value('in'), out: value('out') };
}

async function streamThrough(app: ReturnType<typeof gateway>, tool: string): Promise<string | undefined> {
  const response = await app.fetch(call({ contents: 'Explain photosynthesis', tool }, { accept: 'text/event-stream' }));
  return (await events(response)).at(-1)?.event;
}

describe('OPENAI_SETUP: what stands behind an OpenAI-compatible URL', () => {
  it('a proxy in front of OpenAI, set as OPENAI_SETUP=openai, gets strict schemas and streamed usage counted as reported', async () => {
    // The fake holds requests to OpenAI's rules; its address is a proxy's, not api.openai.com.
    const proxy = await fake({ apiKey: KEY, flavour: 'openai', model: 'gpt-6-luna', script: [{ kind: 'text', text: ANSWER }] });
    const { providers, app } = gatewayFor({ OPENAI_BASE_URL: proxy.baseUrl, OPENAI_API_KEY: KEY, OPENAI_MODEL: 'gpt-6-luna', OPENAI_SETUP: 'openai' });
    expect(providers.description).toContain('setup openai, set by OPENAI_SETUP');

    const whole = await app.fetch(call({ contents: 'Photosynthesis', config: { responseMimeType: 'application/json', responseSchema: schema }, tool: 'essay-buddy' }));
    expect(whole.status).toBe(200);
    expect(proxy.exchanges[0]?.json).toMatchObject({ response_format: { type: 'json_schema', json_schema: { strict: true } } });

    expect(await streamThrough(app, 'smart-notes')).toBe('done');
    expect(proxy.exchanges[1]?.json).toMatchObject({ stream: true, stream_options: { include_usage: true } });
    expect(proxy.exchanges.map((e) => e.problems)).toEqual([[], []]);
    expect(await tokens(app, 'smart-notes', 'reported')).toEqual({ in: 8, out: 12 });
    expect(await tokens(app, 'smart-notes', 'estimated')).toEqual({});
  });

  it('without OPENAI_SETUP the setup is detected from the address, and the start-up line says so', async () => {
    const proxy = await fake({ apiKey: KEY, flavour: 'generic', model: 'm' });
    const { providers, app } = gatewayFor({ OPENAI_BASE_URL: proxy.baseUrl, OPENAI_API_KEY: KEY, OPENAI_MODEL: 'm' });
    expect(providers.description).toContain('setup openai-compatible, detected from the address');
    // The generic fake refuses stream_options, as a server that does not document it may: none is sent.
    expect(await streamThrough(app, 'smart-notes')).toBe('done');
    expect(proxy.exchanges[0]?.problems).toEqual([]);
    const asked = await fetch(`${proxy.baseUrl}/chat/completions`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${KEY}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ model: 'm', messages: [{ role: 'user', content: 'x' }], stream: true, stream_options: { include_usage: true } }),
    });
    expect(asked.status).toBe(400);
  });

  it('an unknown OPENAI_SETUP stops the start with a message naming the allowed values', () => {
    expect(() => providersFromEnv({ OPENAI_BASE_URL: 'https://llm.school.example/v1', OPENAI_MODEL: 'm', OPENAI_SETUP: 'litellm' })).toThrow(
      "OPENAI_SETUP must be one of: openai, openrouter, groq, vllm, lmstudio, llamacpp, ollama-openai, openai-compatible (it is 'litellm')",
    );
  });

  for (const server of ['vllm', 'lmstudio', 'llamacpp'] as const) {
    it(`${server} is asked for streamed usage (stream_options.include_usage), and its count is used, not an estimate`, async () => {
      const local = await fake({ flavour: server, model: 'local-model' });
      const { app } = gatewayFor({ OPENAI_BASE_URL: local.baseUrl, OPENAI_MODEL: 'local-model', OPENAI_SETUP: server });
      expect(await streamThrough(app, 'smart-notes')).toBe('done');
      expect(local.exchanges[0]?.json).toMatchObject({ stream: true, stream_options: { include_usage: true } });
      expect(local.exchanges[0]?.problems).toEqual([]);
      expect(await tokens(app, 'smart-notes', 'reported')).toEqual({ in: 8, out: 12 });
      expect(await tokens(app, 'smart-notes', 'estimated')).toEqual({});
    });
  }
});

describe('the start-up check reads shutdown dates from GET /v1/models', () => {
  const env = (base: string, model: string): Environment => ({ OPENAI_BASE_URL: base, OPENAI_API_KEY: KEY, OPENAI_MODEL: model, OPENAI_SETUP: 'openai' });
  const on = (day: string) => ({ now: () => new Date(`${day}T12:00:00Z`) });

  it('warns that a configured model is being retired, naming the date OpenAI lists', async () => {
    const openai = await fake({ apiKey: KEY, flavour: 'openai' });
    const check = providersFromEnv(env(openai.baseUrl, 'gpt-4o-mini'), on('2026-11-27')).checkModel;
    await expect(check?.()).resolves.toBe(
      '[studyforge] the model "gpt-4o-mini" is being retired: the provider shuts it down on 14 Jan 2027; set OPENAI_MODEL to a current model before then',
    );
    expect(openai.exchanges.map((e) => [e.method, e.path, e.headers.authorization, e.problems])).toEqual([['GET', '/v1/models', `Bearer ${KEY}`, []]]);
  });

  it('says a model past its shutdown date no longer answers', async () => {
    const openai = await fake({ apiKey: KEY, flavour: 'openai' });
    const check = providersFromEnv(env(openai.baseUrl, 'whisper-1'), on('2027-03-01')).checkModel;
    await expect(check?.()).resolves.toBe(
      '[studyforge] the model "whisper-1" was shut down on 26 Feb 2027 (the provider\'s shutdown date) and no longer answers: set OPENAI_MODEL to a current model',
    );
  });

  it('names a model missing from the list; an unreadable date is no date; the names it lists are made fit for a log line', async () => {
    const listedModels = [
      { id: 'gpt-6-luna', shutdown_date: 'soon' },
      { id: 'evil\u001b[2J\nmodel', shutdown_date: null },
    ];
    const openai = await fake({ apiKey: KEY, flavour: 'openai', listedModels });
    const missing = await providersFromEnv(env(openai.baseUrl, 'gpt-4o-mini')).checkModel?.();
    expect(missing).toBe('[studyforge] the provider has no model "gpt-4o-mini": set OPENAI_MODEL to one of: gpt-6-luna, evil[2Jmodel');
    await expect(providersFromEnv(env(openai.baseUrl, 'gpt-6-luna')).checkModel?.()).resolves.toBe('[studyforge] model check: the provider serves "gpt-6-luna"');
  });
});

describe('the defaults are current models', () => {
  it('OpenAI without OPENAI_MODEL or TRANSCRIBE_MODEL: gpt-6-luna and gpt-transcribe, neither with a shutdown date', async () => {
    const openai = await fake({ apiKey: KEY, flavour: 'openai', script: [{ kind: 'text', text: 'Sugar from light.' }] });
    const { providers, app } = gatewayFor({ OPENAI_BASE_URL: openai.baseUrl, OPENAI_API_KEY: KEY, OPENAI_SETUP: 'openai' });
    expect((await app.fetch(call({ contents: 'Photosynthesis', tool: 'smart-notes' }))).status).toBe(200);
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(64)], { type: 'audio/wav' }), 'lecture.wav');
    const upload = new Request('http://gateway.test/speechtotext/speechtotext/transcribe-audio/', { method: 'POST', headers: { Authorization: 'Bearer anon-key' }, body: form });
    expect((await app.fetch(upload)).status).toBe(200);
    expect(openai.exchanges.map((e) => (e.path.endsWith('/transcriptions') ? e.form?.fields.model : (e.json as { model?: string }).model))).toEqual(['gpt-6-luna', 'gpt-transcribe']);
    // OpenAI's own list (the fake serves the documented dates) gives neither a shutdown date.
    await expect(providersFromEnv({ OPENAI_BASE_URL: openai.baseUrl, OPENAI_API_KEY: KEY, OPENAI_SETUP: 'openai' }, { now: () => new Date('2026-11-27') }).checkModel?.()).resolves.toBe(
      '[studyforge] model check: the provider serves "gpt-6-luna"',
    );
    expect(providers.description).toContain('gpt-6-luna');
  });
});
