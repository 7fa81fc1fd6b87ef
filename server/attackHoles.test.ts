import { describe, expect, it } from 'vitest';
import { startFakeOpenAI, type FakeAnswer } from '../src/providers/testing/fakeProviders';
import {
  ALLOWED_ORIGIN,
  arrayOf,
  call,
  deepSchemaBody,
  fake,
  fakeScript,
  INTERNALS,
  nestedArrays,
  normal,
  provider,
  PROVIDER_KEY,
  PUBLIC_KEY,
  sample,
  startGateway,
  streamEvents,
  useAttackGateways,
  withSchema,
  type Gateway,
} from './testing/attackGateways';

/*
 * The attack suite, continued from attack.test.ts: finding 6's
 * smaller holes, the attacks that already failed and must keep failing, and
 * the gateway after 1,000 hostile requests of every kind.
 */

useAttackGateways();

describe('finding 6: smaller holes', () => {
  it('a text/plain or form body (what any site can POST without asking) is refused with 415 and never reaches the provider', async () => {
    const before = fake.exchanges.length;
    // A request of its own, so an exchange from another moment (a loaded machine runs them late) cannot be taken for it.
    const marker = 'Explain osmosis, posted as a form.';
    for (const type of ['text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x']) {
      const response = await call(provider, { raw: JSON.stringify({ ...normal, contents: marker }), headers: { 'Content-Type': type } });
      expect(response.status).toBe(415);
      expect(((await response.json()) as { error: string }).error).toMatch(/application\/json/);
    }
    expect(fake.exchanges.slice(before).filter((e) => e.body.includes(marker))).toEqual([]);
  });

  it('other methods on the contract route answer 405 with {error} and Allow', async () => {
    for (const method of ['GET', 'PUT', 'DELETE', 'PATCH']) {
      const response = await call(sample, { method });
      expect(response.status).toBe(405);
      expect(response.headers.get('allow')).toMatch(/POST/);
      expect(await response.json()).toHaveProperty('error');
    }
  });

  it('a provider\'s Retry-After of 999999999 is clamped to an hour', async () => {
    fakeScript({ kind: 'error', status: 429, message: 'slow down', retryAfter: '999999999' });
    const response = await call(provider, { body: normal });
    expect(response.status).toBe(429);
    expect(Number(response.headers.get('retry-after'))).toBeLessThanOrEqual(3600);
  });

  it('hidden files placed in the build folder are not served, however the path is spelt', async () => {
    for (const target of ['/.env', '/.git/config', '/%2eenv', '/assets/..%2f.env', '/.%65nv']) {
      const response = await fetch(`${sample.base}${target}`);
      expect(response.status, target).toBe(404);
      const text = await response.text();
      expect(text).not.toContain('sk-left-in-dist');
      expect(text).not.toContain('token@');
    }
    expect((await fetch(`${sample.base}/assets/app.js`)).status).toBe(200);
  });

  it('every kind of response says nosniff: the build\'s files and page, JSON answers and errors, streams', async () => {
    const answers: [string, () => Promise<Response>][] = [
      ['a file of the build', () => fetch(`${sample.base}/assets/app.js`)],
      ['a missing file', () => fetch(`${sample.base}/assets/no-such-file.js`)],
      ['the app\'s page', () => fetch(`${sample.base}/`)],
      ['a hidden file refused', () => fetch(`${sample.base}/.env`)],
      ['/healthz', () => fetch(`${sample.base}/healthz`)],
      ['a JSON answer', () => call(sample, { body: normal })],
      ['a streamed answer', () => call(sample, { body: normal, stream: true })],
      ['an error', () => call(provider, { headers: { Authorization: 'Bearer wrong' } })],
    ];
    for (const [kind, answer] of answers) {
      const response = await answer();
      expect(response.headers.get('x-content-type-options'), kind).toBe('nosniff');
      await response.arrayBuffer();
    }
  });

  it('/healthz says the gateway is up, and not which provider or model it uses', async () => {
    const body = await (await fetch(`${provider.base}/healthz`)).text();
    expect(JSON.parse(body)).toEqual({ ok: true });
    expect(body).not.toMatch(/openai|test-model/i);
  });

  it('a stream still producing is not cut off by the timeout; a provider that goes quiet is', async () => {
    // 40 pieces 100 ms apart: 4 s in all, well past the 1.5 s timeout, but never quiet for long.
    const pieces = Array.from({ length: 40 }, (_, i) => `w${i} `);
    const slow = await startFakeOpenAI({ apiKey: PROVIDER_KEY, model: 'test-model', chunkDelayMs: 100 });
    const gateway = await startGateway({
      OPENAI_BASE_URL: slow.baseUrl,
      OPENAI_API_KEY: PROVIDER_KEY,
      OPENAI_MODEL: 'test-model',
      STUDYFORGE_UPSTREAM_TIMEOUT_MS: '1500',
    });
    try {
      slow.script({ kind: 'text', text: pieces.join(''), chunks: pieces });
      const events = await streamEvents(await call(gateway, { body: { contents: 'x' }, stream: true }));
      expect(events.at(-1)?.event).toBe('done');
      slow.script({ kind: 'hang' });
      const quiet = await call(gateway, { body: { contents: 'x' }, stream: true });
      const text = quiet.status === 200 ? await quiet.text() : JSON.stringify(await quiet.json());
      expect(text).toMatch(/took too long/);
    } finally {
      await gateway.proc.stop();
      await slow.close();
    }
  }, 60_000);
});

