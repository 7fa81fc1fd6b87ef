import { limitSaltWarning, type GatewaySettings } from '../config';
import type { DenoKv, createDenoKvLimitStore } from './denoKv';
import { createMemoryLimitStore } from './memory';
import type { createRedisRestLimitStore } from './redisRest';
import type { LimitStore } from './types';

/*
 * The rate limit's and budgets' store (STUDYFORGE_LIMIT_STORE), chosen here
 * for every entry point: the Node gateway, the Deno gateway and the Supabase
 * function. Each runtime hands in how it loads the shared stores it can run,
 * and why it cannot run the others (runtimeStores.ts, the Supabase function):
 * a store's code is loaded only when it is chosen, so Node never loads Deno
 * KV, Deno never loads ioredis. Every shared store falls back to this
 * process's memory while it does not answer.
 */

/** Why this runtime cannot run a store: said at start as the reason it will not. */
export interface Refusal {
  refused: string;
}

/** Loads a store's code when the store is chosen, or says why this runtime cannot run it. */
export type StoreOffer<Code> = (() => Promise<Code>) | Refusal;

/** A Deno KV's store, and how this runtime opens the KV (Deno.openKv, waiting out a new file's lock). */
export interface DenoKvCode {
  createDenoKvLimitStore: typeof createDenoKvLimitStore;
  openKv(path: string | undefined): Promise<DenoKv>;
}

/** The shared stores one runtime offers. */
export interface LimitStoreRuntime {
  // Said by shape, not by a type import of redis.ts: the Deno and Supabase bundles must not reach for ioredis even for types.
  redis: StoreOffer<{ createRedisLimitStore(options: { url: string; salt: string; fallback: LimitStore }): LimitStore }>;
  redisRest: StoreOffer<{ createRedisRestLimitStore: typeof createRedisRestLimitStore }>;
  denoKv: StoreOffer<DenoKvCode>;
}

/*
 * A store asked for but not run here is refused, never quietly replaced by
 * memory: each instance counting on its own would let the full limit through
 * each of them, the very problem a shared store is set to solve.
 */
async function load<Code>(offer: StoreOffer<Code>): Promise<Code> {
  if (typeof offer !== 'function') throw new Error(offer.refused);
  return offer();
}

async function chosenStore(settings: GatewaySettings, runtime: LimitStoreRuntime): Promise<LimitStore> {
  const memory = createMemoryLimitStore(settings.limits.maxRateClients);
  const setting = settings.limitStore;
  switch (setting.kind) {
    case 'memory':
      return memory;
    case 'redis': {
      const { createRedisLimitStore } = await load(runtime.redis);
      console.log('[studyforge] rate limit: shared in Redis (keys are hashes, no client addresses)');
      return createRedisLimitStore({ url: setting.url, salt: setting.salt, fallback: memory });
    }
    case 'redis-rest': {
      const { createRedisRestLimitStore } = await load(runtime.redisRest);
      // The host only: the URL could carry a token (?_token=), and the token itself is never printed.
      console.log(`[studyforge] rate limit: shared in Redis over REST at ${new URL(setting.url).host} (keys are hashes, no client addresses)`);
      return createRedisRestLimitStore({ url: setting.url, token: setting.token, salt: setting.salt, fallback: memory });
    }
    case 'denokv': {
      const code = await load(runtime.denoKv);
      let kv: DenoKv;
      try {
        kv = await code.openKv(setting.path);
      } catch (error) {
        const why = error instanceof Error ? error.message : String(error);
        throw new Error(`could not open Deno KV${setting.path ? ` at ${setting.path}` : ''}: ${why}`);
      }
      console.log(`[studyforge] rate limit: shared in Deno KV${setting.path ? ` (${setting.path})` : ''} (keys are hashes, no client addresses)`);
      return code.createDenoKvLimitStore({ kv, salt: setting.salt, fallback: memory });
    }
  }
}

/**
 * The store the settings ask for, on this runtime; a store the runtime cannot run, or cannot open, is an
 * error with the reason (the entry point prints it and does not start). A shared store without a salt is
 * warned of once, here.
 */
export async function limitStoreFor(settings: GatewaySettings, runtime: LimitStoreRuntime): Promise<LimitStore> {
  const store = await chosenStore(settings, runtime);
  const saltWarning = limitSaltWarning(settings.limitStore);
  if (saltWarning) console.warn(saltWarning);
  return store;
}
