/*
 * A fixed-window limit per client, in memory. Enough for one gateway
 * process; several processes share one count in Redis instead
 * (limitStore/redis.ts, STUDYFORGE_LIMIT_STORE), with this as the fallback.
 *
 * Its memory is bounded: it remembers at most `maxClients` windows. When
 * that many clients are inside their windows at once, clients it has not
 * seen yet share one overflow window with the same limit, rather than
 * pushing out a remembered client (which would hand that client a fresh
 * allowance): a flood of new addresses slows the newcomers, never frees
 * anyone already limited.
 */

export interface RateDecision {
  allowed: boolean;
  /** Seconds until the client may try again (when not allowed). */
  retryAfterSeconds: number;
}

export const DEFAULT_MAX_RATE_CLIENTS = 100_000;
const OVERFLOW = '\u0000overflow';

export function createRateLimiter(limit: number, windowMs: number, now: () => number = Date.now, maxClients = DEFAULT_MAX_RATE_CLIENTS) {
  const windows = new Map<string, { start: number; count: number }>();
  let lastSweep = 0;

  /** Forgets clients whose windows have passed; at most once a second, so a full map cannot make every request a full pass. */
  function sweep(time: number) {
    if (time - lastSweep < Math.min(windowMs, 1_000)) return;
    lastSweep = time;
    for (const [key, w] of windows) if (time - w.start >= windowMs) windows.delete(key);
  }

  function check(client: string): RateDecision {
    const time = now();
    let key = client;
    let window = windows.get(key);
    if (!window && windows.size >= maxClients) {
      sweep(time);
      if (windows.size >= maxClients) {
        key = OVERFLOW;
        window = windows.get(key);
      }
    }
    if (!window || time - window.start >= windowMs) {
      window = { start: time, count: 0 };
      windows.set(key, window);
    }
    window.count += 1;
    if (window.count <= limit) return { allowed: true, retryAfterSeconds: 0 };
    return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil((window.start + windowMs - time) / 1000)) };
  }

  return Object.assign(check, {
    /** Windows held now (for tests and the load script). */
    size: () => windows.size,
  });
}