/* ---- What already held, kept held ---- */

describe('attacks that already failed, and must keep failing', () => {
  it('auth: no key or a wrong key is 401 and reaches no provider', async () => {
    const before = fake.exchanges.length;
    for (const auth of [undefined, 'Bearer wrong', `Bearer ${PUBLIC_KEY}x`, PUBLIC_KEY]) {
      const response = await fetch(`${provider.base}/functions/v1/gemini`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', ...(auth ? { Authorization: auth } : {}) },
        body: JSON.stringify(normal),
      });
      expect(response.status).toBe(401);
    }
    expect(fake.exchanges.length).toBe(before);
  });

  it('CORS: another site gets no grant, a configured one does', async () => {
    const preflight = (origin: string) =>
      fetch(`${provider.base}/functions/v1/gemini`, {
        method: 'OPTIONS',
        headers: { Origin: origin, 'Access-Control-Request-Method': 'POST', 'Access-Control-Request-Headers': 'authorization,content-type' },
      });
    expect((await preflight('https://evil.example')).headers.get('access-control-allow-origin')).toBeNull();
    expect((await preflight(ALLOWED_ORIGIN)).headers.get('access-control-allow-origin')).toBe(ALLOWED_ORIGIN);
  });

  it('body limits: 300 KB of JSON is 413', async () => {
    const response = await call(sample, { body: { contents: 'x'.repeat(300 * 1024) } });
    expect(response.status).toBe(413);
  });

  it('traversal: nothing outside the build folder is served', async () => {
    for (const target of ['/../outside.txt', '/%2e%2e/outside.txt', '/assets/%2e%2e/%2e%2e/outside.txt', '/..%2foutside.txt', '/..\\outside.txt']) {
      const response = await fetch(`${sample.base}${target}`);
      expect(await response.text(), target).not.toContain('outside the static folder');
    }
  });

  it('SSRF: nothing in a request changes where the gateway calls', async () => {
    fakeScript({ kind: 'text', text: '{"summary":"ok"}' });
    const before = fake.exchanges.length;
    const response = await call(provider, {
      body: { ...normal, baseUrl: 'http://169.254.169.254/', model: 'http://127.0.0.1:1/', config: { ...normal.config, url: 'http://127.0.0.1:1/' } },
      headers: { 'X-Forwarded-Host': '127.0.0.1:1', Host: 'evil.example' },
    });
    expect(response.status).toBe(200);
    expect(fake.exchanges.length).toBe(before + 1);
    const sent = fake.exchanges.at(-1);
    expect(sent?.path).toBe('/v1/chat/completions');
    expect((sent?.json as { model?: string }).model).toBe('test-model');
    expect(JSON.stringify(sent?.json)).not.toContain('169.254');
  });

  it('aborts: a caller who leaves mid-stream closes the provider connection', async () => {
    fakeScript({ kind: 'endless', chunk: 'tick ' });
    const index = fake.exchanges.length;
    const caller = new AbortController();
    const response = await call(provider, { body: { contents: 'x' }, stream: true, signal: caller.signal });
    const reader = response.body!.getReader();
    await reader.read();
    caller.abort();
    await fake.waitForClientClose(index, 10_000);
  });
});

/* ---- 1,000 of every kind, then a normal request ---- */

