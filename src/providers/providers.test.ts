import { describe, expect, it, vi } from 'vitest';
import { providerMessages } from './errors';
import { ProviderError } from './types';
import { server, provider, useCaseServer, KEY, cases, collect, rejection } from './testing/providerCases';

/*
 * What every text provider must do the same way, against each provider's fake:
 * streaming order and timing, every error mapping, key redaction, cancel.
 */

describe.each(cases)('$name provider', (c) => {
  useCaseServer(c);

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
});
