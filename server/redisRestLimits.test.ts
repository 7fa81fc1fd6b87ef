import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { TextProvider } from '../src/providers/types';
import { createGateway } from './app';
import { gatewaySettingsFromEnv, LIMIT_STORE_TOKEN_VARIABLE, LIMIT_STORE_VARIABLE } from './config';
import { answering, describeLimitStore } from './limitStore/limitStoreSuite';
import { createMemoryLimitStore } from './limitStore/memory';
import { createRedisLimitStore, redisBudgetKeyFor, redisKeyFor } from './limitStore/redis';
import { createRedisRestLimitStore } from './limitStore/redisRest';
import { budgetKey, rateKey } from './limitStore/redisScripts';
import { StoreUnavailable, type LimitStore } from './limitStore/types';
import { startGateway, type GatewayProcess } from './testing/gateway';
import { call, stubProvider } from './testing/gatewayStubs';
import { startRedis, type RedisProcess } from './testing/redis';
import { startRedisRestServer, type RedisRestServer } from './testing/redisRestServer';
import { TOO_MANY } from './testing/limitRequests';

/*
 * Shared counters over Redis's REST protocol: the store a
 * Supabase Edge Function can use (limitStore/redisRest.ts), the twin of
 * sharedLimits.test.ts (Redis over TCP) and denoKvLimits.test.ts.
 *
 * The endpoint is a local stand-in (testing/redisRestServer.ts), strict like
 * Upstash's documentation (bearer token, JSON array commands, {"result"} and
 * {"error"}), forwarding every command to a real Redis: the Lua scripts run
 * in Redis itself. Gateways are built in this process (createGateway with a
 * REST store each, a stub provider that reports its usage), and one is a
 * real Node gateway process (server/node.ts) configured by environment.
 *
 * Shown: two gateways share a limit of 4 and a daily budget; only hashed
 * keys reach Redis, the same keys the TCP store uses; a wrong token makes
 * the rate limit fail open (one log line) and the budgets fail closed (503),
 * with the token in no log line; the endpoint stopped, or answering later
 * than 250 ms, gives the same fallbacks within the timeout, and the shared
 * counters apply again once it is back.
 *
 * Each phase is a different client (X-Forwarded-For behind one trusted
 * hop), so no phase waits for another's window.
 */

const LIMIT = 4;
const TOKEN = 'rest-token-3f9a61c2e8b04d75';
const WRONG_TOKEN = 'wrong-token-b81d0c77e4a2';
const SALT = 'rest-test-salt';
const UNAVAILABLE = "This school's AI allowance cannot be checked right now. Please try again in a minute.";
const ALLOWANCE = /^This school's daily AI allowance is used up; it resets at 00:00 UTC \(in \d+ (hours?|minutes?)\)\.$/;

let redis: RedisProcess;
let rest: RedisRestServer;
/** Every line the gateways in this process wrote to the console (budgets.ts logs there) and their stores logged. */
const lines: string[] = [];
const stores: LimitStore[] = [];

beforeAll(async () => {
  redis = await startRedis();
  rest = await startRedisRestServer({ redisUrl: redis.url, token: TOKEN });
  for (const method of ['log', 'warn', 'error'] as const) {
    vi.spyOn(console, method).mockImplementation((...args: unknown[]) => {
      lines.push(args.map(String).join(' '));
    });
  }
}, 60_000);

afterAll(async () => {
  vi.restoreAllMocks();
  await Promise.all(stores.map((store) => store.close()));
  await rest?.close();
  await redis?.stop();
});

/** A REST store as the gateways build it, its adds tracked so a test can wait for the budget a call recorded. */
function restStore(options: { token?: string; log?: (line: string) => void } = {}) {
  const inner = createRedisRestLimitStore({
    url: rest.url,
    token: options.token ?? TOKEN,
    salt: SALT,
    fallback: createMemoryLimitStore(),
    log: options.log ?? ((line) => lines.push(line)),
  });
  stores.push(inner);
  const inFlight = new Set<Promise<unknown>>();
  const tracked = <T>(work: Promise<T>): Promise<T> => {
    inFlight.add(work);
    void work.catch(() => {}).finally(() => inFlight.delete(work));
    return work;
  };
  const store: LimitStore = {
    consume: (...args) => inner.consume(...args),
    add: (counts) => tracked(inner.add(counts)),
    reserve: (charge, amount) => tracked(inner.reserve(charge, amount)),
    settle: (charge, amount) => tracked(inner.settle(charge, amount)),
    close: () => inner.close(),
  };
  /** Waits for the budget operations in flight (the gateway settles a call's tokens without awaiting them). */
  const settled = async () => {
    await Promise.allSettled([...inFlight]);
  };
  return { store, settled };
}

