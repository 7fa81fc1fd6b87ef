import { describe, expect, it } from 'vitest';
import {
  cleanDetail,
  declined,
  errorFromResponse,
  errorFromStatus,
  errorInStream,
  MAX_ERROR_BODY_BYTES,
  MAX_RETRY_AFTER_SECONDS,
  parseRetryAfter,
  providerMessages,
  redactSecrets,
} from './errors';
import { ProviderError } from './types';

const none = new Headers();

describe('status mapping', () => {
  it.each([
    [401, providerMessages.keyRejected, 502],
    [403, providerMessages.keyRejected, 502],
    [429, providerMessages.rateLimited, 429],
    [500, 'The AI provider had a problem (status 500). Please try again.', 502],
    [502, 'The AI provider had a problem (status 502). Please try again.', 502],
    [503, 'The AI provider had a problem (status 503). Please try again.', 502],
    [400, 'The AI provider refused the request (status 400).', 502],
    [404, 'The AI provider refused the request (status 404).', 502],
    [422, 'The AI provider refused the request (status 422).', 502],
  ])('%i -> "%s" (%i), the upstream text only on upstreamDetail', (status, message, answerStatus) => {
    const error = errorFromStatus(status, JSON.stringify({ error: { message: 'bad' } }), none, []);
    expect(error).toBeInstanceOf(ProviderError);
    expect(error.message).toBe(message);
    expect(error.status).toBe(answerStatus);
    expect(error.upstreamDetail).toBe('bad');
  });

  it('reads the upstream message from each provider format into upstreamDetail', () => {
    const detail = (body: string) => errorFromStatus(400, body, none, []).upstreamDetail;
    expect(detail(JSON.stringify({ error: { code: 400, message: 'Gemini says no', status: 'INVALID_ARGUMENT' } }))).toBe('Gemini says no');
    expect(detail(JSON.stringify({ error: { message: 'OpenAI says no', type: 'invalid_request_error', param: null, code: null } }))).toBe('OpenAI says no');
    expect(detail(JSON.stringify({ error: 'Ollama says no' }))).toBe('Ollama says no');
    expect(detail(JSON.stringify({ object: 'error', message: 'vLLM says no', type: 'BadRequestError', code: 400 }))).toBe('vLLM says no');
    expect(detail('plain text\n  from a proxy')).toBe('plain text from a proxy');
    expect(detail('')).toBeUndefined();
    expect(errorFromStatus(400, 'anything', none, []).message).toBe('The AI provider refused the request (status 400).');
  });

  it('never puts upstream text in the message: database URLs, paths, hosts', () => {
    const body = JSON.stringify({ error: { message: 'db postgres://admin:hunter2@db.internal:5432/prod down; /srv/app/secrets.yaml unreadable on gpu-3.corp.internal' } });
    for (const status of [400, 401, 404, 429, 500]) {
      const error = errorFromStatus(status, body, none, []);
      expect(error.message).not.toMatch(/postgres|hunter2|db\.internal|\/srv\/app|corp\.internal/);
      expect(error.upstreamDetail).toContain('db.internal:5432/prod');
      expect(error.upstreamDetail).not.toContain('hunter2');
    }
  });

  it('in-stream errors and refusals are generic too, their text on upstreamDetail', () => {
    const inStream = errorInStream({ error: { message: 'worker /srv/app crashed, token=abcdef1234567890' } }, []);
    expect(inStream.message).toBe('The AI provider stopped with an error while answering.');
    expect(inStream.upstreamDetail).toBe('worker /srv/app crashed, token=[redacted]');
    expect(errorInStream({ error: { code: 7 } }, []).upstreamDetail).toBe('{"error":{"code":7}}');
    const refusal = declined("I can't help with that. my-own-key-123", ['my-own-key-123']);
    expect(refusal.message).toBe('The AI model declined to answer this request.');
    expect(refusal.upstreamDetail).toBe("I can't help with that. [redacted]");
  });

  it('treats Gemini 400 API_KEY_INVALID as a rejected key', () => {
    const body = JSON.stringify({
      error: {
        code: 400,
        message: 'API key not valid. Please pass a valid API key.',
        status: 'INVALID_ARGUMENT',
        details: [{ '@type': 'type.googleapis.com/google.rpc.ErrorInfo', reason: 'API_KEY_INVALID', domain: 'googleapis.com' }],
      },
    });
    expect(errorFromStatus(400, body, none, []).message).toBe(providerMessages.keyRejected);
  });

  it('takes Retry-After from the header first, then from Gemini RetryInfo', () => {
    const body = JSON.stringify({ error: { details: [{ '@type': 'type.googleapis.com/google.rpc.RetryInfo', retryDelay: '9s' }] } });
    expect(errorFromStatus(429, body, new Headers({ 'Retry-After': '3' }), []).retryAfterSeconds).toBe(3);
    expect(errorFromStatus(429, body, none, []).retryAfterSeconds).toBe(9);
    expect(errorFromStatus(429, '{}', none, []).retryAfterSeconds).toBeUndefined();
  });

  it('clamps Retry-After and RetryInfo to MAX_RETRY_AFTER_SECONDS (one hour), and ignores negative or garbage delays', () => {
    expect(MAX_RETRY_AFTER_SECONDS).toBe(3600);
    const retryInfo = (delay: string) => JSON.stringify({ error: { details: [{ '@type': 'type.googleapis.com/google.rpc.RetryInfo', retryDelay: delay }] } });
    expect(errorFromStatus(429, '{}', new Headers({ 'Retry-After': '999999999' }), []).retryAfterSeconds).toBe(3600);
    expect(errorFromStatus(429, retryInfo('999999999s'), none, []).retryAfterSeconds).toBe(3600);
    expect(errorFromStatus(429, retryInfo('1e400s'), none, []).retryAfterSeconds).toBeUndefined();
    expect(errorFromStatus(429, retryInfo('-5s'), none, []).retryAfterSeconds).toBeUndefined();
    expect(errorFromStatus(429, retryInfo('soon'), none, []).retryAfterSeconds).toBeUndefined();
    expect(errorFromStatus(429, retryInfo('12.2s'), none, []).retryAfterSeconds).toBe(13);
  });

  it('maps a Response, reading its body', async () => {
    const response = new Response(JSON.stringify({ error: 'no such model' }), { status: 404 });
    await expect(errorFromResponse(response, [])).resolves.toMatchObject({
      message: 'The AI provider refused the request (status 404).',
      upstreamDetail: 'no such model',
    });
  });

  it(`reads at most MAX_ERROR_BODY_BYTES (16 KiB) of an error body, then cancels it`, async () => {
    expect(MAX_ERROR_BODY_BYTES).toBe(16 * 1024);
    let pulled = 0;
    let cancelled = false;
    const encoder = new TextEncoder();
    const endless = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(encoder.encode('Bad request from gateway 10.0.0.7: '));
      },
      async pull(controller) {
        // Yields to the event loop, and ends at 16 MB, so a reader without a cap fails instead of hanging.
        await new Promise((resolve) => setImmediate(resolve));
        if (pulled >= 16 * 1024 * 1024) {
          controller.close();
          return;
        }
        pulled += 1000;
        controller.enqueue(encoder.encode('y'.repeat(1000)));
      },
      cancel() {
        cancelled = true;
      },
    });
    const error = await errorFromResponse(new Response(endless, { status: 400 }), []);
    expect(error.message).toBe('The AI provider refused the request (status 400).');
    expect(error.upstreamDetail?.startsWith('Bad request from gateway 10.0.0.7: yyy')).toBe(true);
    expect(cancelled).toBe(true);
    expect(pulled).toBeLessThanOrEqual(MAX_ERROR_BODY_BYTES + 2000);
  });

  it('a key cut in half at the end of a bounded error body is not left in the detail', async () => {
    const key = 'secret-key-abcdefghijklmnopqrstuvwxyz';
    // Whitespace collapses, so text that was 16 KiB in the body is near the start of the detail.
    const body = `${' '.repeat(MAX_ERROR_BODY_BYTES - 20)}bad key ${key} and more`;
    const error = await errorFromResponse(new Response(body, { status: 400 }), [key]);
    expect(error.upstreamDetail).toBe('bad key');
    expect(error.upstreamDetail).not.toContain('secret-key');
  });
});

