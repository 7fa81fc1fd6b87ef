import { Redis } from 'ioredis';
import { describe, expect, it } from 'vitest';
import { stubProvider } from './testing/gatewayStubs';
import { ask, expectLimited, from, gatewayOver, LIMIT, redisRestEndpoint, SALT, TOKEN, WRONG_TOKEN, type Gateway } from './testing/redisRestGateways';
import { redisKeyFor } from './limitStore/redis';

/*
 * Budgets and outages of the Redis REST limit store, with gateways in this
 * process counting through the stand-in endpoint in front of a real Redis
 * (testing/redisRestGateways.ts; the store's shared suite and keys are in
 * redisRestLimits.test.ts). Shown: two gateways share a daily budget; a
 * wrong token makes the rate limit fail open (one log line) and the budgets
 * fail closed (503), with the token in no log line; the endpoint stopped, or
 * answering later than 250 ms, gives the same fallbacks within the timeout,
 * and the shared counters apply again once it is back.
 *
 * Each phase is a different client (X-Forwarded-For behind one trusted
 * hop), so no phase waits for another's window.
 */

const UNAVAILABLE = "This school's AI allowance cannot be checked right now. Please try again in a minute.";
const ALLOWANCE = /^This school's daily AI allowance is used up; it resets at 00:00 UTC \(in \d+ (hours?|minutes?)\)\.$/;

const { endpoint, lines, restStore, keysInRedis } = redisRestEndpoint();

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
      const client = new Redis(endpoint.redis.url, { maxRetriesPerRequest: 0 });
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
    const refusedBefore = endpoint.rest.unauthorized;
    const { store } = restStore({ token: WRONG_TOKEN, log: (line) => storeLines.push(line) });
    const g = gatewayOver(store);
    const client = '198.51.100.10';
    for (let i = 0; i < LIMIT; i += 1) expect((await ask(g, client)).status).toBe(200);
    // Still limited, by this process's own count.
    await expectLimited(g, client);
    expect(endpoint.rest.unauthorized).toBeGreaterThan(refusedBefore);
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

    await endpoint.rest.stop();
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
      await endpoint.rest.start();
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

describe('the REST endpoint slow (answers after 1.5 s)', () => {
  it('answers within the 250 ms store timeout with its own limit, refuses budgets with 503, and shares again when it is quick', async () => {
    const storeLines: string[] = [];
    const { store } = restStore({ log: (line) => storeLines.push(line) });
    const g = gatewayOver(store);
    const budgeted = gatewayOver(store, { ...BUDGET_ENV, STUDYFORGE_BUDGET_DAILY_TOKENS: '1000000' }, stubProvider({ answer: 'ok', usage: { inputTokens: 1, outputTokens: 1 } }));
    expect((await ask(g, '192.0.2.1')).status).toBe(200);

    endpoint.rest.delayMs = 1_500;
    try {
      let started = Date.now();
      expect((await ask(g, '192.0.2.2')).status).toBe(200);
      // The 250 ms store timeout, not the slow endpoint, sets how long the caller waits.
      expect(Date.now() - started).toBeLessThan(1_000);
      expect(storeLines).toEqual(["[gateway] rate-limit store no answer within 250 ms: using this process's own limit until it answers again"]);
      started = Date.now();
      const closed = await spend(budgeted, '192.0.2.3');
      expect(closed.status).toBe(503);
      expect(Date.now() - started).toBeLessThan(1_000);
      expect(lines.some((line) => line.includes('budget store no answer within 250 ms: refusing AI calls'))).toBe(true);
    } finally {
      endpoint.rest.delayMs = 0;
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
