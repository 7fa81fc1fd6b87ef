import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeOpenAI, type FakeProviderServer } from '../src/providers/testing/fakeProviders';
import { answering, describeLimitStore } from './limitStore/limitStoreSuite';
import { createMemoryLimitStore } from './limitStore/memory';
import { createRedisLimitStore } from './limitStore/redis';
import { startGateway, type GatewayProcess } from './testing/gateway';
import { freePort } from './testing/processGroup';
import { startRedis, type RedisProcess } from './testing/redis';
import { ask, expectLimited } from './testing/limitRequests';

/*
 * Shared rate limits on a real store: a real Redis and two real
 * gateway processes (server/node.ts, sample mode) sharing it with a limit of
 * 4 a minute. Requests alternating between the two are limited at 4 in all;
 * a killed instance loses nothing; the same run in memory mode lets each
 * instance allow 4 on its own (so this fails if the limiter goes back to
 * memory). With Redis stopped mid-run the gateway keeps answering with its
 * own limit, and uses Redis again once it is back.
 *
 * Each phase is a different client (X-Forwarded-For behind one trusted hop),
 * so no phase waits for another's window.
 */

const LIMIT = 4;

let workDir = '';
let staticDir = '';
const started: GatewayProcess[] = [];
const redises: RedisProcess[] = [];

async function gateway(env: Record<string, string>): Promise<GatewayProcess> {
  const g = await startGateway({ staticDir, env: { STUDYFORGE_RATE_LIMIT: String(LIMIT), STUDYFORGE_TRUSTED_HOPS: '1', ...env } });
  started.push(g);
  return g;
}

async function redis(port?: number): Promise<RedisProcess> {
  const r = await startRedis(port);
  redises.push(r);
  return r;
}


async function keysIn(r: RedisProcess): Promise<string[]> {
  const client = new Redis(r.url, { lazyConnect: true, maxRetriesPerRequest: 0 });
  try {
    await client.connect();
    return await client.keys('*');
  } finally {
    client.disconnect();
  }
}

beforeAll(async () => {
  workDir = await mkdtemp(path.join(tmpdir(), 'studyforge-shared-'));
  staticDir = path.join(workDir, 'dist');
  await mkdir(staticDir, { recursive: true });
  await writeFile(path.join(staticDir, 'index.html'), '<!doctype html><html><head><title>StudyForge</title></head><body></body></html>');
});

afterAll(async () => {
  await Promise.all([...started.map((g) => g.proc.stop()), ...redises.map((r) => r.stop())]);
  await rm(workDir, { recursive: true, force: true });
});

let suiteRedis: Promise<RedisProcess> | undefined;
describeLimitStore('Redis (TCP)', async () => {
  suiteRedis ??= redis();
  const { url } = await suiteRedis;
  // A generous timeout: this checks what the store counts, not how fast 30 calls at once get through.
  return answering(createRedisLimitStore({ url, fallback: createMemoryLimitStore(), timeoutMs: 5_000, log: () => {} }));
}, async () => createRedisLimitStore({ url: `redis://127.0.0.1:${await freePort()}`, fallback: createMemoryLimitStore(), log: () => {} }), {
  // 1 s rather than the gateway's 250 ms, so a busy test machine never makes a prompt answer look like a stall.
  makeStore: async () => createRedisLimitStore({ url: (await (suiteRedis ??= redis())).url, fallback: createMemoryLimitStore(), timeoutMs: 1_000, log: () => {} }),
  stall: async () => (await (suiteRedis ??= redis())).stall(),
});

