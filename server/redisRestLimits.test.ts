import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gatewaySettingsFromEnv, LIMIT_STORE_TOKEN_VARIABLE, LIMIT_STORE_VARIABLE } from './config';
import { answering, describeLimitStore } from './limitStore/limitStoreSuite';
import { createMemoryLimitStore } from './limitStore/memory';
import { createRedisLimitStore, redisBudgetKeyFor, redisKeyFor } from './limitStore/redis';
import { createRedisRestLimitStore } from './limitStore/redisRest';
import { budgetKey, rateKey } from './limitStore/redisScripts';
import { startGateway, type GatewayProcess } from './testing/gateway';
import { expectOneLimitAcrossTwo } from './testing/sharedLimitScenarios';
import { ask, expectLimited, gatewayOver, LIMIT, redisRestEndpoint, SALT, TOKEN, WRONG_TOKEN } from './testing/redisRestGateways';

/*
 * Shared counters over Redis's REST protocol: the store a
 * Supabase Edge Function can use (limitStore/redisRest.ts), the twin of
 * sharedLimits.test.ts (Redis over TCP) and denoKvLimits.test.ts.
 *
 * The endpoint is a local stand-in (testing/redisRestServer.ts), strict like
 * Upstash's documentation (bearer token, JSON array commands, {"result"} and
 * {"error"}), forwarding every command to a real Redis: the Lua scripts run
 * in Redis itself. Gateways are built in this process (createGateway with a
 * REST store each, testing/redisRestGateways.ts), and one is a real Node
 * gateway process (server/node.ts) configured by environment.
 *
 * Shown here: the shared suite; two gateways share a limit of 4; only hashed
 * keys reach Redis, the same keys the TCP store uses. Budgets, a wrong
 * token, and the endpoint stopped or slow are in redisRestOutages.test.ts.
 *
 * Each phase is a different client (X-Forwarded-For behind one trusted
 * hop), so no phase waits for another's window.
 */

const { endpoint, stores, restStore, keysInRedis } = redisRestEndpoint();

async function post(body: string, authorization: string | null): Promise<{ status: number; body: unknown }> {
  const headers: Record<string, string> = { 'Content-Type': 'application/json' };
  if (authorization !== null) headers.Authorization = authorization;
  const response = await fetch(endpoint.rest.url, { method: 'POST', headers, body });
  return { status: response.status, body: await response.json() };
}

// A generous timeout: this checks what the store counts, not how fast 30 requests at once get through.
describeLimitStore('Redis over REST', () =>
  answering(createRedisRestLimitStore({ url: endpoint.rest.url, token: TOKEN, salt: SALT, fallback: createMemoryLimitStore(), timeoutMs: 5_000, log: () => {} })),
  () => createRedisRestLimitStore({ url: endpoint.rest.url, token: WRONG_TOKEN, salt: SALT, fallback: createMemoryLimitStore(), log: () => {} }),
  {
    // 1 s rather than the gateway's 250 ms, so a busy test machine never makes a prompt answer look like a stall.
    makeStore: () => createRedisRestLimitStore({ url: endpoint.rest.url, token: TOKEN, salt: SALT, fallback: createMemoryLimitStore(), timeoutMs: 1_000, log: () => {} }),
    // The Redis behind the endpoint stalls: the endpoint still takes each command, and runs it once Redis resumes, though its caller has gone.
    stall: () => endpoint.redis.stall(),
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
    await expectOneLimitAcrossTwo(a, b, '203.0.113.10', '203.0.113.11', { ask, expectLimited });
    // Through the endpoint, by EVAL: one command a request.
    expect(endpoint.rest.commands.filter((command) => command.name === 'EVAL').length).toBeGreaterThanOrEqual(7);
  });

  it('keeps only hashed keys in Redis, the very keys the TCP store counts in, so both can share one count', async () => {
    const client = '203.0.113.12';
    const overRest = restStore().store;
    // Once it answers: a new TCP connection is not ready at once, and a request before then is counted by its fallback, not shared.
    const overTcp = await answering(createRedisLimitStore({ url: endpoint.redis.url, salt: SALT, fallback: createMemoryLimitStore() }));
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
      env: { STUDYFORGE_LIMIT_STORE: endpoint.rest.url, STUDYFORGE_LIMIT_STORE_TOKEN: TOKEN, STUDYFORGE_LIMIT_SALT: SALT, STUDYFORGE_RATE_LIMIT: String(LIMIT), STUDYFORGE_TRUSTED_HOPS: '1' },
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
