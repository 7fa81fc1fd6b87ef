import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ProviderError } from '../src/providers/types';
import { SAMPLE_HEADER } from './app';
import { call, events, gateway, schema, stubProvider } from './testing/gatewayStubs';

/*
 * The gateway's own behaviour, through its fetch handler: the contract, its
 * streaming form, the guards (key, size, shape, rate, CORS), timeouts and
 * cancellation. Providers are stand-ins here; each real provider is tested
 * against a fake server of its own in src/providers. The transcription
 * contract and CORS are in appTranscription.test.ts; the stand-ins in
 * testing/gatewayStubs.ts.
 */

describe('the generate contract (spec 7.1)', () => {
  it('answers {text} and hands the prompt and schema to the provider', async () => {
    const provider = stubProvider({ answer: '{"thesis":"T","points":["a","b"]}' });
    const response = await gateway(provider).fetch(
      call({ contents: 'Plan an essay', config: { responseMimeType: 'application/json', responseSchema: schema } }),
    );
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^application\/json/);
    expect(await response.json()).toEqual({ text: '{"thesis":"T","points":["a","b"]}' });
    expect(provider.requests[0]).toMatchObject({ prompt: 'Plan an essay', schema });
  });

  it('also answers at /gemini, where Supabase routes the function', async () => {
    const response = await gateway(stubProvider({ answer: 'ok' })).fetch(call({ contents: 'x' }, { path: '/gemini' }));
    expect(await response.json()).toEqual({ text: 'ok' });
  });

  it('refuses a missing or wrong key with 401 and {error}', async () => {
    const app = gateway(stubProvider({ answer: 'ok' }));
    for (const key of [null, 'wrong']) {
      const response = await app.fetch(call({ contents: 'x' }, { key }));
      expect(response.status).toBe(401);
      expect((await response.json()) as { error: string }).toEqual({ error: expect.stringContaining('Bearer') });
    }
  });

  it('validates the request shape with clear 400 errors', async () => {
    const app = gateway(stubProvider({ answer: 'ok' }));
    const cases: [unknown, RegExp][] = [
      ['not json', /must be JSON/],
      [{}, /contents/],
      [{ contents: '   ' }, /must not be blank/],
      [{ contents: 'x', config: { responseSchema: { type: 'TABLE' } } }, /config\.responseSchema\.type/],
    ];
    for (const [body, message] of cases) {
      const response = await app.fetch(call(body));
      expect(response.status).toBe(400);
      expect(((await response.json()) as { error: string }).error).toMatch(message);
    }
  });

  it('refuses a body over the size limit with 413', async () => {
    const response = await gateway(stubProvider({ answer: 'ok' }), { STUDYFORGE_MAX_TEXT_BYTES: '1024' }).fetch(
      call({ contents: 'x'.repeat(5000) }),
    );
    expect(response.status).toBe(413);
    expect(((await response.json()) as { error: string }).error).toMatch(/too large/);
  });

  it('limits each client and says when to retry', async () => {
    const app = gateway(stubProvider({ answer: 'ok' }), { STUDYFORGE_RATE_LIMIT: '2', STUDYFORGE_RATE_WINDOW_MS: '60000' });
    expect((await app.fetch(call({ contents: 'a' }))).status).toBe(200);
    expect((await app.fetch(call({ contents: 'b' }))).status).toBe(200);
    const limited = await app.fetch(call({ contents: 'c' }));
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(((await limited.json()) as { error: string }).error).toMatch(/Too many requests/);
  });

  it('passes provider failures on as readable {error} with their status', async () => {
    const limited = await gateway(stubProvider({ fail: new ProviderError('The AI provider is rate-limiting requests.', 429, 7) })).fetch(
      call({ contents: 'x' }),
    );
    expect(limited.status).toBe(429);
    expect(limited.headers.get('retry-after')).toBe('7');
    expect(await limited.json()).toEqual({ error: 'The AI provider is rate-limiting requests.' });

    const broken = await gateway(stubProvider({ fail: new Error('socket hang up at 10.0.0.5 with key sk-secret') })).fetch(call({ contents: 'x' }));
    expect(broken.status).toBe(500);
    expect(JSON.stringify(await broken.json())).not.toMatch(/sk-secret|10\.0\.0\.5/);
  });

  it('gives up on a provider that takes too long, with 504', async () => {
    const provider = stubProvider({ hang: true });
    const response = await gateway(provider, { STUDYFORGE_UPSTREAM_TIMEOUT_MS: '50' }).fetch(call({ contents: 'x' }));
    expect(response.status).toBe(504);
    expect(provider.requests[0]?.signal?.aborted).toBe(true);
  });

  it('stops the provider when the caller goes away', async () => {
    const provider = stubProvider({ hang: true });
    const caller = new AbortController();
    const pending = Promise.resolve(gateway(provider).fetch(call({ contents: 'x' }, { signal: caller.signal })));
    await new Promise((resolve) => setTimeout(resolve, 10));
    caller.abort();
    await pending.catch(() => undefined);
    expect(provider.requests[0]?.signal?.aborted).toBe(true);
  });

  it('answers 404 with {error} for anything else', async () => {
    const response = await gateway(null).fetch(new Request('http://gateway.test/functions/v1/other', { method: 'POST' }));
    expect(response.status).toBe(404);
    expect(((await response.json()) as { error: string }).error).toMatch(/No such endpoint/);
  });
});

