import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeOpenAI, type FakeProviderServer } from '../src/providers/testing/fakeProviders';
import { createBudgets, NO_BUDGETS } from './budgets';
import { answering } from './limitStore/limitStoreSuite';
import { createMemoryLimitStore } from './limitStore/memory';
import { createRedisLimitStore } from './limitStore/redis';
import type { LimitStore } from './limitStore/types';
import { startGateway, writeTinyBuild, type GatewayProcess } from './testing/gateway';
import { startRedis, type RedisProcess } from './testing/redis';

/*
 * Budgets shared in a real Redis (redis-server, as sharedLimits.test.ts
 * starts it): many calls at once through two real gateway processes cannot
 * pass a cap one of them fills, and a Redis that stalls while calls are in
 * flight (SIGSTOP, so it still takes commands and applies them late) ends
 * with every call counted once.
 */

const ALLOWANCE = /^This school's daily AI allowance is used up; it resets at 00:00 UTC \(in \d+ (hours?|minutes?)\)\.$/;

let workDir = '';
let staticDir = '';
const gateways: GatewayProcess[] = [];
const redises: RedisProcess[] = [];
const stores: LimitStore[] = [];

beforeAll(async () => {
  workDir = await mkdtemp(path.join(tmpdir(), 'studyforge-budgets-'));
  staticDir = path.join(workDir, 'dist');
  await writeTinyBuild(staticDir);
});

afterAll(async () => {
  await Promise.all([...stores.map((store) => store.close()), ...gateways.map((g) => g.proc.stop())]);
  await Promise.all(redises.map((r) => r.stop()));
  await rm(workDir, { recursive: true, force: true });
});

async function redis(): Promise<RedisProcess> {
  const started = await startRedis();
  redises.push(started);
  return started;
}

describe('two gateway processes sharing one Redis, 30 calls at once', () => {
  let fake: FakeProviderServer;
  beforeAll(async () => {
    fake = await startFakeOpenAI({ apiKey: 'sk-provider', model: 'fake-model' });
  });
  afterAll(async () => {
    await fake?.close();
  });

  it('let exactly one through a daily cap that one call fills, whichever instance takes them', async () => {
    const store = await redis();
    // The fake provider reports 20 tokens a call: one call fills a cap of 20.
    const env = {
      STUDYFORGE_LIMIT_STORE: store.url,
      STUDYFORGE_RATE_LIMIT: '1000',
      STUDYFORGE_TRUSTED_HOPS: '1',
      STUDYFORGE_BUDGET_DAILY_TOKENS: '20',
      OPENAI_BASE_URL: fake.baseUrl,
      OPENAI_API_KEY: 'sk-provider',
      OPENAI_MODEL: 'fake-model',
    };
    const pair = await Promise.all([startGateway({ staticDir, env }), startGateway({ staticDir, env })]);
    gateways.push(...pair);
    const answers = await Promise.all(
      Array.from({ length: 30 }, async (_, i) => {
        const response = await fetch(`${(pair[i % 2] as GatewayProcess).base}/functions/v1/gemini`, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': `203.0.113.${100 + i}` },
          body: JSON.stringify({ contents: 'Make a quiz on fractions.' }),
          signal: AbortSignal.timeout(10_000),
        });
        return { status: response.status, body: (await response.json()) as { error?: string } };
      }),
    );
    expect(answers.filter((answer) => answer.status === 200)).toHaveLength(1);
    const refused = answers.filter((answer) => answer.status === 429);
    expect(refused).toHaveLength(29);
    for (const answer of refused) expect(answer.body.error).toMatch(ALLOWANCE);
    expect(fake.exchanges.filter((exchange) => exchange.method === 'POST')).toHaveLength(1);
  }, 120_000);
});

describe('a Redis stall while calls are in flight', () => {
  it('counts each call once after the stall, however many of its store calls Redis applied late, and applies again at once', async () => {
    const server = await redis();
    const lines: string[] = [];
    const store = await answering(createRedisLimitStore({ url: server.url, fallback: createMemoryLimitStore(), log: () => {} }));
    stores.push(store);
    const budgets = createBudgets({ ...NO_BUDGETS, daily: 1_000_000 }, store, Date.now, (line) => lines.push(line));
    const today = `school:day:${new Date().toISOString().slice(0, 10)}`;
    const spentToday = async () => (await store.add([{ key: today, amount: 0, expiresAt: Date.now() + 86_400_000 }]))[0];

    const inFlight = await budgets.reserve('198.51.100.1', 1_000);
    expect(inFlight.allowed).toBe(true);
    const pid = server.proc.child.pid as number;
    process.kill(pid, 'SIGSTOP');
    try {
      // Each of these times out here after 250 ms, but stays queued in Redis's socket, to be applied when it resumes.
      await (inFlight.allowed && inFlight.settle(300));
      for (let i = 0; i < 5; i += 1) expect(await budgets.reserve(`198.51.100.${10 + i}`, 1_000)).toMatchObject({ allowed: false, status: 503 });
    } finally {
      process.kill(pid, 'SIGCONT');
    }

    // The first call once Redis answers is let through: the settlements kept during the stall do not hold it up.
    let after = await budgets.reserve('198.51.100.2', 0);
    for (let i = 0; i < 50 && !after.allowed; i += 1) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      after = await budgets.reserve('198.51.100.2', 0);
    }
    expect(after.allowed).toBe(true);
    await (after.allowed && after.settle(0));

    // The kept settlements go out behind it; then the day holds the one call's 300 tokens, once.
    for (let i = 0; i < 50 && (await spentToday()) !== 300; i += 1) await new Promise((resolve) => setTimeout(resolve, 100));
    expect(await spentToday()).toBe(300);
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(await spentToday()).toBe(300);
    expect(lines).toHaveLength(2);
    expect(lines[0]).toContain('budgets fail closed');
    expect(lines[1]).toContain('answers again');
    expect(lines.join('\n')).not.toContain('198.51.100');
  }, 60_000);
});
