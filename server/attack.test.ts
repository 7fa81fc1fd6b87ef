import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createParser } from 'eventsource-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeOpenAI, type FakeAnswer, type FakeProviderServer } from '../src/engine/testing/fakeProviders';
import { startGateway as startGatewayProcess } from './testing/gateway';
import type { GroupProcess } from './testing/processGroup';

/*
 * The attack suite (issue 10): each finding of the attack run against
 * `npm start`, replayed against the real gateway process (server/node.ts
 * under Node, on loopback, with fake providers), plus the attacks that
 * already failed (auth, CORS, body limits, traversal, SSRF, aborts), so they
 * keep failing. Findings 5 and 6's import and multi-tab items live where the
 * code runs, in the browser: src/engine/projectFile.test.ts,
 * src/state/crossTab.test.ts and e2e/hostile-import.spec.ts.
 *
 * Two gateways: SAMPLE, as `npm start` runs with no provider configured (the
 * default a school tries first), and PROVIDER, behind one trusted proxy, with
 * a fake OpenAI-compatible provider, a public key, a small rate limit and
 * short upstream clocks.
 */

const PUBLIC_KEY = 'anon-attack-key';
const PROVIDER_KEY = 'sk-attack-provider-0123456789';
const ALLOWED_ORIGIN = 'https://school.example';
const INTERNALS = ['postgres://admin:hunter2@db.internal.school:5432/prod', '/srv/studyforge/config/secrets.yaml', 'db.internal.school', 'hunter2'];

interface Gateway {
  base: string;
  proc: GroupProcess;
  /** Resident memory of the gateway process, in MB (the child is node itself, not a wrapper). */
  rssMb(): Promise<number>;
}

let workDir = '';
let staticDir = '';

async function startGateway(env: Record<string, string>): Promise<Gateway> {
  const gateway = await startGatewayProcess({ staticDir, env });
  return {
    base: gateway.base,
    proc: gateway.proc,
    rssMb: async () => {
      const bytes = gateway.rssBytes();
      return bytes === null ? Number.NaN : Math.round(bytes / 1024 / 1024);
    },
  };
}

let sample: Gateway;
let provider: Gateway;
let fake: FakeProviderServer;

beforeAll(async () => {
  workDir = await mkdtemp(path.join(tmpdir(), 'studyforge-attack-'));
  staticDir = path.join(workDir, 'dist');
  await mkdir(path.join(staticDir, '.git'), { recursive: true });
  await mkdir(path.join(staticDir, 'assets'), { recursive: true });
  // Newer than every source, so server/node.ts serves it as the build instead of building.
  await writeFile(path.join(staticDir, 'index.html'), '<!doctype html><html><head><title>StudyForge</title></head><body></body></html>');
  await writeFile(path.join(staticDir, 'assets', 'app.js'), 'console.log("app");');
  await writeFile(path.join(staticDir, '.env'), 'OPENAI_API_KEY=sk-left-in-dist');
  await writeFile(path.join(staticDir, '.git', 'config'), '[remote "origin"] url = https://token@git.internal');
  await writeFile(path.join(workDir, 'outside.txt'), 'outside the static folder');

  fake = await startFakeOpenAI({ apiKey: PROVIDER_KEY, model: 'test-model', chunkDelayMs: 5 });
  [sample, provider] = await Promise.all([
    startGateway({ STUDYFORGE_RATE_LIMIT: '1000000' }),
    startGateway({
      OPENAI_BASE_URL: fake.baseUrl,
      OPENAI_API_KEY: PROVIDER_KEY,
      OPENAI_MODEL: 'test-model',
      TRANSCRIBE_MODEL: 'test-model',
      STUDYFORGE_PUBLIC_KEY: PUBLIC_KEY,
      STUDYFORGE_ALLOWED_ORIGINS: ALLOWED_ORIGIN,
      STUDYFORGE_TRUSTED_HOPS: '1',
      STUDYFORGE_RATE_LIMIT: '1000000',
      STUDYFORGE_UPSTREAM_TIMEOUT_MS: '1500',
      STUDYFORGE_MAX_ANSWER_BYTES: String(1024 * 1024),
      STUDYFORGE_MAX_AUDIO_UPLOADS: '4',
    }),
  ]);
}, 120_000);

