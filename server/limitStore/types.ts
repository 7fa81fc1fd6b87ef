import type { RateDecision } from '../rateLimit';

/*
 * Where the gateway keeps its counters: the rate limit's windows
 * and the budgets' token counts. In this process's memory (the zero-config
 * default), or in a store several gateway processes share (Redis, Deno KV),
 * so the limit and the budgets hold across them.
 */
export interface LimitStore {
  /** Counts one request of `key` in its fixed window of `windowMs`, allowing `limit` per window. */
  consume(key: string, windowMs: number, limit: number): Promise<RateDecision>;
  /**
   * Adds each amount to its counter (made, empty, if new; forgotten after
   * its `expiresAt`) and answers the counters' totals after, in order. An
   * amount of 0 reads a counter. Rejects with StoreUnavailable when the
   * store cannot answer: budgets then fail closed (budgets.ts).
   */
  add(counts: readonly CounterAddition[]): Promise<number[]>;
  /**
   * Before a call: adds `amount` to every counter of the charge, in one
   * atomic step, unless one of them is already at or past its cap, in which
   * case nothing is added (allowed: false). Answers the totals after (or as
   * they are, when refused). A charge the store knows already (the same id
   * sent again after a timeout) is answered as it was decided, changing
   * nothing, so a repeated or late reservation is never counted twice.
   */
  reserve(charge: Charge, amount: number): Promise<Reservation>;
  /**
   * After a call: sets what the charge costs to `amount`, adding the
   * difference from what is charged under its id (nothing, if the store does
   * not know it) to every counter, never taking one below 0, in one atomic
   * step. Repeating it changes nothing; settling 0 gives a reservation back
   * and stops a late one from being counted. Answers the totals after.
   */
  settle(charge: Charge, amount: number): Promise<number[]>;
  /** Lets go of connections (tests, shutdown). */
  close(): Promise<void>;
}

export interface CounterAddition {
  /** Names the counter; may hold a client's key, which shared stores keep only as a hash. */
  key: string;
  amount: number;
  /** When the counter may be forgotten, in ms since the epoch (its period's end). */
  expiresAt: number;
}

/** One budget counter a call is charged to, with its cap (0: none). */
export interface ChargedCounter {
  key: string;
  cap: number;
  /** When the counter may be forgotten, in ms since the epoch (its period's end). */
  expiresAt: number;
}

/** One call's charge to the budgets' counters. */
export interface Charge {
  /** Unique per call (random, no client in it): what the store remembers the charge under. */
  id: string;
  counters: readonly ChargedCounter[];
  /** Until when the store remembers the charge (ms since the epoch): longer than a call and the retries of its settling. */
  rememberUntil: number;
}

export interface Reservation {
  allowed: boolean;
  /** The counters' totals, in the charge's order: after the reservation, or as they stood when it was refused. */
  totals: number[];
}

/** The shared store did not answer (down, slow, unreachable). */
export class StoreUnavailable extends Error {
  override name = 'StoreUnavailable';
}
