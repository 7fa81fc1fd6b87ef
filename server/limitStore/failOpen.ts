import type { RateDecision } from '../rateLimit';
import { CountPastDeadline } from './redisDeadline';
import type { LimitStore } from './types';

/**
 * The rate limit's rule for every shared store, said once: count in the
 * store; when it cannot answer, count in this process's own memory instead
 * (fail open with a local limit), with one log line per outage naming no
 * client, and one line when the store answers again. `why` words a failure
 * for that line (never a key, token or address). A count the store ran past
 * its deadline (redisDeadline.ts) counted nothing there, so it is counted here.
 */
export function failOpenRateLimit(
  shared: (key: string, windowMs: number, limit: number) => Promise<RateDecision>,
  fallback: LimitStore,
  why: (error: unknown) => string,
  log: (line: string) => void,
): LimitStore['consume'] {
  let down = false;
  return async (key, windowMs, limit) => {
    try {
      const decision = await shared(key, windowMs, limit);
      if (down) {
        down = false;
        log('[gateway] rate-limit store answers again: the shared limit applies again');
      }
      return decision;
    } catch (error) {
      if (!down) {
        down = true;
        log(`[gateway] rate-limit store ${error instanceof CountPastDeadline ? error.message : why(error)}: using this process's own limit until it answers again`);
      }
      return fallback.consume(key, windowMs, limit);
    }
  };
}