afterAll(async () => {
  await Promise.all([sample?.proc.stop(), provider?.proc.stop()]);
  await fake?.close();
  await rm(workDir, { recursive: true, force: true });
});

/* ---- requests ---- */

interface CallInit {
  body?: unknown;
  raw?: string | Blob | FormData;
  headers?: Record<string, string>;
  method?: string;
  path?: string;
  stream?: boolean;
  signal?: AbortSignal;
}

function call(gateway: Gateway, init: CallInit = {}): Promise<Response> {
  const headers: Record<string, string> = {
    ...(init.raw === undefined || typeof init.raw === 'string' ? { 'Content-Type': 'application/json' } : {}),
    ...(gateway === provider ? { Authorization: `Bearer ${PUBLIC_KEY}` } : {}),
    ...(init.stream ? { Accept: 'text/event-stream' } : {}),
    ...init.headers,
  };
  const method = init.method ?? 'POST';
  return fetch(`${gateway.base}${init.path ?? '/functions/v1/gemini'}`, {
    method,
    headers,
    ...(method === 'GET' || method === 'HEAD' ? {} : { body: init.raw ?? JSON.stringify(init.body ?? { contents: 'Explain photosynthesis.' }) }),
    signal: init.signal,
  });
}

const normal = { contents: 'Explain photosynthesis.', config: { responseMimeType: 'application/json', responseSchema: { type: 'OBJECT', properties: { summary: { type: 'STRING' } }, required: ['summary'] } } };

function arrayOf(items: unknown, minItems: number): Record<string, unknown> {
  return { type: 'ARRAY', minItems, items };
}

/** `levels` arrays nested in each other, each asking for `minItems` items. */
function nestedArrays(levels: number, minItems: number): Record<string, unknown> {
  let schema: Record<string, unknown> = { type: 'STRING' };
  for (let i = 0; i < levels; i++) schema = arrayOf(schema, minItems);
  return schema;
}

/** A request whose schema nests `levels` arrays, written as text: JSON.stringify itself would overflow the stack. */
function deepSchemaBody(levels: number): string {
  const open = '{"type":"ARRAY","minItems":1,"items":'.repeat(levels);
  return `{"contents":"x","config":{"responseMimeType":"application/json","responseSchema":${open}{"type":"STRING"}${'}'.repeat(levels)}}}`;
}

function withSchema(responseSchema: unknown) {
  return { contents: 'x', config: { responseMimeType: 'application/json', responseSchema } };
}

async function streamEvents(response: Response): Promise<{ event: string; data: string }[]> {
  const events: { event: string; data: string }[] = [];
  const parser = createParser({ onEvent: (e) => events.push({ event: e.event ?? 'message', data: e.data }) });
  parser.feed(await response.text());
  return events;
}

/** Answers the normal request: the gateway is alive and serving. */
async function stillServes(gateway: Gateway): Promise<void> {
  const response = await call(gateway, { body: normal });
  expect(response.status).toBe(200);
}

function fakeScript(...answers: FakeAnswer[]) {
  fake.script(...answers);
}

/* ---- Finding 1: one request kills the gateway ---- */

describe('finding 1: a response schema cannot make the sample answerer build gigabytes', () => {
  it('refuses three nested levels of minItems 1000 (185 bytes asking for 10^9 items) with 400 naming the limit, and lives', async () => {
    const body = JSON.stringify({ contents: 'x', config: { responseSchema: nestedArrays(3, 1000) } });
    expect(body.length).toBeLessThan(200);
    const response = await call(sample, { raw: body });
    expect(response.status).toBe(400);
    expect(((await response.json()) as { error: string }).error).toMatch(/minItems is 1000; the limit is 200/);
    await stillServes(sample);
  });

  it('refuses minItems 1e6 at one level quickly, with a small answer', async () => {
    const response = await call(sample, { body: withSchema(arrayOf({ type: 'STRING' }, 1_000_000)) });
    expect(response.status).toBe(400);
    expect((await response.text()).length).toBeLessThan(500);
  });

  it('refuses an answer that multiplies out past the limit at allowed counts (200 x 200)', async () => {
    const response = await call(sample, { body: withSchema(nestedArrays(2, 200)) });
    expect(response.status).toBe(400);
    expect(((await response.json()) as { error: string }).error).toMatch(/more than 2000 values/);
  });

  it('refuses a schema nested 5,000 levels deep with 400 naming the depth, not 500 with a stack overflow', async () => {
    const before = sample.proc.output().length;
    for (const levels of [1_000, 5_000]) {
      const response = await call(sample, { raw: deepSchemaBody(levels) });
      expect(response.status).toBe(400);
      expect(((await response.json()) as { error: string }).error).toMatch(/nested deeper than 12 levels/);
    }
    expect(sample.proc.output().slice(before)).not.toMatch(/RangeError|Maximum call stack/);
  });

  it('still answers every schema of the registry\'s size, streamed and plain', async () => {
    const response = await call(sample, { body: withSchema(nestedArrays(3, 8)) });
    expect(response.status).toBe(200);
    const streamed = await call(sample, { body: normal, stream: true });
    expect((await streamEvents(streamed)).at(-1)?.event).toBe('done');
  });
});

