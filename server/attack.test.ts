import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
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
  sample,
  startGateway,
  stillServes,
  streamEvents,
  useAttackGateways,
  withSchema,
  type Gateway,
} from './testing/attackGateways';

/*
 * The attack suite: each finding of the attack run against
 * `npm start`, replayed against the real gateway process (server/node.ts
 * under Node, on loopback, with fake providers), plus the attacks that
 * already failed (auth, CORS, body limits, traversal, SSRF, aborts), so they
 * keep failing. Findings 5 and 6's import and multi-tab items live where the
 * code runs, in the browser: src/features/projects/projectFile.test.ts,
 * src/app/crossTab.test.ts and e2e/hostile-import.spec.ts.
 *
 * Two gateways: SAMPLE, as `npm start` runs with no provider configured (the
 * default a school tries first), and PROVIDER, behind one trusted proxy, with
 * a fake OpenAI-compatible provider, a public key, a small rate limit and
 * short upstream clocks.
 *
 * Findings 1 to 4 are here; finding 6, the attacks that already failed and the
 * 1,000 hostile requests are in attackHoles.test.ts. The gateways and request
 * helpers are in testing/attackGateways.ts.
 */

useAttackGateways();

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
      expect(((await response.json()) as { error: string }).error).toMatch(/nests more than 10 levels/);
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
    // The operator's log names the status and the kind; what the provider said stays out unless opted in (logsHoldNoContent.test.ts).
    expect(provider.proc.output()).toContain('[gateway] provider failure: 502 refused (upstream status 400)');
    expect(provider.proc.output()).not.toContain('db.internal.school');
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
