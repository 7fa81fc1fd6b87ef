import { createRateLimiter, DEFAULT_MAX_RATE_CLIENTS } from '../rateLimit';
import type { LimitStore } from './types';

/** The in-memory store: today's limiter (rateLimit.ts), one per limit and window asked for. */
export function createMemoryLimitStore(maxClients = DEFAULT_MAX_RATE_CLIENTS, now: () => number = Date.now): LimitStore {
  const limiters = new Map<string, ReturnType<typeof createRateLimiter>>();
  return {
    consume(key, windowMs, limit) {
      const id = `${limit}:${windowMs}`;
      let limiter = limiters.get(id);
      if (!limiter) {
        limiter = createRateLimiter(limit, windowMs, now, maxClients);
        limiters.set(id, limiter);
      }
      return Promise.resolve(limiter(key));
    },
    close: () => Promise.resolve(),
  };
}