/* ---- Finding 2: the rate limit can be bypassed ---- */

describe('finding 2: the rate limit keys on the address our proxy saw', () => {
  let limited: Gateway;
  beforeAll(async () => {
    // The older setting the attack run used; it now means one trusted proxy.
    limited = await startGateway({ STUDYFORGE_TRUST_PROXY: 'true', STUDYFORGE_RATE_LIMIT: '3', STUDYFORGE_RATE_WINDOW_MS: '60000' });
  }, 60_000);
  afterAll(() => limited?.proc.stop());

  it('a caller writing a new X-Forwarded-For address each time is still limited to 3 a minute', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 20; i++) {
      // What the caller wrote, then what our proxy appended: the caller's real address.
      const forwarded = `${(i * 37) % 256}.${i}.0.${i + 1}, 203.0.113.7`;
      statuses.push((await call(limited, { body: normal, headers: { 'X-Forwarded-For': forwarded } })).status);
    }
    expect(statuses.slice(0, 3)).toEqual([200, 200, 200]);
    expect(statuses.slice(3).every((s) => s === 429)).toBe(true);
  });

  it('a forwarded entry that is no IP address does not give a fresh allowance', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) {
      statuses.push((await call(limited, { body: normal, headers: { 'X-Forwarded-For': `not-an-ip-${i}` } })).status);
    }
    // Keyed by the socket peer (127.0.0.1), which has its own 3.
    expect(statuses.filter((s) => s === 429).length).toBeGreaterThanOrEqual(3);
  });
});

/* ---- Finding 3: upstream internals reach the client ---- */

describe('finding 3: the provider\'s own words never reach the browser', () => {
  const leaky = `database error: could not connect to ${INTERNALS[0]} (config ${INTERNALS[1]}), key ${PROVIDER_KEY}`;

  async function expectNoInternals(response: Response) {
    const text = await response.text();
    for (const secret of [...INTERNALS, PROVIDER_KEY]) expect(text).not.toContain(secret);
    return text;
  }

  it('a 4xx body with a database URL, a file path and a host is answered with a generic message and the status', async () => {
    fakeScript({ kind: 'error', status: 400, message: leaky });
    const response = await call(provider, { body: normal });
    expect(response.status).toBe(502);
    expect(await expectNoInternals(response)).toMatch(/refused the request \(status 400\)/);
    // The operator still learns what the provider said, without the key.
    expect(provider.proc.output()).toContain('db.internal.school');
    expect(provider.proc.output()).not.toContain(PROVIDER_KEY);
  });

  it('the same in a streamed error event', async () => {
    fakeScript({ kind: 'streamError', chunks: ['Half '], message: leaky });
    const response = await call(provider, { body: { contents: 'x' }, stream: true });
    const text = await expectNoInternals(response);
    expect(text).toContain('event: error');
  });

  it('the same for a 4xx before a stream starts, and for a refusal', async () => {
    fakeScript({ kind: 'error', status: 422, message: leaky });
    await expectNoInternals(await call(provider, { body: { contents: 'x' }, stream: true }));
    fakeScript({
      kind: 'raw',
      status: 200,
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ id: 'x', object: 'chat.completion', created: 1, model: 'test-model', choices: [{ index: 0, message: { role: 'assistant', content: null, refusal: leaky }, finish_reason: 'stop' }] }),
    });
    await expectNoInternals(await call(provider, { body: normal }));
  });
});

