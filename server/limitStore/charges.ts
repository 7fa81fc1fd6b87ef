import type { Charge, Reservation } from './types';

/*
 * The budgets' reserve-then-settle rule (types.ts: reserve, settle), said
 * once for the stores that run it in JavaScript (memory.ts, denoKv.ts); the
 * Redis stores run the same rule as Lua (redisScripts.ts). Each store reads
 * the charge's record and its counters, asks these functions what to write,
 * and writes it in one atomic step of its own.
 *
 * The record is what makes a repeated operation harmless: a store call that
 * timed out on the gateway's side may still have been applied (Redis answers
 * late after a stall), so the gateway sends the same operation again, under
 * the same id, and the store applies it at most once.
 */

/** What a store remembers of one charge. */
export interface ChargeRecord {
  /** Whether its reservation was let through (false also for a charge settled before any reservation arrived). */
  allowed: boolean;
  /** Tokens charged under it now. */
  charged: number;
}

/** What to write: the charge's record, and each counter's new total (undefined: leave that counter as it is). */
export interface ChargeWrite {
  record: ChargeRecord;
  totals: number[];
  writes: (number | undefined)[];
}

const whole = (amount: number) => Math.max(0, Math.round(amount));

/** A reservation of `amount` on counters now at `totals`: refused (nothing added) if one is at or past its cap. */
export function reservation(charge: Charge, known: ChargeRecord | undefined, totals: number[], amount: number): ChargeWrite & Reservation {
  if (known) return { allowed: known.allowed, record: known, totals, writes: totals.map(() => undefined) };
  const allowed = charge.counters.every((counter, i) => !(counter.cap > 0 && (totals[i] ?? 0) >= counter.cap));
  const added = allowed ? whole(amount) : 0;
  const after = totals.map((total) => total + added);
  return { allowed, record: { allowed, charged: added }, totals: after, writes: after.map((total) => (added === 0 ? undefined : total)) };
}

/** Settling at `amount`: each counter moves by the difference from what was charged, never below 0. */
export function settlement(known: ChargeRecord | undefined, totals: number[], amount: number): ChargeWrite {
  const charged = whole(amount);
  const difference = charged - (known?.charged ?? 0);
  const after = totals.map((total) => Math.max(0, total + difference));
  return { record: { allowed: known?.allowed ?? false, charged }, totals: after, writes: after.map((total) => (difference === 0 ? undefined : total)) };
}
