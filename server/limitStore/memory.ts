import { createRateLimiter, DEFAULT_MAX_RATE_CLIENTS } from '../rateLimit';
import { reservation, settlement, type ChargeRecord, type ChargeWrite } from './charges';
import type { Charge, CounterAddition, LimitStore } from './types';

/*
 * The in-memory store: today's limiter (rateLimit.ts), one per limit and
 * window asked for, and the budgets' counters in a map.
 *
 * The counters' memory is bounded like the limiter's: at most `maxClients`
 * counters. When that many are alive, a counter not seen before is added to
 * one shared overflow counter per expiry instead, so a flood of new
 * addresses shares one allowance rather than pushing out (and so resetting)
 * a client already counted.
 *
 * Reservations and settlements (charges.ts) are atomic here simply because
 * each runs to its end without awaiting anything. Their records are kept in
 * two maps: charges still open (reserved, not yet settled: bounded by the
 * calls in flight) and settled ones, remembered so a repeated settle changes
 * nothing, at most `maxClients` of them, the oldest forgotten first.
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

  // Records in the order they were written, so the oldest is first.
  const open = new Map<string, ChargeRecord & { until: number }>();
  const settled = new Map<string, ChargeRecord & { until: number }>();

  function recordOf(id: string, time: number): ChargeRecord | undefined {
    const record = open.get(id) ?? settled.get(id);
    return record && record.until > time ? record : undefined;
  }

  /** Writes a charge's counters and record; every counter is read first, so a write is the change from that total. */
  function write(charge: Charge, totals: number[], decided: ChargeWrite, time: number, done: boolean) {
    charge.counters.forEach((counter, i) => {
      const next = decided.writes[i];
      if (next !== undefined) addOne({ key: counter.key, amount: next - (totals[i] ?? 0), expiresAt: counter.expiresAt }, time);
    });
    open.delete(charge.id);
    settled.delete(charge.id);
    const records = done ? settled : open;
    records.set(charge.id, { ...decided.record, until: charge.rememberUntil });
    // Oldest first: past its time, or past the bound (an open charge forgotten is settled in full later: counted, never free).
    for (const [id, old] of records) {
      if (records.size <= maxClients && old.until > time) break;
      records.delete(id);
    }
  }

  const totalsOf = (charge: Charge, time: number) => charge.counters.map((counter) => addOne({ ...counter, amount: 0 }, time));

  return {
    reserve(charge, amount) {
      const time = now();
      const totals = totalsOf(charge, time);
      const known = recordOf(charge.id, time);
      const decided = reservation(charge, known, totals, amount);
      if (!known) write(charge, totals, decided, time, !decided.allowed);
      return Promise.resolve({ allowed: decided.allowed, totals: decided.totals });
    },
    settle(charge, amount) {
      const time = now();
      const totals = totalsOf(charge, time);
      const decided = settlement(recordOf(charge.id, time), totals, amount);
      write(charge, totals, decided, time, true);
      return Promise.resolve(decided.totals);
    },
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
