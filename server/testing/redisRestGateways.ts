import { Redis } from 'ioredis';
import { afterAll, beforeAll, expect, vi } from 'vitest';
import type { TextProvider } from '../../src/providers/types';
import { createGateway } from '../app';
import { gatewaySettingsFromEnv } from '../config';
import { createMemoryLimitStore } from '../limitStore/memory';
import { createRedisRestLimitStore } from '../limitStore/redisRest';
import type { LimitStore } from '../limitStore/types';
import { call, stubProvider } from './gatewayStubs';
import { TOO_MANY } from './limitRequests';
import { startRedis, type RedisProcess } from './redis';
import { startRedisRestServer, type RedisRestServer } from './redisRestServer';

/*
 * What the Redis REST limit tests share (redisRestLimits.test.ts and
 * redisRestOutages.test.ts): a real Redis behind the stand-in REST endpoint
 * (redisRestServer.ts), REST stores as the gateways build them, and
 * gateways in this process (createGateway, as the Supabase function builds
 * one) asked as one client or another (X-Forwarded-For behind one trusted hop).
 */

export const LIMIT = 4;
export const TOKEN = 'rest-token-3f9a61c2e8b04d75';
export const WRONG_TOKEN = 'wrong-token-b81d0c77e4a2';
export const SALT = 'rest-test-salt';

/** The Redis and the REST endpoint in front of it, started before the calling file's tests and stopped after them. */
export interface RestEndpoint {
  redis: RedisProcess;
  rest: RedisRestServer;
}

/** Starts a Redis and its REST endpoint for the test file that calls this, and gives the stores made there to close. */
export function redisRestEndpoint() {
  const endpoint = {} as RestEndpoint;
  /** Every line the gateways in this process wrote to the console (budgets.ts logs there) and their stores logged. */
  const lines: string[] = [];
  const stores: LimitStore[] = [];

  beforeAll(async () => {
    endpoint.redis = await startRedis();
    endpoint.rest = await startRedisRestServer({ redisUrl: endpoint.redis.url, token: TOKEN });
    for (const method of ['log', 'warn', 'error'] as const) {
      vi.spyOn(console, method).mockImplementation((...args: unknown[]) => {
        lines.push(args.map(String).join(' '));
      });
    }
  }, 60_000);

  afterAll(async () => {
    vi.restoreAllMocks();
    await Promise.all(stores.map((store) => store.close()));
    // Unset when the start failed: nothing to stop.
    await (endpoint.rest as RedisRestServer | undefined)?.close();
    await (endpoint.redis as RedisProcess | undefined)?.stop();
  });

  /** A REST store as the gateways build it, its adds tracked so a test can wait for the budget a call recorded. */
  function restStore(options: { token?: string; log?: (line: string) => void } = {}) {
    const inner = createRedisRestLimitStore({
      url: endpoint.rest.url,
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

  async function keysInRedis(): Promise<string[]> {
    const client = new Redis(endpoint.redis.url, { lazyConnect: true, maxRetriesPerRequest: 0 });
    try {
      await client.connect();
      return await client.keys('*');
    } finally {
      client.disconnect();
    }
  }

  return { endpoint, lines, stores, restStore, keysInRedis };
}

/** A gateway in this process, as the Supabase function builds one, counting in its own REST store. */
export function gatewayOver(store: LimitStore, env: Record<string, string> = {}, text: TextProvider = stubProvider({ answer: 'ok' })) {
  const settings = gatewaySettingsFromEnv({ STUDYFORGE_PUBLIC_KEY: 'anon-key', STUDYFORGE_RATE_LIMIT: String(LIMIT), STUDYFORGE_TRUSTED_HOPS: '1', ...env });
  return createGateway({ settings, text, transcription: null, limitStore: store });
}

export type Gateway = ReturnType<typeof gatewayOver>;

export function from(client: string, body: unknown = { contents: 'x' }): Request {
  const request = call(body);
  const headers = new Headers(request.headers);
  headers.set('X-Forwarded-For', client);
  return new Request(request, { headers });
}

export async function ask(g: Gateway, client: string): Promise<Response> {
  const response = await g.fetch(from(client));
  await response.text();
  return response;
}

export async function expectLimited(g: Gateway, client: string): Promise<void> {
  const response = await g.fetch(from(client));
  expect(response.status).toBe(429);
  expect(Number(response.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
  expect(((await response.json()) as { error: string }).error).toMatch(TOO_MANY);
}
