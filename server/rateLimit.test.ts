import { describe, expect, it } from 'vitest';
import { createRateLimiter } from './rateLimit';

describe('the rate limiter', () => {
  it('allows `limit` calls per window and says when to retry', () => {
    let now = 0;
    const limit = createRateLimiter(2, 60_000, () => now);
    expect([limit('a').allowed, limit('a').allowed, limit('a').allowed]).toEqual([true, true, false]);
    now = 30_000;
    expect(limit('a')).toEqual({ allowed: false, retryAfterSeconds: 30 });
    now = 60_000;
    expect(limit('a').allowed).toBe(true);
  });

  it('remembers at most maxClients windows, however many addresses call', () => {
    let now = 0;
    const limit = createRateLimiter(3, 60_000, () => now, 1_000);
    for (let i = 0; i < 50_000; i++) {
      limit(`client-${i}`);
      now += 1; // All within one window: none can be forgotten.
    }
    expect(limit.size()).toBeLessThanOrEqual(1_001);
  });

  it('does not free a limited client by flooding it out with new addresses', () => {
    let now = 0;
    const limit = createRateLimiter(3, 60_000, () => now, 100);
    for (let i = 0; i < 4; i++) limit('attacker');
    expect(limit('attacker').allowed).toBe(false);
    for (let i = 0; i < 10_000; i++) limit(`spoof-${i}`);
    expect(limit('attacker').allowed).toBe(false);
    // The newcomers shared one overflow window, so they are limited together.
    expect(limit('spoof-new').allowed).toBe(false);
  });

  it('forgets windows that have passed, making room again', () => {
    let now = 0;
    const limit = createRateLimiter(1, 1_000, () => now, 10);
    for (let i = 0; i < 10; i++) limit(`old-${i}`);
    now = 5_000;
    expect(limit('fresh').allowed).toBe(true);
    expect(limit.size()).toBeLessThanOrEqual(2);
  });
});
