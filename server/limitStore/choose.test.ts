import { afterEach, beforeEach, describe, expect, it, vi, type MockInstance } from 'vitest';
import { gatewaySettingsFromEnv, type Environment } from '../config';
import { limitStoreFor, type LimitStoreRuntime } from './choose';
import type { DenoKv } from './denoKv';
import type { LimitStore } from './types';

/*
 * Which store each STUDYFORGE_LIMIT_STORE gets, on each runtime. The chooser
 * is one function for the Node, Deno and Supabase entry points; what differs
 * is which stores a runtime hands it. A store's code must load only when it
 * is chosen, and never on a runtime that cannot run it: ioredis on Deno, or
 * Deno KV on Node.
 */

// What loading and constructing each store module did, in order (module stand-ins registered per test below).
const events: string[] = [];

/** Stand-ins for the store modules that record being loaded: registered anew, so each test sees its own loads. */
function recordStoreModuleLoads(): void {
  vi.doMock('./redis', () => {
    events.push('loaded redis');
    return { createRedisLimitStore: (options: { fallback: LimitStore }) => (events.push('made redis'), options.fallback) };
  });
  vi.doMock('./redisRest', () => {
    events.push('loaded redisRest');
    return { createRedisRestLimitStore: (options: { fallback: LimitStore }) => (events.push('made redisRest'), options.fallback) };
  });
  vi.doMock('./denoKv', () => {
    events.push('loaded denoKv');
    return {
      createDenoKvLimitStore: (options: { fallback: LimitStore }) => (events.push('made denoKv'), options.fallback),
      openDenoKv: (open: (path?: string) => Promise<DenoKv>, path?: string) => open(path),
    };
  });
}

const SETTINGS = {
  memory: {},
  redis: { STUDYFORGE_LIMIT_STORE: 'redis://127.0.0.1:6379' },
  'redis-rest': { STUDYFORGE_LIMIT_STORE: 'http://127.0.0.1:8079', STUDYFORGE_LIMIT_STORE_TOKEN: 'rest-secret-token' },
  denokv: { STUDYFORGE_LIMIT_STORE: 'denokv:/var/lib/kv.sqlite' },
} satisfies Record<string, Environment>;

const settingsOf = (env: Environment, salt = 'salt') => gatewaySettingsFromEnv({ ...env, STUDYFORGE_LIMIT_SALT: salt });

const fakeKv: DenoKv = { get: () => Promise.reject(new Error('unused')), atomic: () => ({}) as ReturnType<DenoKv['atomic']>, close: () => undefined };

/** A runtime offering every store through loaders that record being called, each returning a store of its own. */
function recordingRuntime() {
  const made = { redis: {} as LimitStore, redisRest: {} as LimitStore, denoKv: {} as LimitStore };
  const calls: Record<string, unknown[]> = {};
  const record = (name: string, options: unknown) => (calls[name] ??= []).push(options);
  const runtime = {
    redis: vi.fn(async () => ({ createRedisLimitStore: (options: unknown) => (record('redis', options), made.redis) })),
    redisRest: vi.fn(async () => ({ createRedisRestLimitStore: (options: unknown) => (record('redisRest', options), made.redisRest) })),
    denoKv: vi.fn(async () => ({
      createDenoKvLimitStore: (options: unknown) => (record('denoKv', options), made.denoKv),
      openKv: vi.fn(async (path: string | undefined) => (record('openKv', path), fakeKv)),
    })),
  } satisfies LimitStoreRuntime;
  return { runtime, made, calls };
}

let log: MockInstance<typeof console.log>;
let warn: MockInstance<typeof console.warn>;
beforeEach(() => {
  log = vi.spyOn(console, 'log').mockImplementation(() => undefined);
  warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
});
afterEach(() => vi.restoreAllMocks());

