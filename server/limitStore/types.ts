import type { RateDecision } from '../rateLimit';

/*
 * Where the rate limiter keeps its counters (issue 18): in this process's
 * memory (the zero-config default), or in a store several gateway processes
 * share (Redis), so the limit holds across them.
 */
export interface LimitStore {
  /** Counts one request of `key` in its fixed window of `windowMs`, allowing `limit` per window. */
  consume(key: string, windowMs: number, limit: number): Promise<RateDecision>;
  /** Lets go of connections (tests, shutdown). */
  close(): Promise<void>;
}
