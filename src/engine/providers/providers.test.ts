import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  startFakeGemini,
  startFakeOllama,
  startFakeOpenAI,
  type FakeProviderOptions,
  type FakeProviderServer,
} from '../testing/fakeProviders';
import { MAX_RETRY_AFTER_SECONDS, providerMessages } from './errors';
import { createGeminiProvider, GEMINI_DEFAULT_MODEL } from './gemini';
import { createOllamaProvider } from './ollama';
import { createOpenAICompatibleProvider } from './openaiCompatible';
import { DEFAULT_MAX_ANSWER_BYTES } from './transport';
import { ProviderError, type ProviderName, type TextProvider } from './types';

/*
 * What every text provider must do the same way, against each provider's fake:
 * streaming order and timing, every error mapping, key redaction, cancel.
 */

/** Shaped like no known key, so only exact-secret redaction can catch it. */
const KEY = 'test-key-7f3a9c2e5b1d';

interface Case {
  name: ProviderName;
  hasKey: boolean;
  start(options: FakeProviderOptions): Promise<FakeProviderServer>;
  provider(baseUrl: string, apiKey?: string): TextProvider;
}

const cases: Case[] = [
  {
    name: 'gemini',
    hasKey: true,
    start: startFakeGemini,
    provider: (baseUrl, apiKey = KEY) => createGeminiProvider({ apiKey, baseUrl, model: GEMINI_DEFAULT_MODEL }),
  },
  {
    name: 'openai',
    hasKey: true,
    start: startFakeOpenAI,
    provider: (baseUrl, apiKey = KEY) => createOpenAICompatibleProvider({ apiKey, baseUrl, model: 'gpt-4o-mini' }),
  },
  {
    name: 'ollama',
    hasKey: false,
    start: startFakeOllama,
    provider: (baseUrl) => createOllamaProvider({ baseUrl, model: 'llama3.2' }),
  },
];

async function collect(stream: AsyncIterable<string>): Promise<string[]> {
  const out: string[] = [];
  for await (const delta of stream) out.push(delta);
  return out;
}

async function rejection(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error('expected a rejection');
}

/**
 * How much of a 50 MB body the fake may have written before the client closed:
 * what the client read (at most the 4 MiB cap) plus what the sockets buffer on
 * the way (a few MB on loopback). Far below 50 MB: the body was not read whole.
 */
const SENT_BEFORE_CLOSE = 20_000_000;

