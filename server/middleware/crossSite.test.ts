import { describe, expect, it } from 'vitest';
import type { TranscriptionProvider } from '../../src/providers/types';
import { gateway, stubProvider } from '../testing/gatewayStubs';

/*
 * A page on another site making its visitor's browser post to a school's
 * gateway, with no public key set: a form-style (multipart, text/plain) POST
 * needs no CORS preflight, so only the gateway itself can refuse it. What the
 * browser sends is written out here header by header, as Chromium sends it.
 */

const ALLOWED = 'https://school.example';
const TRANSCRIBE = 'http://gateway.test/speechtotext/speechtotext/transcribe-audio/';
const GENERATE = 'http://gateway.test/functions/v1/gemini';

function setUp() {
  const uploads: number[] = [];
  const transcription: TranscriptionProvider = {
    name: 'openai',
    async transcribe({ audio }) {
      uploads.push(audio.size);
      return 'A lecture.';
    },
  };
  const provider = stubProvider({ answer: 'An answer.' });
  const app = gateway(provider, { STUDYFORGE_PUBLIC_KEY: '', STUDYFORGE_ALLOWED_ORIGINS: ALLOWED }, transcription);
  return { app, uploads, provider };
}

/** What a browser sends: Origin on every POST, Sec-Fetch-Site where it says (null: a browser that does not). */
function browser(origin: string | null, site: string | null): Record<string, string> {
  return { ...(origin !== null ? { Origin: origin } : {}), ...(site !== null ? { 'Sec-Fetch-Site': site } : {}) };
}

function upload(headers: Record<string, string>): Request {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(64)], { type: 'audio/webm' }), 'voice.webm');
  return new Request(TRANSCRIBE, { method: 'POST', headers, body: form });
}

function plainText(headers: Record<string, string>): Request {
  return new Request(GENERATE, { method: 'POST', headers: { 'Content-Type': 'text/plain', ...headers }, body: JSON.stringify({ contents: 'Spend the quota.' }) });
}

function json(headers: Record<string, string>): Request {
  return new Request(GENERATE, { method: 'POST', headers: { 'Content-Type': 'application/json', ...headers }, body: JSON.stringify({ contents: 'Explain osmosis.' }) });
}

describe('posts from pages on other sites', () => {
  const crossSite: [string, Record<string, string>][] = [
    ['another site', browser('https://evil.example', 'cross-site')],
    ['a sibling subdomain not listed', browser('https://other.school.example', 'same-site')],
    ['a sandboxed frame (Origin: null)', browser('null', 'cross-site')],
    ['another site, in a browser without Sec-Fetch-Site', browser('https://evil.example', null)],
  ];

  it.each(crossSite)('refuses a multipart upload from %s with 403 and {error}, before it reaches transcription', async (_from, headers) => {
    const { app, uploads } = setUp();
    const response = await app.fetch(upload(headers));
    expect(response.status).toBe(403);
    expect(((await response.json()) as { error: string }).error).toMatch(/may not call this gateway.*STUDYFORGE_ALLOWED_ORIGINS/);
    expect(uploads).toEqual([]);
  });

  it.each(crossSite)('refuses a text/plain post to the generate route from %s with 403, before any provider', async (_from, headers) => {
    const { app, provider } = setUp();
    const response = await app.fetch(plainText(headers));
    expect(response.status).toBe(403);
    expect(await response.json()).toEqual({ error: expect.stringMatching(/^Refused: a page on \S+ may not call this gateway/) });
    expect(provider.requests).toEqual([]);
  });
});

describe('calls the gateway should answer', () => {
  const allowed: [string, Record<string, string>][] = [
    ['the app the gateway serves (same origin)', browser('http://gateway.test', 'same-origin')],
    ['the app the gateway serves, in a browser without Sec-Fetch-Site', browser('http://gateway.test', null)],
    ['the app behind a proxy that says which host it was sent to', { ...browser('https://studyforge.school.example', null), 'X-Forwarded-Host': 'studyforge.school.example' }],
    ['an origin in STUDYFORGE_ALLOWED_ORIGINS', browser(ALLOWED, 'cross-site')],
    ['no page at all (curl, a school server)', {}],
  ];

  it.each(allowed)('transcribes an upload from %s', async (_from, headers) => {
    const { app, uploads } = setUp();
    const response = await app.fetch(upload(headers));
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ text: 'A lecture.' });
    expect(uploads).toEqual([64]);
  });

  it.each(allowed)('answers a JSON call from %s', async (_from, headers) => {
    const { app } = setUp();
    const response = await app.fetch(json(headers));
    expect(await response.json()).toEqual({ text: 'An answer.' });
  });
});