describe('the streaming form', () => {
  it('streams deltas as they come, then done without repeating them', async () => {
    const provider = stubProvider({ deltas: ['Photo', 'synthesis ', 'makes sugar.'] });
    const response = await gateway(provider).fetch(call({ contents: 'x' }, { accept: 'text/event-stream' }));
    expect(response.headers.get('content-type')).toMatch(/^text\/event-stream/);
    expect(await events(response)).toEqual([
      { event: 'delta', data: { text: 'Photo' } },
      { event: 'delta', data: { text: 'synthesis ' } },
      { event: 'delta', data: { text: 'makes sugar.' } },
      { event: 'done', data: {} },
    ]);
  });

  it('reports a failure during the stream as an error event', async () => {
    const provider = stubProvider({ deltas: ['Half an'], fail: new ProviderError('The AI provider had a problem (status 500). Please try again.', 502) });
    const received = await events(await gateway(provider).fetch(call({ contents: 'x' }, { accept: 'text/event-stream' })));
    expect(received.at(-1)).toEqual({ event: 'error', data: { error: 'The AI provider had a problem (status 500). Please try again.' } });
  });

  it('stops the provider when the reader cancels the stream', async () => {
    const provider = stubProvider({ deltas: ['first'], hang: true });
    const response = await gateway(provider).fetch(call({ contents: 'x' }, { accept: 'text/event-stream' }));
    const reader = response.body?.getReader();
    await reader?.read();
    await reader?.cancel();
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(provider.requests[0]?.signal?.aborted).toBe(true);
  });

  it('checks the key before streaming', async () => {
    const response = await gateway(stubProvider({ deltas: ['x'] })).fetch(call({ contents: 'x' }, { key: 'wrong', accept: 'text/event-stream' }));
    expect(response.status).toBe(401);
  });
});

describe('without a provider', () => {
  it('answers with samples that fit the schema, and says so', async () => {
    const response = await gateway(null).fetch(call({ contents: 'x', config: { responseMimeType: 'application/json', responseSchema: schema } }));
    expect(response.headers.get(SAMPLE_HEADER)).toBe('true');
    const { text } = (await response.json()) as { text: string };
    expect(z.object({ thesis: z.string(), points: z.array(z.string()).min(2) }).safeParse(JSON.parse(text)).success).toBe(true);

    const plain = (await (await gateway(null).fetch(call({ contents: 'x' }))).json()) as { text: string };
    expect(plain.text).toMatch(/sample answer/);
  });

  it('streams the sample too', async () => {
    const received = await events(await gateway(null).fetch(call({ contents: 'x' }, { accept: 'text/event-stream' })));
    expect(received.filter((e) => e.event === 'delta').length).toBeGreaterThan(1);
    expect(received.at(-1)?.event).toBe('done');
  });
});