describe('two gateway processes sharing one Redis', () => {
  let store: RedisProcess;
  let a: GatewayProcess;
  let b: GatewayProcess;

  beforeAll(async () => {
    store = await redis();
    [a, b] = await Promise.all([gateway({ STUDYFORGE_LIMIT_STORE: store.url }), gateway({ STUDYFORGE_LIMIT_STORE: store.url })]);
  }, 120_000);

  it('limits requests alternating between the two at 4 in all: the 5th, on either, gets the 429', async () => {
    const client = '203.0.113.10';
    const statuses: number[] = [];
    for (const g of [a, b, a, b]) statuses.push((await ask(g, client)).status);
    expect(statuses).toEqual([200, 200, 200, 200]);
    await expectLimited(a, client);
    await expectLimited(b, client);
    // Another client is not limited by this one's count.
    expect((await ask(b, '203.0.113.11')).status).toBe(200);
  });

  it('keeps only hashed keys in Redis: no client address', async () => {
    const keys = await keysIn(store);
    expect(keys.length).toBeGreaterThan(0);
    for (const key of keys) {
      expect(key).toMatch(/^studyforge:rate:[0-9a-f]{64}$/);
      expect(key).not.toContain('203.0.113');
    }
  });

  it('loses nothing when one instance is killed: the other still holds the count', async () => {
    const client = '203.0.113.20';
    for (const g of [a, b, a]) expect((await ask(g, client)).status).toBe(200);
    await a.proc.stop();
    expect(a.proc.child.exitCode !== null || a.proc.child.signalCode !== null).toBe(true);
    expect((await ask(b, client)).status).toBe(200);
    await expectLimited(b, client);
  });
});

describe('control: the same two processes in memory mode', () => {
  it('lets each instance allow the full limit on its own (what sharing prevents)', async () => {
    const [a, b] = await Promise.all([gateway({}), gateway({})]);
    const client = '203.0.113.30';
    const statuses: number[] = [];
    for (let i = 0; i < LIMIT; i += 1) for (const g of [a, b]) statuses.push((await ask(g, client)).status);
    expect(statuses).toEqual(Array(2 * LIMIT).fill(200));
    await expectLimited(a, client);
    await expectLimited(b, client);
  }, 120_000);
});

describe('Redis stopped mid-run', () => {
  it('keeps answering with its own limit, logs one line naming no client, and uses Redis again when it is back', async () => {
    const store = await redis();
    const g = await gateway({ STUDYFORGE_LIMIT_STORE: store.url });
    expect((await ask(g, '198.51.100.1')).status).toBe(200);
    expect((await keysIn(store)).length).toBe(1);

    await store.stop();
    const client = '198.51.100.2';
    for (let i = 0; i < LIMIT; i += 1) {
      const started = Date.now();
      expect((await ask(g, client)).status).toBe(200);
      expect(Date.now() - started).toBeLessThan(2_000);
    }
    await expectLimited(g, client);
    const outageLines = g.proc.output().split('\n').filter((line) => line.includes('rate-limit store') && line.includes("this process's own limit"));
    expect(outageLines).toHaveLength(1);
    expect(g.proc.output()).not.toContain('198.51.100');

    const back = await redis(store.port);
    let used = false;
    for (let i = 0; i < 50 && !used; i += 1) {
      expect((await ask(g, `198.51.100.${100 + i}`)).status).toBe(200);
      used = (await keysIn(back)).length > 0;
      if (!used) await new Promise((resolve) => setTimeout(resolve, 200));
    }
    expect(used).toBe(true);
    expect(g.proc.output()).toContain('rate-limit store answers again');
    // Shared again: the count is in Redis, so the limit is kept there.
    const shared = '198.51.100.3';
    for (let i = 0; i < LIMIT; i += 1) expect((await ask(g, shared)).status).toBe(200);
    await expectLimited(g, shared);
    expect((await keysIn(back)).length).toBeGreaterThanOrEqual(2);
  }, 120_000);
});

