import { describe, expect, it } from 'vitest';
import { cleanDetail, errorFromResponse, errorFromStatus, parseRetryAfter, providerMessages, redactSecrets } from './errors';
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
    [400, 'The AI provider refused the request (status 400): bad', 502],
    [404, 'The AI provider refused the request (status 404): bad', 502],
    [422, 'The AI provider refused the request (status 422): bad', 502],
  ])('%i -> "%s" (%i)', (status, message, answerStatus) => {
    const error = errorFromStatus(status, JSON.stringify({ error: { message: 'bad' } }), none, []);
    expect(error).toBeInstanceOf(ProviderError);
    expect(error.message).toBe(message);
    expect(error.status).toBe(answerStatus);
  });

  it('reads the upstream message from each provider format', () => {
    const refused = (body: string) => errorFromStatus(400, body, none, []).message;
    expect(refused(JSON.stringify({ error: { code: 400, message: 'Gemini says no', status: 'INVALID_ARGUMENT' } }))).toMatch(/: Gemini says no$/);
    expect(refused(JSON.stringify({ error: { message: 'OpenAI says no', type: 'invalid_request_error', param: null, code: null } }))).toMatch(/: OpenAI says no$/);
    expect(refused(JSON.stringify({ error: 'Ollama says no' }))).toMatch(/: Ollama says no$/);
    expect(refused(JSON.stringify({ object: 'error', message: 'vLLM says no', type: 'BadRequestError', code: 400 }))).toMatch(/: vLLM says no$/);
    expect(refused('plain text\n  from a proxy')).toMatch(/: plain text from a proxy$/);
    expect(refused('')).toBe('The AI provider refused the request (status 400).');
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

  it('maps a Response, reading its body', async () => {
    const response = new Response(JSON.stringify({ error: 'no such model' }), { status: 404 });
    await expect(errorFromResponse(response, [])).resolves.toMatchObject({ message: 'The AI provider refused the request (status 404): no such model' });
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
