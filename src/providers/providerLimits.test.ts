import { describe, expect, it } from 'vitest';
import { MAX_RETRY_AFTER_SECONDS } from './errors';
import { DEFAULT_MAX_ANSWER_BYTES } from './transport';
import { ProviderError } from './types';
import { server, provider, useCaseServer, KEY, cases, collect, rejection, SENT_BEFORE_CLOSE } from './testing/providerCases';

/*
 * What every text provider must do the same way, continued from
 * providers.test.ts: upstream internals stay with the operator, and answers
 * are bounded in bytes.
 */

describe.each(cases)('$name provider', (c) => {
  useCaseServer(c);

  describe('upstream internals stay with the operator', () => {
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

  describe('answers are bounded in bytes', () => {
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