/* ---- Finding 4: unbounded bytes ---- */

describe('finding 4: answers, errors and uploads are bounded in bytes', () => {
  it('a 50 MB answer is cut off at the cap: the provider connection is closed early and the gateway does not grow by it', async () => {
    const before = await provider.rssMb();
    for (const stream of [false, true]) {
      fakeScript({ kind: 'huge', bytes: 50 * 1024 * 1024 });
      const index = fake.exchanges.length;
      const response = await call(provider, { body: { contents: 'x' }, stream });
      const text = await response.text();
      expect(text).toMatch(/longer than/);
      // Streamed: what was relayed before the cut, never the 50 MB, and no `done` repeating it.
      expect(text.length).toBeLessThan(4 * 1024 * 1024);
      await fake.waitForClientClose(index, 10_000);
      expect(fake.exchanges[index]?.bytesSent ?? 0).toBeLessThan(50 * 1024 * 1024);
    }
    const after = await provider.rssMb();
    console.log(`[attack] gateway memory around two 50 MB answers: ${before} MB -> ${after} MB`);
    expect(after - before).toBeLessThan(200);
  }, 60_000);

  it('a streamed answer is sent once: done does not repeat the deltas', async () => {
    fakeScript({ kind: 'text', text: 'Bees pollinate flowers and crops.' });
    const events = await streamEvents(await call(provider, { body: { contents: 'x' }, stream: true }));
    expect(events.at(-1)).toEqual({ event: 'done', data: '{}' });
    expect(events.filter((e) => e.event === 'delta').map((e) => (JSON.parse(e.data) as { text: string }).text).join('')).toBe(
      'Bees pollinate flowers and crops.',
    );
  });

  it('an error body of 20 MB is not read whole', async () => {
    fakeScript({ kind: 'error', status: 400, message: 'bad request', bodyBytes: 20 * 1024 * 1024 });
    const index = fake.exchanges.length;
    const response = await call(provider, { body: normal });
    expect(response.status).toBe(502);
    await fake.waitForClientClose(index, 10_000);
  }, 30_000);

  it('sixteen concurrent 24 MB uploads: four are taken in at a time, the rest wait unread, and memory holds a few, not sixteen', async () => {
    fakeScript({ kind: 'text', text: 'The transcript.' });
    const audio = new Blob([new Uint8Array(24 * 1024 * 1024)], { type: 'audio/webm' });
    const before = await provider.rssMb();
    let peak = before;
    const sampler = setInterval(() => void provider.rssMb().then((mb) => (peak = Math.max(peak, mb))), 25);
    const statuses = await Promise.all(
      Array.from({ length: 16 }, async () => {
        const form = new FormData();
        form.append('file', audio, 'recording.webm');
        const response = await call(provider, { path: '/speechtotext/speechtotext/transcribe-audio/', raw: form });
        await response.arrayBuffer();
        return response.status;
      }),
    );
    clearInterval(sampler);
    console.log(`[attack] 16 concurrent 24 MB uploads: ${statuses.filter((s) => s === 200).length} transcribed; gateway memory ${before} MB -> peak ${peak} MB`);
    expect(statuses).toEqual(new Array(16).fill(200));
    // An upload in hand costs about four times its size while it is parsed and sent on (~100 MB here): sixteen
    // at once grew the gateway by 1.0-1.3 GB (1.3 GB in the attack run, 1.0-1.2 GB replayed on the old code);
    // four at a time measure 400-600 MB, the high end with both cores busy and garbage collection behind.
    expect(peak - before).toBeLessThan(900);
  }, 90_000);
});

/* ---- Finding 6: the smaller ones ---- */

describe('finding 6: smaller holes', () => {
  it('a text/plain or form body (what any site can POST without asking) is refused with 415 and never reaches the provider', async () => {
    const before = fake.exchanges.length;
    for (const type of ['text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x']) {
      const response = await call(provider, { raw: JSON.stringify(normal), headers: { 'Content-Type': type } });
      expect(response.status).toBe(415);
      expect(((await response.json()) as { error: string }).error).toMatch(/application\/json/);
    }
    expect(fake.exchanges.length).toBe(before);
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
