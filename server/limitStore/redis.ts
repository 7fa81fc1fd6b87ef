import { createHash } from 'node:crypto';
import { Redis } from 'ioredis';
import type { RateDecision } from '../rateLimit';
import type { LimitStore } from './types';

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
 * the outage, naming no client; when Redis answers again it is used again.
 */

const SCRIPT = `
local count = redis.call('INCR', KEYS[1])
if count == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
local ttl = redis.call('PTTL', KEYS[1])
if ttl < 0 then
  redis.call('PEXPIRE', KEYS[1], ARGV[1])
  ttl = tonumber(ARGV[1])
end
return {count, ttl}
`;

const KEY_PREFIX = 'studyforge:rate:';

/** The key a client's window is counted under: a hash, never the address itself. */
export function redisKeyFor(client: string, windowMs: number, salt = ''): string {
  const digest = createHash('sha256').update(`studyforge-rate-limit:v1:${salt}:${windowMs}:${client}`).digest('hex');
  return `${KEY_PREFIX}${digest}`;
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
  let down = false;

  async function shared(key: string, windowMs: number, limit: number): Promise<RateDecision> {
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new StoreTimeout()), timeoutMs);
    });
    try {
      const [count, ttl] = (await Promise.race([redis.eval(SCRIPT, 1, redisKeyFor(key, windowMs, salt), String(windowMs)), timeout])) as [number, number];
      if (count <= limit) return { allowed: true, retryAfterSeconds: 0 };
      return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil(ttl / 1000)) };
    } finally {
      clearTimeout(timer);
    }
  }

  return {
    async consume(key, windowMs, limit) {
      try {
        const decision = await shared(key, windowMs, limit);
        if (down) {
          down = false;
          log('[gateway] rate-limit store answers again: the shared limit applies again');
        }
        return decision;
      } catch (error) {
        if (!down) {
          down = true;
          const why = error instanceof StoreTimeout ? `no answer within ${timeoutMs} ms` : 'unreachable';
          log(`[gateway] rate-limit store ${why}: using this process's own limit until it answers again`);
        }
        return fallback.consume(key, windowMs, limit);
      }
    },
    async close() {
      redis.disconnect();
      await fallback.close();
    },
  };
}
