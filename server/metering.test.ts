import { describe, expect, it } from 'vitest';
import type { TranscriptionProvider } from '../src/providers/types';
import { MAX_TOOLS } from './metrics';
import { call, events, gateway, schema, stubProvider } from './testing/gatewayStubs';

/*
 * Metering and budgets through the gateway's fetch handler: what
 * /metrics shows after calls, who may read it, that no prompt or answer text
 * and no client appears in it, the budgets' 429 as the app receives it, and
 * that headers a caller forges change neither.
 */

const METRICS_KEY = 'metrics-secret-0123456789';
const PROMPT = 'Photosynthesis notes for Amira Haddad, marker-7f3c';
const ANSWER = '{"thesis":"Plants make sugar, marker-answer-91","points":["a","b"]}';

function metricsRequest(key: string | null = METRICS_KEY): Request {
  return new Request('http://gateway.test/metrics', { headers: key === null ? {} : { Authorization: `Bearer ${key}` } });
}

async function metricsText(app: ReturnType<typeof gateway>): Promise<string> {
  const response = await app.fetch(metricsRequest());
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toContain('text/plain');
  return response.text();
}

function withHeaders(request: Request, extra: Record<string, string>): Request {
  const headers = new Headers(request.headers);
  for (const [name, value] of Object.entries(extra)) headers.set(name, value);
  return new Request(request, { headers });
}

/** The value of one sample line, e.g. studyforge_requests_total{route="text",...}. */
function sample(text: string, name: string, labels: Record<string, string>): number | undefined {
  const line = text.split('\n').find((l) => l.startsWith(`${name}{`) && Object.entries(labels).every(([k, v]) => l.includes(`${k}="${v}"`)));
  return line === undefined ? undefined : Number(line.slice(line.lastIndexOf(' ') + 1));
}