/** A gateway in this process, as the Supabase function builds one, counting in its own REST store. */
function gatewayOver(store: LimitStore, env: Record<string, string> = {}, text: TextProvider = stubProvider({ answer: 'ok' })) {
  const settings = gatewaySettingsFromEnv({ STUDYFORGE_PUBLIC_KEY: 'anon-key', STUDYFORGE_RATE_LIMIT: String(LIMIT), STUDYFORGE_TRUSTED_HOPS: '1', ...env });
  return createGateway({ settings, text, transcription: null, limitStore: store });
}

type Gateway = ReturnType<typeof gatewayOver>;

function from(client: string, body: unknown = { contents: 'x' }): Request {
  const request = call(body);
  const headers = new Headers(request.headers);
  headers.set('X-Forwarded-For', client);
  return new Request(request, { headers });
}

async function ask(g: Gateway, client: string): Promise<Response> {
  const response = await g.fetch(from(client));
  await response.text();
  return response;
}

async function expectLimited(g: Gateway, client: string): Promise<void> {
  const response = await g.fetch(from(client));
  expect(response.status).toBe(429);
  expect(Number(response.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
  expect(((await response.json()) as { error: string }).error).toMatch(TOO_MANY);
}

async function keysInRedis(): Promise<string[]> {
  const client = new Redis(redis.url, { lazyConnect: true, maxRetriesPerRequest: 0 });
  try {
    await client.connect();
    return await client.keys('*');
  } finally {
    client.disconnect();
  }
}

async function post(body: string, authorization: string | null): Promise<{ status: number; body: unknown }> {
  const headers: Record<string, string> = { 'Content-Type': 'application/json' };
  if (authorization !== null) headers.Authorization = authorization;
  const response = await fetch(rest.url, { method: 'POST', headers, body });
  return { status: response.status, body: await response.json() };
}

// A generous timeout: this checks what the store counts, not how fast 30 requests at once get through.
describeLimitStore('Redis over REST', () =>
  answering(createRedisRestLimitStore({ url: rest.url, token: TOKEN, salt: SALT, fallback: createMemoryLimitStore(), timeoutMs: 5_000, log: () => {} })),
  () => createRedisRestLimitStore({ url: rest.url, token: WRONG_TOKEN, salt: SALT, fallback: createMemoryLimitStore(), log: () => {} }),
  {
    // 1 s rather than the gateway's 250 ms, so a busy test machine never makes a prompt answer look like a stall.
    makeStore: () => createRedisRestLimitStore({ url: rest.url, token: TOKEN, salt: SALT, fallback: createMemoryLimitStore(), timeoutMs: 1_000, log: () => {} }),
    // The Redis behind the endpoint stalls: the endpoint still takes each command, and runs it once Redis resumes, though its caller has gone.
    stall: () => redis.stall(),
  },
);

describe(`${LIMIT_STORE_VARIABLE}=https://… (a Redis REST endpoint)`, () => {
  it(`takes an https endpoint with its token in ${LIMIT_STORE_TOKEN_VARIABLE}, and the salt`, () => {
    expect(gatewaySettingsFromEnv({ [LIMIT_STORE_VARIABLE]: 'https://eu1-example.upstash.io', [LIMIT_STORE_TOKEN_VARIABLE]: ' AXkq_token ', STUDYFORGE_LIMIT_SALT: 's3cret' }).limitStore).toEqual({
      kind: 'redis-rest',
      url: 'https://eu1-example.upstash.io/',
      token: 'AXkq_token',
      salt: 's3cret',
    });
  });

  it('takes plain http on this machine only (127.0.0.1, ::1, localhost)', () => {
    for (const url of ['http://127.0.0.1:8079', 'http://[::1]:8079', 'http://localhost:8079/']) {
      expect(gatewaySettingsFromEnv({ [LIMIT_STORE_VARIABLE]: url, [LIMIT_STORE_TOKEN_VARIABLE]: 't' }).limitStore).toMatchObject({ kind: 'redis-rest', token: 't', salt: '' });
    }
  });

  it('refuses plain http to another host, since the token would travel in clear', () => {
    for (const url of ['http://eu1-example.upstash.io', 'http://10.0.0.5:8079', 'http://127.0.0.1.example.com']) {
      expect(() => gatewaySettingsFromEnv({ [LIMIT_STORE_VARIABLE]: url, [LIMIT_STORE_TOKEN_VARIABLE]: 't' })).toThrow(/must use https:\/\/ .*token would travel in clear/);
    }
  });

  it(`refuses an endpoint without its token, naming ${LIMIT_STORE_TOKEN_VARIABLE}, and a token no header can carry, without echoing it`, () => {
    for (const env of [{}, { [LIMIT_STORE_TOKEN_VARIABLE]: '  ' }]) {
      expect(() => gatewaySettingsFromEnv({ [LIMIT_STORE_VARIABLE]: 'https://eu1-example.upstash.io', ...env })).toThrow(new RegExp(`needs its token in ${LIMIT_STORE_TOKEN_VARIABLE}`));
    }
    expect(() => gatewaySettingsFromEnv({ [LIMIT_STORE_VARIABLE]: 'https://eu1-example.upstash.io', [LIMIT_STORE_TOKEN_VARIABLE]: 'two secret-words' })).toThrow(/^(?!.*secret-words).*printable characters, no spaces/s);
    expect(() => gatewaySettingsFromEnv({ [LIMIT_STORE_VARIABLE]: 'https://user:pw-secret@eu1-example.upstash.io', [LIMIT_STORE_TOKEN_VARIABLE]: 't' })).toThrow(/^(?!.*pw-secret).*must not hold a user or password/s);
  });

  it('lists the REST form among what it takes when refusing anything else', () => {
    expect(() => gatewaySettingsFromEnv({ [LIMIT_STORE_VARIABLE]: 'ftp://cache.internal' })).toThrow(/a Redis REST endpoint like https:\/\/.*STUDYFORGE_LIMIT_STORE_TOKEN/);
  });
});

describe('the stand-in REST endpoint is as strict as the documentation', () => {
  it('answers 401 {"error":"Unauthorized"} to a missing or wrong token, 400 {"error"} to a body that is not a command, and {"result"} to one', async () => {
    expect(await post('["PING"]', null)).toEqual({ status: 401, body: { error: 'Unauthorized' } });
    expect(await post('["PING"]', `Bearer ${WRONG_TOKEN}`)).toEqual({ status: 401, body: { error: 'Unauthorized' } });
    for (const bad of ['{"command":"PING"}', '[]', '["PING",{"x":1}]', '[1]', 'PING']) {
      const refused = await post(bad, `Bearer ${TOKEN}`);
      expect(refused.status).toBe(400);
      expect(refused.body).toEqual({ error: expect.stringMatching(/^ERR/) as unknown });
    }
    expect(await post('["ECHO","x"]', `Bearer ${TOKEN}`)).toEqual({ status: 200, body: { result: 'x' } });
    // Redis's own errors come back as {"error"} with its message.
    expect(await post('["INCRBY","studyforge:test:not-a-number","x"]', `Bearer ${TOKEN}`)).toEqual({ status: 400, body: { error: expect.stringMatching(/not an integer/) as unknown } });
    await post('["DEL","studyforge:test:not-a-number"]', `Bearer ${TOKEN}`);
  });
});

describe('keys over REST', () => {
  it('are the same SHA-256 keys the TCP store uses (Web Crypto here, node:crypto there), so existing counters carry on', async () => {
    expect(await rateKey('203.0.113.7', 60_000)).toBe('studyforge:rate:831e0e44dab836fd85891a902eda218ed11ecad27aa2d948a35dd288a54bccff');
    expect(await rateKey('203.0.113.7', 60_000)).toBe(redisKeyFor('203.0.113.7', 60_000));
    expect(await rateKey('203.0.113.7', 60_000, 'district-salt')).toBe(redisKeyFor('203.0.113.7', 60_000, 'district-salt'));
    expect(await budgetKey('ip:203.0.113.7', 'district-salt')).toBe('studyforge:budget:81ed9ff13b4c35c3a90eaf5086ddf5092ec45cc74dbee1e11c9425b034cd0a6a');
    expect(await budgetKey('ip:203.0.113.7', 'district-salt')).toBe(redisBudgetKeyFor('ip:203.0.113.7', 'district-salt'));
  });
});

describe('two gateways sharing one Redis over REST', () => {
  it('limits requests alternating between the two at 4 in all: the 5th, on either, gets the 429', async () => {
    const a = gatewayOver(restStore().store);
    const b = gatewayOver(restStore().store);
    const client = '203.0.113.10';
    const statuses: number[] = [];
    for (const g of [a, b, a, b]) statuses.push((await ask(g, client)).status);
    expect(statuses).toEqual([200, 200, 200, 200]);
    await expectLimited(a, client);
    await expectLimited(b, client);
    // Another client is not limited by this one's count.
    expect((await ask(b, '203.0.113.11')).status).toBe(200);
    // Through the endpoint, by EVAL: one command a request.
    expect(rest.commands.filter((command) => command.name === 'EVAL').length).toBeGreaterThanOrEqual(7);
  });

  it('keeps only hashed keys in Redis, the very keys the TCP store counts in, so both can share one count', async () => {
    const client = '203.0.113.12';
    const overRest = restStore().store;
    const overTcp = createRedisLimitStore({ url: redis.url, salt: SALT, fallback: createMemoryLimitStore() });
    stores.push(overTcp);
    const allowed: boolean[] = [];
    for (const store of [overRest, overTcp, overRest, overTcp, overRest, overTcp]) allowed.push((await store.consume(client, 60_000, LIMIT)).allowed);
    expect(allowed).toEqual([true, true, true, true, false, false]);
    const keys = await keysInRedis();
    expect(keys).toContain(redisKeyFor(client, 60_000, SALT));
    for (const key of keys) {
      expect(key).toMatch(/^studyforge:(rate|budget):[0-9a-f]{64}$/);
      expect(key).not.toContain('203.0.113');
    }
  });
});

describe('a real Node gateway and one in this process, sharing a limit over REST', () => {
  let workDir = '';
  let node: GatewayProcess;

  beforeAll(async () => {
    workDir = await mkdtemp(path.join(tmpdir(), 'studyforge-rest-'));
    const staticDir = path.join(workDir, 'dist');
    await mkdir(staticDir, { recursive: true });
    await writeFile(path.join(staticDir, 'index.html'), '<!doctype html><html><head><title>StudyForge</title></head><body></body></html>');
    node = await startGateway({
      staticDir,
      env: { STUDYFORGE_LIMIT_STORE: rest.url, STUDYFORGE_LIMIT_STORE_TOKEN: TOKEN, STUDYFORGE_LIMIT_SALT: SALT, STUDYFORGE_RATE_LIMIT: String(LIMIT), STUDYFORGE_TRUSTED_HOPS: '1' },
    });
  }, 120_000);

  afterAll(async () => {
    await node?.proc.stop();
    if (workDir) await rm(workDir, { recursive: true, force: true });
  });

  it('says at start that the limit is shared over REST, without the token, and counts with the other at 4 in all', async () => {
    expect(node.proc.output()).toMatch(/rate limit: shared in Redis over REST at 127\.0\.0\.1:\d+ \(keys are hashes/);
    const here = gatewayOver(restStore().store);
    const client = '203.0.113.13';
    const askNode = async () => {
      const response = await fetch(`${node.base}/functions/v1/gemini`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': client },
        body: JSON.stringify({ contents: 'x' }),
        signal: AbortSignal.timeout(5_000),
      });
      await response.text();
      return response.status;
    };
    const statuses = [await askNode(), (await ask(here, client)).status, await askNode(), (await ask(here, client)).status];
    expect(statuses).toEqual([200, 200, 200, 200]);
    expect(await askNode()).toBe(429);
    await expectLimited(here, client);
    expect(node.proc.output()).not.toContain(TOKEN);
    expect(node.proc.output()).not.toContain('203.0.113');
  });
});

/*
 * Budgets across instances: a stub provider reporting 20 tokens a call (8
 * in, 12 out, as a provider's usage), a daily cap of 50 tokens for the whole
 * gateway, kept in Redis through the REST endpoint.
 */
const BUDGET_ENV = { STUDYFORGE_RATE_LIMIT: '1000', STUDYFORGE_BUDGET_DAILY_TOKENS: '50' };
const PROMPT = 'Budget check prompt, marker-c4d2';

async function spend(g: Gateway, client: string): Promise<{ status: number; error?: string; retryAfter: string | null }> {
  const response = await g.fetch(from(client, { contents: PROMPT }));
  const body = (await response.json()) as { error?: string };
  return { status: response.status, error: body.error, retryAfter: response.headers.get('retry-after') };
}

describe('a daily budget shared by two gateways over REST', () => {
  it('holds across both (and a new instance), refusing with the allowance message', async () => {
    await (async () => {
      // A fresh day's counter for this test: the gateway-wide counter is shared by every budget test.
      const client = new Redis(redis.url, { maxRetriesPerRequest: 0 });
      const budgetKeys = (await client.keys('studyforge:budget:*')) as string[];
      if (budgetKeys.length > 0) await client.del(...budgetKeys);
      client.disconnect();
    })();
    const provider = stubProvider({ answer: 'ok', usage: { inputTokens: 8, outputTokens: 12 } });
    const sa = restStore();
    const sb = restStore();
    const a = gatewayOver(sa.store, BUDGET_ENV, provider);
    const b = gatewayOver(sb.store, BUDGET_ENV, provider);
    const spent: number[] = [];
    for (const [g, s, client] of [[a, sa, '203.0.113.40'], [b, sb, '203.0.113.41'], [a, sa, '203.0.113.42']] as const) {
      spent.push((await spend(g, client)).status);
      await s.settled();
    }
    // 20 tokens a call: 0, 20 and 40 are below 50, so three calls pass, whichever instance takes them.
    expect(spent).toEqual([200, 200, 200]);
    for (const g of [b, a]) {
      const refused = await spend(g, '203.0.113.43');
      expect(refused.status).toBe(429);
      expect(refused.error).toMatch(ALLOWANCE);
      expect(Number(refused.retryAfter)).toBeGreaterThan(0);
    }
    // A new instance (a new Edge Function isolate) starts from the shared count, not from zero.
    expect((await spend(gatewayOver(restStore().store, BUDGET_ENV, provider), '203.0.113.44')).status).toBe(429);
    expect(provider.requests).toHaveLength(3);
    for (const line of lines) {
      expect(line).not.toContain('marker-c4d2');
      expect(line).not.toContain('203.0.113.4');
    }
  });
});

describe('a wrong token', () => {
  it('makes the rate limit fail open to this process (one log line) and the budgets fail closed (503), the token in no line', async () => {
    const storeLines: string[] = [];
    const refusedBefore = rest.unauthorized;
    const { store } = restStore({ token: WRONG_TOKEN, log: (line) => storeLines.push(line) });
    const g = gatewayOver(store);
    const client = '198.51.100.10';
    for (let i = 0; i < LIMIT; i += 1) expect((await ask(g, client)).status).toBe(200);
    // Still limited, by this process's own count.
    await expectLimited(g, client);
    expect(rest.unauthorized).toBeGreaterThan(refusedBefore);
    expect(storeLines).toEqual(["[gateway] rate-limit store refused the token (HTTP 401; check STUDYFORGE_LIMIT_STORE_TOKEN): using this process's own limit until it answers again"]);

    const budgeted = gatewayOver(store, BUDGET_ENV, stubProvider({ answer: 'ok', usage: { inputTokens: 8, outputTokens: 12 } }));
    const closed = await spend(budgeted, '198.51.100.11');
    expect(closed.status).toBe(503);
    expect(closed.error).toBe(UNAVAILABLE);
    // That every budget operation of a store with a wrong token rejects with StoreUnavailable is the shared suite's case, above.
    expect(lines.some((line) => line.includes('budget store refused the token (HTTP 401') && line.includes('budgets fail closed'))).toBe(true);
    for (const line of [...storeLines, ...lines]) {
      expect(line).not.toContain(WRONG_TOKEN);
      expect(line).not.toContain(TOKEN);
      expect(line).not.toContain('198.51.100');
    }
  });
});

describe('the REST endpoint stopped mid-run', () => {
  it('keeps answering with its own limit (one line naming no client), fails the budgets closed, and shares again once it is back', async () => {
    const storeLines: string[] = [];
    const { store } = restStore({ log: (line) => storeLines.push(line) });
    const g = gatewayOver(store);
    const budgeted = gatewayOver(store, { ...BUDGET_ENV, STUDYFORGE_BUDGET_DAILY_TOKENS: '1000000' }, stubProvider({ answer: 'ok', usage: { inputTokens: 1, outputTokens: 1 } }));
    expect((await ask(g, '198.51.100.20')).status).toBe(200);
    expect((await spend(budgeted, '198.51.100.21')).status).toBe(200);

    await rest.stop();
    try {
      const client = '198.51.100.22';
      for (let i = 0; i < LIMIT; i += 1) {
        const started = Date.now();
        expect((await ask(g, client)).status).toBe(200);
        expect(Date.now() - started).toBeLessThan(1_000);
      }
      await expectLimited(g, client);
      const started = Date.now();
      const closed = await spend(budgeted, '198.51.100.23');
      expect(closed.status).toBe(503);
      expect(closed.error).toBe(UNAVAILABLE);
      expect(Date.now() - started).toBeLessThan(1_000);
      expect(storeLines).toEqual(["[gateway] rate-limit store unreachable: using this process's own limit until it answers again"]);
      expect(lines.some((line) => line.includes('budget store unreachable: refusing AI calls'))).toBe(true);
    } finally {
      await rest.start();
    }

    expect((await ask(g, '198.51.100.24')).status).toBe(200);
    expect(storeLines.at(-1)).toBe('[gateway] rate-limit store answers again: the shared limit applies again');
    expect((await spend(budgeted, '198.51.100.25')).status).toBe(200);
    // Shared again: the count is in Redis, so the limit is kept there.
    const shared = '198.51.100.26';
    for (let i = 0; i < LIMIT; i += 1) expect((await ask(g, shared)).status).toBe(200);
    await expectLimited(g, shared);
    expect(await keysInRedis()).toContain(redisKeyFor(shared, 60_000, SALT));
    for (const line of [...storeLines, ...lines]) expect(line).not.toContain('198.51.100');
  });
});

describe('the REST endpoint slow (answers after 600 ms)', () => {
  it('answers within the 250 ms store timeout with its own limit, refuses budgets with 503, and shares again when it is quick', async () => {
    const storeLines: string[] = [];
    const { store } = restStore({ log: (line) => storeLines.push(line) });
    const g = gatewayOver(store);
    const budgeted = gatewayOver(store, { ...BUDGET_ENV, STUDYFORGE_BUDGET_DAILY_TOKENS: '1000000' }, stubProvider({ answer: 'ok', usage: { inputTokens: 1, outputTokens: 1 } }));
    expect((await ask(g, '192.0.2.1')).status).toBe(200);

    rest.delayMs = 600;
    try {
      let started = Date.now();
      expect((await ask(g, '192.0.2.2')).status).toBe(200);
      // The 250 ms store timeout, not the slow endpoint, sets how long the caller waits.
      expect(Date.now() - started).toBeLessThan(550);
      expect(storeLines).toEqual(["[gateway] rate-limit store no answer within 250 ms: using this process's own limit until it answers again"]);
      started = Date.now();
      const closed = await spend(budgeted, '192.0.2.3');
      expect(closed.status).toBe(503);
      expect(Date.now() - started).toBeLessThan(550);
      expect(lines.some((line) => line.includes('budget store no answer within 250 ms: refusing AI calls'))).toBe(true);
    } finally {
      rest.delayMs = 0;
    }

    expect((await ask(g, '192.0.2.4')).status).toBe(200);
    expect(storeLines.at(-1)).toBe('[gateway] rate-limit store answers again: the shared limit applies again');
    expect((await spend(budgeted, '192.0.2.5')).status).toBe(200);
    expect(lines.some((line) => line.includes('budget store answers again'))).toBe(true);
    for (const line of [...storeLines, ...lines]) {
      expect(line).not.toContain('192.0.2.');
      expect(line).not.toContain(TOKEN);
    }
  });
});