describe('parseRetryAfter', () => {
  it('reads delta-seconds and HTTP dates, and ignores nonsense', () => {
    const now = Date.parse('2026-01-01T00:00:00Z');
    expect(parseRetryAfter('120', now)).toBe(120);
    expect(parseRetryAfter(' 0 ', now)).toBe(0);
    expect(parseRetryAfter('Thu, 01 Jan 2026 00:00:30 GMT', now)).toBe(30);
    expect(parseRetryAfter('Wed, 31 Dec 2025 23:00:00 GMT', now)).toBe(0);
    expect(parseRetryAfter('soon', now)).toBeUndefined();
    expect(parseRetryAfter('-5', now)).toBeUndefined();
    expect(parseRetryAfter(null, now)).toBeUndefined();
  });

  it('clamps to MAX_RETRY_AFTER_SECONDS, for seconds and for dates far ahead', () => {
    const now = Date.parse('2026-01-01T00:00:00Z');
    expect(parseRetryAfter('999999999', now)).toBe(MAX_RETRY_AFTER_SECONDS);
    expect(parseRetryAfter('99999999999999999999999999', now)).toBe(MAX_RETRY_AFTER_SECONDS);
    expect(parseRetryAfter('3600', now)).toBe(3600);
    expect(parseRetryAfter('3601', now)).toBe(3600);
    expect(parseRetryAfter('Fri, 01 Jan 2100 00:00:00 GMT', now)).toBe(MAX_RETRY_AFTER_SECONDS);
    expect(parseRetryAfter('12abc', now)).toBeUndefined();
    expect(parseRetryAfter('1.5', now)).toBeUndefined();
  });
});