describe('Redis slow (paused)', () => {
  it('answers within the store timeout with its own limit while Redis hangs, and uses Redis again when it resumes', async () => {
    const store = await redis();
    const g = await gateway({ STUDYFORGE_LIMIT_STORE: store.url });
    expect((await ask(g, '192.0.2.1')).status).toBe(200);
    const pid = store.proc.child.pid as number;
    process.kill(pid, 'SIGSTOP');
    try {
      const started = Date.now();
      expect((await ask(g, '192.0.2.2')).status).toBe(200);
      // The 250 ms store timeout, not the hung Redis, sets how long the caller waits.
      expect(Date.now() - started).toBeLessThan(1_500);
      expect(g.proc.output()).toMatch(/rate-limit store no answer within 250 ms: using this process's own limit/);
    } finally {
      process.kill(pid, 'SIGCONT');
    }
    let back = false;
    for (let i = 0; i < 25 && !back; i += 1) {
      await ask(g, `192.0.2.${10 + i}`);
      back = g.proc.output().includes('rate-limit store answers again');
      if (!back) await new Promise((resolve) => setTimeout(resolve, 200));
    }
    expect(back).toBe(true);
    expect(g.proc.output()).not.toContain('192.0.2.');
  }, 120_000);
});

/*
 * Budgets across instances: two gateways calling a fake OpenAI-compatible
 * provider that reports 20 tokens a call (8 in, 12 out, its usage field),
 * with a daily cap of 50 tokens for the whole gateway, kept in one Redis.
 */
describe('a daily budget shared by two gateways in one Redis', () => {
  const PROMPT = 'Budget check prompt, marker-b5e1';
  let fake: FakeProviderServer;

  async function spend(g: GatewayProcess, client: string): Promise<{ status: number; error?: string; retryAfter: string | null }> {
    const response = await fetch(`${g.base}/functions/v1/gemini`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': client, 'X-StudyForge-Usage': '0' },
      body: JSON.stringify({ contents: PROMPT }),
      signal: AbortSignal.timeout(5_000),
    });
    const body = (await response.json()) as { error?: string };
    return { status: response.status, error: body.error, retryAfter: response.headers.get('retry-after') };
  }

  /** Calls the provider answered (each gateway also asks GET /v1/models once at start). */
  const answered = () => fake.exchanges.filter((exchange) => exchange.method === 'POST').length;

  beforeAll(async () => {
    fake = await startFakeOpenAI({ apiKey: 'sk-provider', model: 'fake-model' });
  });
  afterAll(async () => {
    await fake?.close();
  });

  it('holds across both (and a new instance), refuses with the allowance message, fails closed while Redis hangs, and applies again when it is back', async () => {
    const store = await redis();
    const env = {
      STUDYFORGE_LIMIT_STORE: store.url,
      STUDYFORGE_RATE_LIMIT: '1000',
      STUDYFORGE_BUDGET_DAILY_TOKENS: '50',
      OPENAI_BASE_URL: fake.baseUrl,
      OPENAI_API_KEY: 'sk-provider',
      OPENAI_MODEL: 'fake-model',
    };
    const [a, b] = await Promise.all([gateway(env), gateway(env)]);
    // 20 tokens a call: 0, 20 and 40 are below 50, so three calls pass, whichever instance takes them.
    const spent = [await spend(a, '203.0.113.40'), await spend(b, '203.0.113.41'), await spend(a, '203.0.113.42')];
    expect(spent.map((s) => s.status)).toEqual([200, 200, 200]);
    for (const g of [b, a]) {
      const refused = await spend(g, '203.0.113.43');
      expect(refused.status).toBe(429);
      expect(refused.error).toMatch(/^This school's daily AI allowance is used up; it resets at 00:00 UTC \(in \d+ (hours?|minutes?)\)\.$/);
      expect(Number(refused.retryAfter)).toBeGreaterThan(0);
    }
    // A new instance (as after a restart or a scale-up) starts from the shared count, not from zero.
    const c = await gateway(env);
    expect((await spend(c, '203.0.113.44')).status).toBe(429);
    expect(answered()).toBe(3);

    const pid = store.proc.child.pid as number;
    process.kill(pid, 'SIGSTOP');
    try {
      const started = Date.now();
      const closed = await spend(a, '203.0.113.45');
      expect(closed.status).toBe(503);
      expect(closed.error).toBe("This school's AI allowance cannot be checked right now. Please try again in a minute.");
      expect(Date.now() - started).toBeLessThan(1_500);
    } finally {
      process.kill(pid, 'SIGCONT');
    }
    let refusedAgain = false;
    for (let i = 0; i < 25 && !refusedAgain; i += 1) {
      refusedAgain = (await spend(a, '203.0.113.46')).status === 429;
      if (!refusedAgain) await new Promise((resolve) => setTimeout(resolve, 200));
    }
    expect(refusedAgain).toBe(true);
    expect(answered()).toBe(3);
    for (const g of [a, b, c]) {
      expect(g.proc.output()).not.toContain('marker-b5e1');
      expect(g.proc.output()).not.toContain('203.0.113.4');
    }
    expect(a.proc.output()).toContain('budgets fail closed');
    for (const key of await keysIn(store)) expect(key).toMatch(/^studyforge:(rate|budget):[0-9a-f]{64}$/);
  }, 120_000);
});