describe('limitStoreFor', () => {
  it("counts in this process's memory when no shared store is set, loading no store's code", async () => {
    const { runtime } = recordingRuntime();
    const store = await limitStoreFor(settingsOf(SETTINGS.memory), runtime);
    expect((await store.consume('client', 60_000, 1)).allowed).toBe(true);
    expect((await store.consume('client', 60_000, 1)).allowed).toBe(false);
    for (const loader of Object.values(runtime)) expect(loader).not.toHaveBeenCalled();
    expect(warn).not.toHaveBeenCalled();
  });

  it('loads only the chosen store, and builds it from the setting with memory to fall back on', async () => {
    const redis = recordingRuntime();
    expect(await limitStoreFor(settingsOf(SETTINGS.redis), redis.runtime)).toBe(redis.made.redis);
    expect(redis.calls.redis).toEqual([{ url: 'redis://127.0.0.1:6379', salt: 'salt', fallback: expect.objectContaining({ consume: expect.any(Function) }) }]);
    expect([redis.runtime.redis, redis.runtime.redisRest, redis.runtime.denoKv].map((loader) => loader.mock.calls.length)).toEqual([1, 0, 0]);

    const rest = recordingRuntime();
    expect(await limitStoreFor(settingsOf(SETTINGS['redis-rest']), rest.runtime)).toBe(rest.made.redisRest);
    expect(rest.calls.redisRest).toEqual([{ url: 'http://127.0.0.1:8079/', token: 'rest-secret-token', salt: 'salt', fallback: expect.anything() }]);
    expect([rest.runtime.redis, rest.runtime.redisRest, rest.runtime.denoKv].map((loader) => loader.mock.calls.length)).toEqual([0, 1, 0]);

    const kv = recordingRuntime();
    expect(await limitStoreFor(settingsOf(SETTINGS.denokv), kv.runtime)).toBe(kv.made.denoKv);
    expect(kv.calls.openKv).toEqual(['/var/lib/kv.sqlite']);
    expect(kv.calls.denoKv).toEqual([{ kv: fakeKv, salt: 'salt', fallback: expect.anything() }]);
    expect([kv.runtime.redis, kv.runtime.redisRest, kv.runtime.denoKv].map((loader) => loader.mock.calls.length)).toEqual([0, 0, 1]);
  });

  it("says which shared store it uses, a REST store by its host only, never the token", async () => {
    await limitStoreFor(settingsOf(SETTINGS['redis-rest']), recordingRuntime().runtime);
    const said = log.mock.calls.map((call) => String(call[0])).join('\n');
    expect(said).toContain('rate limit: shared in Redis over REST at 127.0.0.1:8079 (keys are hashes');
    expect(said).not.toContain('rest-secret-token');
  });

  it("refuses a store the runtime cannot run, with the runtime's reason, loading nothing", async () => {
    const { runtime } = recordingRuntime();
    const noKv: LimitStoreRuntime = { ...runtime, denoKv: { refused: 'Node has no Deno KV.' } };
    await expect(limitStoreFor(settingsOf(SETTINGS.denokv), noKv)).rejects.toThrow('Node has no Deno KV.');
    for (const loader of Object.values(runtime)) expect(loader).not.toHaveBeenCalled();
  });

  it('names the Deno KV file it could not open, and why', async () => {
    const { runtime } = recordingRuntime();
    const locked: LimitStoreRuntime = {
      ...runtime,
      denoKv: async () => ({ ...(await runtime.denoKv()), openKv: () => Promise.reject(new Error('permission denied')) }),
    };
    await expect(limitStoreFor(settingsOf(SETTINGS.denokv), locked)).rejects.toThrow('could not open Deno KV at /var/lib/kv.sqlite: permission denied');
  });

  it('warns once of a shared store without a salt, and not of a salted one', async () => {
    await limitStoreFor(settingsOf(SETTINGS.redis, ''), recordingRuntime().runtime);
    expect(warn).toHaveBeenCalledTimes(1);
    expect(String(warn.mock.calls[0]?.[0])).toContain('STUDYFORGE_LIMIT_SALT is not set');
    warn.mockClear();
    await limitStoreFor(settingsOf(SETTINGS.redis, 'salt'), recordingRuntime().runtime);
    expect(warn).not.toHaveBeenCalled();
  });
});

describe("each gateway's stores (runtimeStores.ts)", () => {
  beforeEach(() => {
    events.length = 0;
    // Each test starts with no store module loaded, so what it loads is what its own choices loaded.
    vi.resetModules();
    recordStoreModuleLoads();
  });

  /** Asks for every setting in turn on this runtime; what each got (a store, or the reason it was refused). */
  async function everySetting(runtimeOf: () => Promise<LimitStoreRuntime>): Promise<Record<string, string>> {
    const outcome: Record<string, string> = {};
    for (const [kind, env] of Object.entries(SETTINGS)) {
      const { limitStoreFor: choose } = await import('./choose');
      outcome[kind] = await choose(settingsOf(env), await runtimeOf()).then(
        () => 'store',
        (error: unknown) => `refused: ${error instanceof Error ? error.message : String(error)}`,
      );
    }
    return outcome;
  }

  it('Node runs Redis over TCP and REST, refuses Deno KV, and never loads its code', async () => {
    const outcome = await everySetting(async () => (await import('./runtimeStores')).nodeLimitStores);
    expect(outcome).toMatchObject({ memory: 'store', redis: 'store', 'redis-rest': 'store', denokv: expect.stringMatching(/^refused: .*Node has no Deno KV/) });
    expect(events).toEqual(['loaded redis', 'made redis', 'loaded redisRest', 'made redisRest']);
  });

  it('Deno runs Deno KV and Redis over REST, refuses Redis over TCP, and never loads ioredis', async () => {
    const openKv = vi.fn(async () => fakeKv);
    const outcome = await everySetting(async () => (await import('./runtimeStores')).denoLimitStores(openKv));
    expect(outcome).toMatchObject({ memory: 'store', redis: expect.stringMatching(/^refused: .*not supported by the Deno gateway/), 'redis-rest': 'store', denokv: 'store' });
    expect(events).toEqual(['loaded redisRest', 'made redisRest', 'loaded denoKv', 'made denoKv']);
    expect(openKv).toHaveBeenCalledWith('/var/lib/kv.sqlite');
  });

  it('Deno without --unstable-kv refuses Deno KV with how to turn it on, loading nothing', async () => {
    const outcome = await everySetting(async () => (await import('./runtimeStores')).denoLimitStores(undefined));
    expect(outcome.denokv).toMatch(/^refused: .*run deno with --unstable-kv/);
    expect(events).not.toContain('loaded denoKv');
  });
});
