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
  });

  it('gives every newcomer a window of its own during a flood of new addresses, within the same memory', () => {
    let now = 0;
    const limit = createRateLimiter(3, 60_000, () => now, 100);
    for (let i = 0; i < 10_000; i++) limit(`flood-${i}`);
    // Each newcomer has its whole allowance: the flood did not make them share one window.
    for (let i = 0; i < 20; i++) {
      const newcomer = `pupil-${i}`;
      expect([limit(newcomer).allowed, limit(newcomer).allowed, limit(newcomer).allowed, limit(newcomer).allowed]).toEqual([true, true, true, false]);
      for (let j = 0; j < 50; j++) limit(`flood-again-${i}-${j}`);
    }
    expect(limit.size()).toBeLessThanOrEqual(101);
  });

  it('makes newcomers share one window only when every remembered client is limited, still freeing none of them', () => {
    let now = 0;
    const limit = createRateLimiter(1, 60_000, () => now, 10);
    for (let i = 0; i < 10; i++) limit(`limited-${i}`);
    for (let i = 0; i < 10; i++) expect(limit(`limited-${i}`).allowed).toBe(false);
    expect(limit('newcomer-a').allowed).toBe(true);
    expect(limit('newcomer-b').allowed).toBe(false);
    expect(limit('limited-0').allowed).toBe(false);
    expect(limit.size()).toBeLessThanOrEqual(11);
    // Once their windows pass, there is room again.
    now = 60_000;
    expect(limit('newcomer-b').allowed).toBe(true);
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
