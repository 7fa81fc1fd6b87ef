/*
 * A fixed-window limit per client, in memory. Enough for one gateway
 * process; several processes share one count in Redis instead
 * (limitStore/redis.ts, STUDYFORGE_LIMIT_STORE), with this as the fallback.
 *
 * Its memory is bounded: it remembers at most `maxClients` windows, in two
 * tables. Clients that have used their whole allowance (`spent`) are never
 * pushed out before their window ends, so a flood of new addresses never
 * frees anyone already limited. Every other client (`open`) may be: when the
 * tables are full, passed windows are forgotten first, then the oldest open
 * window makes room for the newcomer, which gets a window of its own.
 *
 * The trade-off: a client pushed out starts again from nothing, so during a
 * flood it may get up to `limit - 1` more requests than its allowance, once
 * per time it is pushed out. That gains an attacker nothing its flood's own
 * addresses did not already have, and no flood can put every newcomer in one
 * shared window any more (which rate-limited every legitimate newcomer
 * together). Only when every remembered client is limited at once (a table
 * full of spent windows) do newcomers share one overflow window: the memory
 * stays bounded, and still nobody limited is freed.
 */

export interface RateDecision {
  allowed: boolean;
  /** Seconds until the client may try again (when not allowed). */
  retryAfterSeconds: number;
}

export const DEFAULT_MAX_RATE_CLIENTS = 100_000;

interface Window {
  start: number;
  count: number;
}

export function createRateLimiter(limit: number, windowMs: number, now: () => number = Date.now, maxClients = DEFAULT_MAX_RATE_CLIENTS) {
  // Both in the order their windows started (a window that starts again is put last), so passed ones are first.
  const open = new Map<string, Window>();
  const spent = new Map<string, Window>();
  let overflow: Window | undefined;
  let lastSweep = 0;
  const passed = (window: Window, time: number) => time - window.start >= windowMs;
  const size = () => open.size + spent.size;

  function forgetPassedFirst(table: Map<string, Window>, time: number) {
    for (const [key, window] of table) {
      if (!passed(window, time)) return;
      table.delete(key);
    }
  }

  /** Room for one more window: passed ones first, then the oldest open one; false when every window is a limited client's. */
  function makeRoom(time: number): boolean {
    forgetPassedFirst(open, time);
    forgetPassedFirst(spent, time);
    if (size() < maxClients) return true;
    // A full pass over the limited, at most once a second: one that got there late may have passed before one ahead of it.
    if (time - lastSweep >= Math.min(windowMs, 1_000)) {
      lastSweep = time;
      for (const [key, window] of spent) if (passed(window, time)) spent.delete(key);
      if (size() < maxClients) return true;
    }
    const oldest = open.keys().next();
    if (oldest.done) return false;
    open.delete(oldest.value);
    return true;
  }

  function windowOf(client: string, time: number): { window: Window; shared: boolean } {
    const known = spent.get(client) ?? open.get(client);
    if (known && !passed(known, time)) return { window: known, shared: false };
    spent.delete(client);
    open.delete(client);
    if (size() >= maxClients && !makeRoom(time)) {
      if (!overflow || passed(overflow, time)) overflow = { start: time, count: 0 };
      return { window: overflow, shared: true };
    }
    const fresh = { start: time, count: 0 };
    open.set(client, fresh);
    return { window: fresh, shared: false };
  }

  function check(client: string): RateDecision {
    const time = now();
    const { window, shared } = windowOf(client, time);
    window.count += 1;
    if (!shared && window.count >= limit && open.delete(client)) spent.set(client, window);
    if (window.count <= limit) return { allowed: true, retryAfterSeconds: 0 };
    return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil((window.start + windowMs - time) / 1000)) };
  }

  return Object.assign(check, {
    /** Windows held now (for tests and the load script). */
    size: () => size() + (overflow ? 1 : 0),
  });
}
