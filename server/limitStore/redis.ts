import { createHash } from 'node:crypto';
import { Redis } from 'ioredis';
import {
  ADD_SCRIPT,
  addScriptArgs,
  addTotalsOf,
  BUDGET_KEY_PREFIX,
  budgetKeyInput,
  chargeOperations,
  RATE_KEY_PREFIX,
  rateKeyInput,
} from './redisScripts';
import { failOpenRateLimit } from './failOpen';
import { countWithDeadline, createRedisClock, expireAfter, learnFromTime, monotonicNow } from './redisDeadline';
import { StoreUnavailable, type LimitStore } from './types';

/*
 * The rate limit's counters in Redis, shared by every gateway process that
 * points at the same server: one fixed-window counter per client, counted
 * and given its expiry in one Lua script (atomic, so two processes never
 * both see the same count).
 *
 * Keys hold no client address: only a SHA-256 of it with a fixed prefix.
 *
 * When Redis does not answer within `timeoutMs` (down, slow, not yet
 * connected), the request is counted by `fallback`, this process's own
 * in-memory limit (fail open with a local limit), and one line is logged for
 * the outage, naming no client; when Redis answers again it is used again,
 * by the very next request (one connection, kept open through a stall: its
 * commands wait in the socket, nothing to reconnect). A count carries a
 * deadline (redisDeadline.ts), so one that Redis runs after the fallback
 * counted it counts nothing: each request is counted once.
 */

/*
 * The scripts and key names live in redisScripts.ts, shared with the REST
 * store (redisRest.ts), so both count in the same keys the same way.
 * These two wrappers give the same keys synchronously, by node:crypto, for
 * Node code and tests that want a key without awaiting.
 */

/** A budget counter's key: a hash, since a per-client counter's name holds the client's key. */
export function redisBudgetKeyFor(key: string, salt = ''): string {
  return `${BUDGET_KEY_PREFIX}${createHash('sha256').update(budgetKeyInput(key, salt)).digest('hex')}`;
}

/** The key a client's window is counted under: a hash, never the address itself. */
export function redisKeyFor(client: string, windowMs: number, salt = ''): string {
  return `${RATE_KEY_PREFIX}${createHash('sha256').update(rateKeyInput(client, windowMs, salt)).digest('hex')}`;
}

export interface RedisLimitStoreOptions {
  url: string;
  /** Mixed into every key's hash (STUDYFORGE_LIMIT_SALT, config.ts): the same on every instance. */
  salt?: string;
  /** This process's own limit, used while Redis does not answer. */
  fallback: LimitStore;
  /** How long one store call may take before the fallback answers (250 ms). */
  timeoutMs?: number;
  log?: (line: string) => void;
}

class StoreTimeout extends Error {}

export function createRedisLimitStore({ url, salt = '', fallback, timeoutMs = 250, log = console.warn }: RedisLimitStoreOptions): LimitStore {
  const redis = new Redis(url, {
    // Fail a command at once while disconnected, rather than queueing it: the fallback answers instead.
    enableOfflineQueue: false,
    maxRetriesPerRequest: 0,
    connectTimeout: 1_000,
    // Keep trying to reconnect, at most once a second, for as long as the gateway runs.
    retryStrategy: (times) => Math.min(times * 100, 1_000),
  });
  // Connection errors surface through the calls (and the one outage line); without a listener ioredis prints each.
  redis.on('error', () => {});
  const clock = createRedisClock(timeoutMs);
  // Redis's clock learnt at each connect, so even the first count carries a deadline.
  redis.on('ready', () => {
    const sentAt = monotonicNow();
    redis.time().then((reply) => learnFromTime(clock, sentAt, reply), () => {});
  });

  /** One script call, or StoreTimeout after timeoutMs. */
  async function evalWithin(script: string, keys: string[], args: string[]): Promise<unknown> {
    let cancel = () => {};
    const timeout = new Promise<never>((_, reject) => {
      cancel = expireAfter(timeoutMs, () => reject(new StoreTimeout()));
    });
    try {
      return await Promise.race([redis.eval(script, keys.length, ...keys, ...args), timeout]);
    } finally {
      cancel();
    }
  }

  const shared = countWithDeadline(evalWithin, (key, windowMs) => redisKeyFor(key, windowMs, salt), clock);

  const why = (error: unknown) => (error instanceof StoreTimeout ? `no answer within ${timeoutMs} ms` : 'unreachable');


  return {
    consume: failOpenRateLimit(shared, fallback, why, log),
    // Budgets fail closed: no fallback, the caller (budgets.ts) refuses while the store cannot answer.
    async add(counts) {
      if (counts.length === 0) return [];
      try {
        const keys = counts.map((count) => redisBudgetKeyFor(count.key, salt));
        return addTotalsOf(await evalWithin(ADD_SCRIPT, keys, addScriptArgs(counts)), counts.length);
      } catch (error) {
        throw new StoreUnavailable(why(error));
      }
    },
    ...chargeOperations(evalWithin, (key) => redisBudgetKeyFor(key, salt), why),
    async close() {
      redis.disconnect();
      await fallback.close();
    },
  };
}