describe('the gateway after 1,000 hostile requests of every kind', () => {
  it('is still up and answers a normal request (the time is printed, not asserted)', async () => {
    const deep = deepSchemaBody(5_000);
    const leakyError: FakeAnswer = { kind: 'error', status: 400, message: `could not connect to ${INTERNALS[0]}` };
    const audioForm = () => {
      const form = new FormData();
      form.append('file', new Blob([new Uint8Array(1024 * 1024)], { type: 'audio/webm' }), 'recording.webm');
      return form;
    };
    const kinds: { name: string; script?: FakeAnswer; ok?: boolean; send: () => Promise<Response> }[] = [
      { name: 'nested minItems 1000', send: () => call(sample, { body: withSchema(nestedArrays(3, 1000)) }) },
      { name: 'minItems 1e6', send: () => call(sample, { body: withSchema(arrayOf({ type: 'STRING' }, 1_000_000)) }) },
      { name: '5,000 levels deep', send: () => call(sample, { raw: deep }) },
      { name: 'text/plain body', send: () => call(sample, { raw: JSON.stringify(normal), headers: { 'Content-Type': 'text/plain' } }) },
      { name: 'wrong method', send: () => call(sample, { method: 'PUT' }) },
      { name: 'hidden file', send: () => fetch(`${sample.base}/.env`) },
      { name: 'oversized body', send: () => call(sample, { body: { contents: 'x'.repeat(300 * 1024) } }) },
      {
        name: 'spoofed X-Forwarded-For',
        script: leakyError,
        send: () => call(provider, { body: { contents: 'x' }, headers: { 'X-Forwarded-For': `${Math.floor(Math.random() * 255)}.1.2.3, 198.51.100.1` } }),
      },
      { name: 'leaky provider error', script: leakyError, send: () => call(provider, { body: normal }) },
      { name: 'leaky error in a stream', script: { kind: 'streamError', chunks: ['Half '], message: leakyError.message ?? '' }, ok: true, send: () => call(provider, { body: { contents: 'x' }, stream: true }) },
      { name: 'Retry-After 999999999', script: { kind: 'error', status: 429, message: 'slow down', retryAfter: '999999999' }, send: () => call(provider, { body: normal }) },
      { name: 'answer over the 1 MB cap', script: { kind: 'huge', bytes: 3 * 1024 * 1024 }, send: () => call(provider, { body: { contents: 'x' } }) },
      { name: '1 MB audio uploads, 20 at once', script: { kind: 'text', text: 'The transcript.' }, ok: true, send: () => call(provider, { path: '/speechtotext/speechtotext/transcribe-audio/', raw: audioForm() }) },
    ];
    const started = Date.now();
    const before = { sample: await sample.rssMb(), provider: await provider.rssMb() };
    const counts: string[] = [];
    for (const kind of kinds) {
      if (kind.script) fakeScript(kind.script);
      const statuses = new Map<number, number>();
      let next = 0;
      // Twenty in flight at a time: sustained, without the test itself becoming the bottleneck.
      await Promise.all(
        Array.from({ length: 20 }, async () => {
          while (next < 1_000) {
            next += 1;
            const response = await kind.send();
            await response.arrayBuffer();
            statuses.set(response.status, (statuses.get(response.status) ?? 0) + 1);
          }
        }),
      );
      counts.push(`${kind.name}: ${[...statuses].map(([s, n]) => `${n}x${s}`).join(' ')}`);
      // Refused, or (a stream that ends in an error event, an upload in its turn) answered as the contract says.
      expect([...statuses.keys()].every((s) => (kind.ok ? s === 200 : s >= 400 && s < 600)), kind.name).toBe(true);
    }
    fakeScript({ kind: 'text', text: '{"summary":"ok"}' });
    const timeNormal = async (gateway: Gateway) => {
      const start = performance.now();
      const response = await call(gateway, { body: normal });
      expect(response.status).toBe(200);
      await response.text();
      return Math.round(performance.now() - start);
    };
    const afterMs = { sample: await timeNormal(sample), provider: await timeNormal(provider) };
    const after = { sample: await sample.rssMb(), provider: await provider.rssMb() };
    console.log(
      `[attack] ${kinds.length} kinds x 1,000 hostile requests in a row, in ${Math.round((Date.now() - started) / 1000)} s\n` +
        counts.map((line) => `[attack]   ${line}`).join('\n') +
        `\n[attack] then a normal request: ${afterMs.sample} ms (sample gateway), ${afterMs.provider} ms (provider gateway)` +
        `\n[attack] gateway memory: sample ${before.sample} -> ${after.sample} MB, provider ${before.provider} -> ${after.provider} MB`,
    );
  }, 240_000);
});
