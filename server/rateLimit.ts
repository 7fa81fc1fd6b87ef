/*
 * A fixed-window limit per client, in memory. Enough for one gateway
 * process; behind several replicas, put the limit in the proxy in front.
 */

export interface RateDecision {
  allowed: boolean;
  /** Seconds until the client may try again (when not allowed). */
  retryAfterSeconds: number;
}

export function createRateLimiter(limit: number, windowMs: number, now: () => number = Date.now) {
  const windows = new Map<string, { start: number; count: number }>();

  return function check(client: string): RateDecision {
    const time = now();
    let window = windows.get(client);
    if (!window || time - window.start >= windowMs) {
      window = { start: time, count: 0 };
      windows.set(client, window);
      // Forget clients whose windows have passed, so the map cannot grow without bound.
      if (windows.size > 10_000) {
        for (const [key, w] of windows) if (time - w.start >= windowMs) windows.delete(key);
      }
    }
    window.count += 1;
    if (window.count <= limit) return { allowed: true, retryAfterSeconds: 0 };
    return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil((window.start + windowMs - time) / 1000)) };
  };
}