describe('/metrics', () => {
  it('is off (404) without STUDYFORGE_METRICS_KEY, and asks for its own key when on', async () => {
    expect((await gateway(null).fetch(metricsRequest())).status).toBe(404);
    const app = gateway(null, { STUDYFORGE_METRICS_KEY: METRICS_KEY });
    expect((await app.fetch(metricsRequest(null))).status).toBe(401);
    // The public client key ships in the app: it opens nothing here.
    expect((await app.fetch(metricsRequest('anon-key'))).status).toBe(401);
    expect((await app.fetch(metricsRequest(`${METRICS_KEY}x`))).status).toBe(401);
    expect((await app.fetch(metricsRequest())).status).toBe(200);
  });

  it('refuses to start with a metrics key equal to the public key, or too short to be a secret', () => {
    expect(() => gateway(null, { STUDYFORGE_PUBLIC_KEY: 'anon-key-0123456789', STUDYFORGE_METRICS_KEY: 'anon-key-0123456789' })).toThrow(/must differ from STUDYFORGE_PUBLIC_KEY/);
    expect(() => gateway(null, { STUDYFORGE_METRICS_KEY: 'short' })).toThrow(/at least 16 characters/);
  });

  it('counts requests, tokens (the provider’s own count) and time per tool and provider, for whole and streamed answers', async () => {
    const provider = stubProvider({ answer: ANSWER, deltas: [ANSWER.slice(0, 20), ANSWER.slice(20)], usage: { inputTokens: 11, outputTokens: 29 } });
    const app = gateway(provider, { STUDYFORGE_METRICS_KEY: METRICS_KEY });
    expect((await app.fetch(call({ contents: PROMPT, config: { responseMimeType: 'application/json', responseSchema: schema }, tool: 'essay-buddy' }))).status).toBe(200);
    const streamed = await app.fetch(call({ contents: PROMPT, tool: 'essay-buddy' }, { accept: 'text/event-stream' }));
    expect((await events(streamed)).at(-1)?.event).toBe('done');
    const text = await metricsText(app);
    const labels = { route: 'text', tool: 'essay-buddy', provider: 'gemini' };
    expect(sample(text, 'studyforge_requests_total', { ...labels, outcome: 'ok' })).toBe(2);
    expect(sample(text, 'studyforge_tokens_total', { tool: 'essay-buddy', direction: 'in', source: 'reported' })).toBe(22);
    expect(sample(text, 'studyforge_tokens_total', { tool: 'essay-buddy', direction: 'out', source: 'reported' })).toBe(58);
    expect(sample(text, 'studyforge_request_duration_seconds_count', labels)).toBe(2);
  });

  it('estimates tokens at 4 characters each where the provider reports none, and says so', async () => {
    const app = gateway(stubProvider({ answer: 'x'.repeat(40) }), { STUDYFORGE_METRICS_KEY: METRICS_KEY });
    await app.fetch(call({ contents: 'y'.repeat(80), tool: 'smart-notes' }));
    const text = await metricsText(app);
    expect(sample(text, 'studyforge_tokens_total', { tool: 'smart-notes', direction: 'in', source: 'estimated' })).toBe(20);
    expect(sample(text, 'studyforge_tokens_total', { tool: 'smart-notes', direction: 'out', source: 'estimated' })).toBe(10);
  });

  it('counts failures by kind: the key check, the rate limit, the provider', async () => {
    const { ProviderError } = await import('../src/providers/types');
    const app = gateway(stubProvider({ fail: new ProviderError('The AI provider is busy.', 429) }), { STUDYFORGE_METRICS_KEY: METRICS_KEY, STUDYFORGE_RATE_LIMIT: '2' });
    await app.fetch(call({ contents: 'x', tool: 'quiz-whiz' }, { key: 'wrong' }));
    await app.fetch(call({ contents: 'x', tool: 'quiz-whiz' }));
    await app.fetch(call({ contents: 'x', tool: 'quiz-whiz' }));
    await app.fetch(call({ contents: 'x', tool: 'quiz-whiz' }));
    const text = await metricsText(app);
    expect(sample(text, 'studyforge_requests_total', { route: 'text', tool: 'quiz-whiz', outcome: 'provider_rate_limited' })).toBe(2);
    // The wrong key is refused before the limit counts it; the third good call is over the limit of 2. Both are
    // refused before the body (and its tool) is read.
    expect(sample(text, 'studyforge_requests_total', { route: 'text', tool: 'unknown', outcome: 'unauthorised' })).toBe(1);
    expect(sample(text, 'studyforge_requests_total', { route: 'text', tool: 'unknown', outcome: 'rate_limited' })).toBe(1);
  });

  it('holds no prompt or answer text and no client address; a forged tool label cannot grow it without bound', async () => {
    const app = gateway(stubProvider({ answer: ANSWER, deltas: [ANSWER], usage: { inputTokens: 1, outputTokens: 1 } }), { STUDYFORGE_METRICS_KEY: METRICS_KEY, STUDYFORGE_TRUSTED_HOPS: '1', STUDYFORGE_RATE_LIMIT: '100000' });
    await app.fetch(withHeaders(call({ contents: PROMPT, tool: 'essay-buddy' }), { 'X-Forwarded-For': '203.0.113.77' }));
    await app.fetch(withHeaders(call({ contents: PROMPT, tool: 'essay-buddy' }, { accept: 'text/event-stream' }), { 'X-Forwarded-For': '203.0.113.77' }));
    await app.fetch(call({ contents: PROMPT, tool: PROMPT }));
    for (let i = 0; i < MAX_TOOLS + 50; i += 1) await app.fetch(call({ contents: 'x', tool: `made-up-${i}` }));
    const text = await metricsText(app);
    for (const secret of ['marker-7f3c', 'Amira', 'marker-answer-91', '203.0.113']) expect(text).not.toContain(secret);
    const tools = new Set([...text.matchAll(/tool="([^"]*)"/g)].map((m) => m[1]));
    expect(tools.size).toBeLessThanOrEqual(MAX_TOOLS + 2);
    expect(tools.has('other')).toBe(true);
  });
});

describe('budgets through the gateway', () => {
  it('answers 429 with the allowance message and Retry-After once the day’s tokens are spent, and keeps the form’s next call refused', async () => {
    const app = gateway(stubProvider({ answer: 'Notes.', usage: { inputTokens: 30, outputTokens: 30 } }), { STUDYFORGE_BUDGET_DAILY_TOKENS: '100', STUDYFORGE_METRICS_KEY: METRICS_KEY });
    expect((await app.fetch(call({ contents: 'x' }))).status).toBe(200);
    expect((await app.fetch(call({ contents: 'x' }))).status).toBe(200);
    const refused = await app.fetch(call({ contents: 'x', tool: 'smart-notes' }));
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(((await refused.json()) as { error: string }).error).toMatch(/^This school's daily AI allowance is used up; it resets at 00:00 UTC \(in \d+ (hours?|minutes?)\)\.$/);
    expect(sample(await metricsText(app), 'studyforge_requests_total', { tool: 'smart-notes', outcome: 'budget_exhausted' })).toBe(1);
  });

  it('ignores forged identity and usage: another X-Forwarded-For, a usage header or a usage field does not buy a fresh allowance', async () => {
    const app = gateway(stubProvider({ answer: 'Notes.', usage: { inputTokens: 40, outputTokens: 20 } }), { STUDYFORGE_BUDGET_CLIENT_DAILY_TOKENS: '100' });
    const forged = (n: number) =>
      withHeaders(call({ contents: 'x', usage: { inputTokens: 0, outputTokens: 0 } }), {
        'X-Forwarded-For': `198.51.100.${n}`,
        'X-Real-IP': `198.51.100.${n}`,
        'X-StudyForge-Usage': '0',
        'X-Usage-Tokens': '0',
      });
    expect((await app.fetch(forged(1))).status).toBe(200);
    expect((await app.fetch(forged(2))).status).toBe(200);
    const refused = await app.fetch(forged(3));
    expect(refused.status).toBe(429);
    expect(((await refused.json()) as { error: string }).error).toMatch(/^Your daily AI allowance is used up/);
  });

  it('counts a streamed answer’s tokens too, and never refuses sample answers (they cost nothing)', async () => {
    const streaming = gateway(stubProvider({ deltas: ['a', 'b'], usage: { inputTokens: 50, outputTokens: 50 } }), { STUDYFORGE_BUDGET_DAILY_TOKENS: '100' });
    expect((await events(await streaming.fetch(call({ contents: 'x' }, { accept: 'text/event-stream' })))).at(-1)?.event).toBe('done');
    expect((await streaming.fetch(call({ contents: 'x' }))).status).toBe(429);
    const sampleMode = gateway(null, { STUDYFORGE_BUDGET_DAILY_TOKENS: '1' });
    for (let i = 0; i < 3; i += 1) expect((await sampleMode.fetch(call({ contents: 'x' }))).status).toBe(200);
  });

  it('stops transcription too once the allowance is used up', async () => {
    const transcriber: TranscriptionProvider = { name: 'openai', transcribe: () => Promise.resolve('Spoken words.') };
    const app = gateway(stubProvider({ answer: 'Notes.', usage: { inputTokens: 60, outputTokens: 60 } }), { STUDYFORGE_BUDGET_DAILY_TOKENS: '100' }, transcriber);
    await app.fetch(call({ contents: 'x' }));
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(100)], { type: 'audio/webm' }), 'talk.webm');
    const refused = await app.fetch(new Request('http://gateway.test/speechtotext/speechtotext/transcribe-audio/', { method: 'POST', headers: { Authorization: 'Bearer anon-key' }, body: form }));
    expect(refused.status).toBe(429);
    expect(((await refused.json()) as { error: string }).error).toMatch(/daily AI allowance is used up/);
  });
});