describe.each(cases)('$name provider', (c) => {
  let server: FakeProviderServer;
  let provider: TextProvider;

  beforeAll(async () => {
    server = await c.start({ apiKey: c.hasKey ? KEY : undefined, chunkDelayMs: 16 });
    provider = c.provider(server.baseUrl);
  });
  afterAll(() => server.close());
  beforeEach(() => {
    server.reset();
    server.script({ kind: 'text', text: 'Hello' });
  });

  describe('answers', () => {
    it('generates the whole answer, with a request that fits the published API', async () => {
      server.script({ kind: 'text', text: '{"thesis":"Phones distract"}' });
      await expect(provider.generate({ prompt: 'Plan an essay' })).resolves.toBe('{"thesis":"Phones distract"}');
      expect(server.exchanges).toHaveLength(1);
      expect(server.exchanges[0]?.problems).toEqual([]);
      expect(server.exchanges[0]?.streamed).toBe(false);
    });

    it('streams deltas in order, each arriving before the stream has ended', async () => {
      server.script({ kind: 'text', text: 'unused', chunks: ['Photo', 'synthesis ', 'turns ', 'light ', 'into ', 'sugar.'] });
      const deltas: string[] = [];
      const endedWhenSeen: boolean[] = [];
      for await (const delta of provider.stream({ prompt: 'Explain' })) {
        deltas.push(delta);
        endedWhenSeen.push(server.exchanges[0]?.responseEnded ?? true);
      }
      expect(deltas).toEqual(['Photo', 'synthesis ', 'turns ', 'light ', 'into ', 'sugar.']);
      expect(endedWhenSeen.slice(0, -1).every((ended) => !ended)).toBe(true);
      expect(server.exchanges[0]?.problems).toEqual([]);
      expect(server.exchanges[0]?.streamed).toBe(true);
    });

    it('keeps multi-byte characters whole when a chunk boundary cuts through them', async () => {
      server.script({ kind: 'text', text: 'x', chunks: ['Ça ', 'va, ', 'naïve ', '東京 ', '🙂'] });
      await expect(collect(provider.stream({ prompt: 'x' }))).resolves.toEqual(['Ça ', 'va, ', 'naïve ', '東京 ', '🙂']);
    });
  });

  describe('errors map to readable messages', () => {
    if (c.hasKey) it('a rejected key (401) asks to check the gateway key, with status 502', async () => {
      const wrong = c.provider(server.baseUrl, 'wrong-key-0000');
      const error = await rejection(wrong.generate({ prompt: 'x' }));
      expect(error).toBeInstanceOf(ProviderError);
      expect(error).toMatchObject({ message: providerMessages.keyRejected, status: 502 });
      expect(String((error as Error).message)).not.toContain('wrong-key-0000');
    });

    it('401 and 403 from upstream are key problems', async () => {
      for (const status of [401, 403]) {
        server.script({ kind: 'error', status, message: 'nope' });
        await expect(provider.generate({ prompt: 'x' })).rejects.toMatchObject({ message: providerMessages.keyRejected, status: 502 });
        await expect(collect(provider.stream({ prompt: 'x' }))).rejects.toMatchObject({ message: providerMessages.keyRejected, status: 502 });
      }
    });

    it('429 is rate limiting, with Retry-After in seconds when the provider sends it', async () => {
      server.script({ kind: 'error', status: 429, message: 'Slow down', retryAfter: '17' });
      await expect(provider.generate({ prompt: 'x' })).rejects.toMatchObject({
        name: 'ProviderError',
        message: providerMessages.rateLimited,
        status: 429,
        retryAfterSeconds: 17,
      });
      await expect(collect(provider.stream({ prompt: 'x' }))).rejects.toMatchObject({ status: 429, retryAfterSeconds: 17 });
    });

    it('429 with an HTTP-date Retry-After, and without one', async () => {
      const inAMinute = new Date(Date.now() + 60_000).toUTCString();
      server.script({ kind: 'error', status: 429, retryAfter: inAMinute });
      const error = await rejection(provider.generate({ prompt: 'x' }));
      expect(error).toMatchObject({ status: 429 });
      const seconds = (error as ProviderError).retryAfterSeconds ?? -1;
      expect(seconds).toBeGreaterThanOrEqual(58);
      expect(seconds).toBeLessThanOrEqual(60);

      server.script({ kind: 'error', status: 429 });
      await expect(provider.generate({ prompt: 'x' })).rejects.toMatchObject({ status: 429, retryAfterSeconds: undefined });
    });

    it('5xx is a provider problem with its status', async () => {
      server.script({ kind: 'error', status: 500, message: 'internal details that users need not see' });
      await expect(provider.generate({ prompt: 'x' })).rejects.toMatchObject({ message: providerMessages.upstreamProblem(500), status: 502 });
      server.script({ kind: 'error', status: 503 });
      await expect(collect(provider.stream({ prompt: 'x' }))).rejects.toMatchObject({
        message: 'The AI provider had a problem (status 503). Please try again.',
        status: 502,
      });
    });

    it('other 4xx say only their status; the upstream message is kept on upstreamDetail for the logs', async () => {
      server.script({ kind: 'error', status: 400, message: 'The prompt is too long for this model.' });
      await expect(provider.generate({ prompt: 'x' })).rejects.toMatchObject({
        message: 'The AI provider refused the request (status 400).',
        status: 502,
        upstreamDetail: 'The prompt is too long for this model.',
      });
    });

    it('keeps at most 300 characters of upstream text', async () => {
      server.script({ kind: 'error', status: 422, message: 'x'.repeat(1000) });
      const error = (await rejection(provider.generate({ prompt: 'x' }))) as ProviderError;
      expect(error.message).toBe('The AI provider refused the request (status 422).');
      expect(error.upstreamDetail?.length).toBeLessThanOrEqual(300);
      expect(error.upstreamDetail?.startsWith('xxx')).toBe(true);
    });

    if (c.hasKey) it('never repeats the key, even when upstream echoes it, not even in upstreamDetail', async () => {
      server.script({ kind: 'error', status: 400, message: `Key ${KEY} is not allowed for model x (key=${KEY})` });
      const error = (await rejection(provider.generate({ prompt: 'x' }))) as ProviderError;
      expect(error.message).not.toContain(KEY);
      expect(error.upstreamDetail).toContain('Key [redacted] is not allowed');
      expect(error.upstreamDetail).not.toContain(KEY);

      server.script({ kind: 'streamError', chunks: ['Hi'], message: `upstream failed for ${KEY}` });
      const streamError = (await rejection(collect(provider.stream({ prompt: 'x' })))) as ProviderError;
      expect(streamError.message).not.toContain(KEY);
      expect(streamError.upstreamDetail).toContain('upstream failed for [redacted]');
    });

    it('redacts anything shaped like a provider key', async () => {
      server.script({ kind: 'error', status: 400, message: 'Bad key sk-proj-abcdefghijklmnop1234 and AIzaSyA1234567890abcdefghijklmnopqrstuv' });
      const error = (await rejection(provider.generate({ prompt: 'x' }))) as ProviderError;
      expect(error.message).not.toMatch(/sk-proj|AIzaSy/);
      expect(error.upstreamDetail).toContain('Bad key');
      expect(error.upstreamDetail).not.toMatch(/sk-proj|AIzaSy/);
    });

    it('an unreachable provider', async () => {
      const gone = await c.start({});
      const url = gone.baseUrl;
      await gone.close();
      await expect(c.provider(url).generate({ prompt: 'x' })).rejects.toMatchObject({ message: providerMessages.unreachable, status: 502 });
      await expect(collect(c.provider(url).stream({ prompt: 'x' }))).rejects.toMatchObject({ message: providerMessages.unreachable, status: 502 });
    });

    it('an empty answer, whole or streamed', async () => {
      server.script({ kind: 'text', text: '' });
      await expect(provider.generate({ prompt: 'x' })).rejects.toMatchObject({ message: providerMessages.empty, status: 502 });
      server.script({ kind: 'text', text: '', chunks: [''] });
      await expect(collect(provider.stream({ prompt: 'x' }))).rejects.toMatchObject({ message: providerMessages.empty, status: 502 });
    });

    it('an error reported inside a started stream', async () => {
      server.script({ kind: 'streamError', chunks: ['Part ', 'one'], message: 'the model crashed' });
      const seen: string[] = [];
      const error = await rejection(
        (async () => {
          for await (const delta of provider.stream({ prompt: 'x' })) seen.push(delta);
        })(),
      );
      expect(seen).toEqual(['Part ', 'one']);
      expect(error).toMatchObject({ message: providerMessages.failedWhileAnswering, status: 502, upstreamDetail: 'the model crashed' });
    });

    it('a 200 whose body is not the provider format', async () => {
      server.script({ kind: 'raw', status: 200, headers: { 'Content-Type': 'text/html' }, body: '<h1>captive portal</h1>' });
      await expect(provider.generate({ prompt: 'x' })).rejects.toMatchObject({ message: providerMessages.unreadable, status: 502 });
    });
  });

  describe('cancel', () => {
    it('an abort while waiting for the answer is an AbortError, and closes the upstream connection', async () => {
      server.script({ kind: 'hang' });
      const controller = new AbortController();
      const pending = provider.generate({ prompt: 'x', signal: controller.signal });
      await vi.waitFor(() => expect(server.exchanges).toHaveLength(1));
      controller.abort();
      const error = await rejection(pending);
      expect(error).not.toBeInstanceOf(ProviderError);
      expect(error).toMatchObject({ name: 'AbortError' });
      await server.waitForClientClose(0);
      expect(server.exchanges[0]?.closedByClient).toBe(true);
    });

    it('an abort mid-stream is an AbortError, and closes the never-ending upstream stream', async () => {
      server.script({ kind: 'endless', chunk: 'tick ' });
      const controller = new AbortController();
      const seen: string[] = [];
      const error = await rejection(
        (async () => {
          for await (const delta of provider.stream({ prompt: 'x', signal: controller.signal })) {
            seen.push(delta);
            if (seen.length === 3) controller.abort();
          }
        })(),
      );
      expect(error).toMatchObject({ name: 'AbortError' });
      expect(seen).toEqual(['tick ', 'tick ', 'tick ']);
      await server.waitForClientClose(0);
    });

    it('a consumer that stops reading closes the upstream stream', async () => {
      server.script({ kind: 'endless' });
      for await (const delta of provider.stream({ prompt: 'x' })) {
        expect(delta).toBe('tick ');
        break;
      }
      await server.waitForClientClose(0);
    });

    it('an already aborted signal sends nothing', async () => {
      const controller = new AbortController();
      controller.abort();
      await expect(provider.generate({ prompt: 'x', signal: controller.signal })).rejects.toMatchObject({ name: 'AbortError' });
      await expect(collect(provider.stream({ prompt: 'x', signal: controller.signal }))).rejects.toMatchObject({ name: 'AbortError' });
      expect(server.exchanges).toHaveLength(0);
    });
  });

  describe('upstream internals stay with the operator (issue #10, finding 3)', () => {
    /** What a misconfigured upstream or proxy puts in an error body (with the key, for providers that have one). */
    const internals = `connect failed: postgres://admin:hunter2@db.internal:5432/prod, see /srv/app/secrets.yaml on worker-7.corp.internal${c.hasKey ? ` (key ${KEY})` : ''}`;
    const leaks = ['postgres', 'hunter2', 'db.internal', '/srv/app', 'secrets.yaml', 'corp.internal', KEY];

    const call = (streamed: boolean) => (streamed ? collect(provider.stream({ prompt: 'x' })) : provider.generate({ prompt: 'x' }));

    for (const streamed of [false, true]) {
      const mode = streamed ? 'streamed' : 'whole';

      it(`${mode}: a 4xx body with internals becomes a generic message; the redacted text is only on upstreamDetail`, async () => {
        server.script({ kind: 'error', status: 400, message: internals });
        const error = (await rejection(call(streamed))) as ProviderError;
        expect(error).toBeInstanceOf(ProviderError);
        expect(error.message).toBe('The AI provider refused the request (status 400).');
        expect(error.status).toBe(502);
        for (const leak of leaks) expect(error.message).not.toContain(leak);
        expect(error.upstreamDetail).toContain('db.internal:5432/prod');
        expect(error.upstreamDetail).toContain('/srv/app/secrets.yaml');
        expect(error.upstreamDetail).not.toContain('hunter2');
        expect(error.upstreamDetail).not.toContain(KEY);
      });

      it(`${mode}: a 50 MB error body is read only in part, and the connection closed`, async () => {
        server.script({ kind: 'error', status: 422, message: internals, bodyBytes: 50_000_000 });
        const error = (await rejection(call(streamed))) as ProviderError;
        expect(error.message).toBe('The AI provider refused the request (status 422).');
        expect(error.upstreamDetail).toContain('db.internal');
        expect(error.upstreamDetail).not.toContain(KEY);
        expect(error.upstreamDetail?.length).toBeLessThanOrEqual(300);
        await server.waitForClientClose(0);
        expect(server.exchanges[0]?.responseEnded).toBe(false);
        expect(server.exchanges[0]?.bytesSent).toBeLessThan(SENT_BEFORE_CLOSE);
      });

      it(`${mode}: Retry-After 999999999 becomes the documented maximum`, async () => {
        server.script({ kind: 'error', status: 429, retryAfter: '999999999' });
        await expect(call(streamed)).rejects.toMatchObject({ status: 429, retryAfterSeconds: MAX_RETRY_AFTER_SECONDS });
      });
    }

    it('streamed: an error inside a started stream is generic; its text is only on upstreamDetail', async () => {
      server.script({ kind: 'streamError', chunks: ['Part ', 'one'], message: internals });
      const error = (await rejection(collect(provider.stream({ prompt: 'x' })))) as ProviderError;
      expect(error.message).toBe('The AI provider stopped with an error while answering.');
      for (const leak of leaks) expect(error.message).not.toContain(leak);
      expect(error.upstreamDetail).toContain('/srv/app/secrets.yaml');
      expect(error.upstreamDetail).not.toContain('hunter2');
      expect(error.upstreamDetail).not.toContain(KEY);
    });
  });

  describe('answers are bounded in bytes (issue #10, finding 4)', () => {
    const tooLong = "The AI provider's answer was longer than StudyForge accepts (4 MB).";

    it('the default cap is 4 MiB', () => {
      expect(DEFAULT_MAX_ANSWER_BYTES).toBe(4 * 1024 * 1024);
    });

    it('whole: a 50 MB answer ends in the "longer than" error, closing the connection before the fake has sent it all', async () => {
      server.script({ kind: 'huge', bytes: 50_000_000 });
      const error = await rejection(provider.generate({ prompt: 'x' }));
      expect(error).toMatchObject({ name: 'ProviderError', message: tooLong, status: 502 });
      // Rejected while the fake was still sending: the answer was never held whole.
      expect(server.exchanges[0]?.responseEnded).toBe(false);
      await server.waitForClientClose(0);
      expect(server.exchanges[0]?.bytesSent).toBeLessThan(SENT_BEFORE_CLOSE);
    });

    it('streamed: a 50 MB stream of well-formed events ends in the "longer than" error and closes the connection', async () => {
      server.script({ kind: 'huge', bytes: 50_000_000 });
      let received = 0;
      const error = await rejection(
        (async () => {
          for await (const delta of provider.stream({ prompt: 'x' })) received += delta.length;
        })(),
      );
      expect(error).toMatchObject({ name: 'ProviderError', message: tooLong, status: 502 });
      expect(received).toBeLessThanOrEqual(DEFAULT_MAX_ANSWER_BYTES);
      expect(server.exchanges[0]?.responseEnded).toBe(false);
      await server.waitForClientClose(0);
      expect(server.exchanges[0]?.bytesSent).toBeLessThan(SENT_BEFORE_CLOSE);
    });

    it('streamed: one endless line without a newline is cut at the cap, not buffered', async () => {
      server.script({ kind: 'huge', bytes: 50_000_000, oneLine: true });
      const error = await rejection(collect(provider.stream({ prompt: 'x' })));
      expect(error).toMatchObject({ name: 'ProviderError', message: tooLong, status: 502 });
      expect(server.exchanges[0]?.responseEnded).toBe(false);
      await server.waitForClientClose(0);
      expect(server.exchanges[0]?.bytesSent).toBeLessThan(SENT_BEFORE_CLOSE);
    });

    it('an answer just under the cap still arrives whole', async () => {
      server.script({ kind: 'huge', bytes: 1_000_000 });
      const text = await provider.generate({ prompt: 'x' });
      expect(text.length).toBeGreaterThan(900_000);
      expect(server.exchanges[0]?.closedByClient).toBe(false);
    });
  });
});
