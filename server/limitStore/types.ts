import type { RateDecision } from '../rateLimit';

/*
 * Where the gateway keeps its counters (issue 18): the rate limit's windows
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

/** The shared store did not answer (down, slow, unreachable). */
export class StoreUnavailable extends Error {
  override name = 'StoreUnavailable';
}
