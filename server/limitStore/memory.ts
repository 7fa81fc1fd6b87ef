import { createRateLimiter, DEFAULT_MAX_RATE_CLIENTS } from '../rateLimit';
import type { CounterAddition, LimitStore } from './types';

/*
 * The in-memory store: today's limiter (rateLimit.ts), one per limit and
 * window asked for, and the budgets' counters in a map.
 *
 * The counters' memory is bounded like the limiter's: at most `maxClients`
 * counters. When that many are alive, a counter not seen before is added to
 * one shared overflow counter per expiry instead, so a flood of new
 * addresses shares one allowance rather than pushing out (and so resetting)
 * a client already counted.
 */
export function createMemoryLimitStore(maxClients = DEFAULT_MAX_RATE_CLIENTS, now: () => number = Date.now): LimitStore {
  const limiters = new Map<string, ReturnType<typeof createRateLimiter>>();
  const counters = new Map<string, { total: number; expiresAt: number }>();
  let lastSweep = 0;

  function sweep(time: number) {
    if (time - lastSweep < 1_000) return;
    lastSweep = time;
    for (const [key, counter] of counters) if (counter.expiresAt <= time) counters.delete(key);
  }

  function addOne({ key, amount, expiresAt }: CounterAddition, time: number): number {
    let name = key;
    let counter = counters.get(name);
    if (counter && counter.expiresAt <= time) {
      counters.delete(name);
      counter = undefined;
    }
    if (!counter && counters.size >= maxClients) {
      sweep(time);
      if (counters.size >= maxClients) {
        name = `\u0000overflow:${expiresAt}`;
        counter = counters.get(name);
      }
    }
    if (!counter) {
      counter = { total: 0, expiresAt };
      // Reading an absent counter (amount 0) keeps nothing.
      if (amount === 0) return 0;
      counters.set(name, counter);
    }
    counter.total += amount;
    return counter.total;
  }

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
    add(counts) {
      const time = now();
      return Promise.resolve(counts.map((count) => addOne(count, time)));
    },
    close: () => Promise.resolve(),
  };
}