describe('redaction', () => {
  it('removes the configured secret wherever it appears', () => {
    expect(redactSecrets('key my-secret-key-123 rejected; my-secret-key-123 again', ['my-secret-key-123'])).toBe('key [redacted] rejected; [redacted] again');
  });

  it('removes key-shaped text even when the key is not known', () => {
    const text = [
      'sk-proj-abcdefghijklmnopqrstuvwxyz012345',
      'sk-abc12***************************wxyz',
      'AIzaSyA1234567890abcdefghijklmnopqrstuv',
      'gsk_abcdefghijklmnop1234',
      'Authorization: Bearer abcdef123456',
      'https://host/path?alt=sse&key=SOMEKEY&x=1',
      'https://********************************lETQ',
    ].join(' | ');
    const out = redactSecrets(text, []);
    for (const leaked of ['sk-proj', 'sk-abc12', 'AIzaSy', 'gsk_', 'abcdef123456', 'SOMEKEY', 'lETQ']) expect(out).not.toContain(leaked);
    expect(out).toContain('&x=1');
  });

  it('removes credentials in URLs, password= and token= values, and long hex or base64 tokens', () => {
    const text = [
      'postgres://admin:hunter2@db.internal:5432/prod',
      'redis://:s3cr3t@cache.internal:6379',
      'password=Tr0ub4dor3 next',
      'passwd: "letmein"',
      'access_token=ya29.a0AfH6SMBx',
      '"api_key": "abc123xyz"',
      'secret=shh',
      'sha 0123456789abcdef0123456789abcdef0123',
      'blob dGhpcyBpcyBhIHNlY3JldCB0b2tlbiB0aGF0IGlzIGxvbmc9PQ==',
      'jwt eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.c2lnbmF0dXJl',
    ].join(' | ');
    const out = redactSecrets(text, []);
    for (const leaked of ['hunter2', 's3cr3t', 'Tr0ub4dor', 'letmein', 'ya29', 'abc123xyz', 'shh', '0123456789abcdef', 'dGhpcyBp', 'eyJhbGci']) {
      expect(out).not.toContain(leaked);
    }
    // What an operator needs to find the fault stays.
    expect(out).toContain('postgres://[redacted]@db.internal:5432/prod');
    expect(out).toContain('cache.internal:6379');
    expect(out).toContain('password=[redacted] next');
  });

  it('leaves ordinary words, paths and numbers alone', () => {
    const text = 'The model `gpt-nope` does not exist. Maximum content size limit (26214400) exceeded at /v1/audio/transcriptions.';
    expect(redactSecrets(text, [])).toBe(text);
  });

  it('ignores empty or tiny secrets rather than mangling ordinary words', () => {
    expect(redactSecrets('a plain message', ['', undefined, 'a'])).toBe('a plain message');
  });

  it('cleanDetail keeps one line of at most 300 characters', () => {
    const out = cleanDetail(`${'word '.repeat(200)}\n\n end`, []);
    expect(out.length).toBe(300);
    expect(out).not.toContain('\n');
    expect(out.endsWith('…')).toBe(true);
  });
});
