import { createMemoryLimitStore } from '../limitStore/memory';
import type { LimitStore } from '../limitStore/types';

/*
 * How fast one address may try class codes. What is counted is a code that
 * names no live class: a whole class behind one school address (every
 * pupil opening the link, then joining) never comes near the limit, while
 * guessing, which is almost all misses, stops after a few dozen a minute.
 * Once an address is over, every code is refused until the minute ends,
 * right ones too, so a guesser cannot tell a hit from the refusal.
 *
 * Guest accounts (joining with a first name) are counted separately, every
 * one, so a valid code cannot be used to fill the users table.
 *
 * The counters live in the gateway's limit store (shared by its instances).
 * When a shared store cannot answer, this process counts on its own, as
 * the gateway's rate limit does, rather than refusing every pupil.
 */

export const JOIN_WINDOW_MS = 60_000;
/** Wrong or expired codes one address may send in a minute. */
export const MISSES_PER_MINUTE = 30;
/** Guest accounts one address may make in a minute: a large class, all on one school connection. */
export const GUESTS_PER_MINUTE = 60;

export interface JoinLimit {
  /** Whether this address may try a code now. */
  mayTry(address: string): Promise<boolean>;
  /** Counts a code that named no live class. */
  missed(address: string): Promise<void>;
  /** Counts a guest account about to be made; false when the address has made too many this minute. */
  mayMakeGuest(address: string): Promise<boolean>;
}

export function createJoinLimit(store: LimitStore, now: () => number): JoinLimit {
  const local = createMemoryLimitStore(10_000, now);
  const windowOf = (time: number) => Math.floor(time / JOIN_WINDOW_MS);

  async function missCount(address: string, amount: 0 | 1): Promise<number> {
    const time = now();
    const window = windowOf(time);
    const addition = { key: `class-join-miss:${window}:${address}`, amount, expiresAt: (window + 1) * JOIN_WINDOW_MS };
    const totals = await store.add([addition]).catch(() => local.add([addition]));
    return totals[0] ?? 0;
  }

  return {
    mayTry: async (address) => (await missCount(address, 0)) < MISSES_PER_MINUTE,
    missed: async (address) => void (await missCount(address, 1)),
    mayMakeGuest: async (address) => (await store.consume(`class-join-guest:${address}`, JOIN_WINDOW_MS, GUESTS_PER_MINUTE)).allowed,
  };
}
