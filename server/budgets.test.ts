import { describe, expect, it } from 'vitest';
import { createBudgets, exhaustedMessage, NO_BUDGETS, type BudgetCaps, type Budgets } from './budgets';
import { createMemoryLimitStore } from './limitStore/memory';
import { StoreUnavailable, type LimitStore } from './limitStore/types';

/*
 * Budgets against the in-memory store: caps per gateway and per
 * client, by UTC day and month, the message the app shows, and fail-closed
 * behaviour when the store cannot answer. The shared-store versions run
 * against a real Redis in sharedLimits.test.ts.
 */

const NOON = Date.UTC(2026, 10, 26, 12, 0, 0); // 26 November 2026, 12:00 UTC
const caps = (set: Partial<BudgetCaps>): BudgetCaps => ({ ...NO_BUDGETS, ...set });
/**
 * An in-memory store on the test's clock: the budgets stamp each day's counter with when it expires by their
 * clock, and the store judges expiry by its own, so both must read the same one. (On the real clock these
 * tests failed once 26 November 2026 was over: every counter had already expired.)
 */
const memoryStore = (now: () => number) => createMemoryLimitStore(undefined, now);

/** A store that can be switched off, as a Redis that stops answering. */
function switchable(inner: LimitStore) {
  let up = true;
  const unless = <T>(work: () => Promise<T>) => (up ? work() : Promise.reject(new StoreUnavailable('unreachable')));
  const store: LimitStore = {
    consume: (...args) => inner.consume(...args),
    add: (counts) => unless(() => inner.add(counts)),
    reserve: (charge, amount) => unless(() => inner.reserve(charge, amount)),
    settle: (charge, amount) => unless(() => inner.settle(charge, amount)),
    close: () => inner.close(),
  };
  return { store, down: () => (up = false), back: () => (up = true) };
}

/** A call that cost `tokens`: reserved (nothing, so a used-up allowance is not in the way), then settled. */
async function spend(budgets: Budgets, client: string, tokens: number): Promise<void> {
  const reservation = await budgets.reserve(client, 0);
  if (reservation.allowed) await reservation.settle(tokens);
}

describe('the gateway-wide daily cap', () => {
  it('lets calls through until the day’s tokens reach the cap, then refuses with 429 and the time it resets', async () => {
    let now = NOON;
    const clock = () => now;
    const budgets = createBudgets(caps({ daily: 100 }), memoryStore(clock), clock);
    expect(await budgets.check('a')).toEqual({ allowed: true });
    await spend(budgets, 'a', 60);
    // Another client spends from the same school allowance.
    expect(await budgets.check('b')).toEqual({ allowed: true });
    await spend(budgets, 'b', 40);
    const refused = await budgets.check('c');
    expect(refused).toMatchObject({ allowed: false, status: 429, reason: 'budget_exhausted', retryAfterSeconds: 12 * 3600 });
    expect(refused.allowed === false && refused.message).toBe("This school's daily AI allowance is used up; it resets at 00:00 UTC (in 12 hours).");
    // The next UTC day starts from nothing.
    now = Date.UTC(2026, 10, 27, 0, 0, 1);
    expect(await budgets.check('c')).toEqual({ allowed: true });
  });
});

describe('per-client caps', () => {
  it('refuses only the client that used its allowance, in the second person', async () => {
    const budgets = createBudgets(caps({ clientDaily: 50 }), memoryStore(() => NOON), () => NOON);
    await spend(budgets, 'ip:203.0.113.1', 50);
    const refused = await budgets.check('ip:203.0.113.1');
    expect(refused.allowed === false && refused.message).toMatch(/^Your daily AI allowance is used up; it resets at 00:00 UTC \(in 12 hours\)\.$/);
    expect(await budgets.check('ip:203.0.113.2')).toEqual({ allowed: true });
  });

  it('names the monthly cap, and its reset date, when both are used up (the later reset is the one that matters)', async () => {
    const budgets = createBudgets(caps({ clientDaily: 10, clientMonthly: 10 }), memoryStore(() => NOON), () => NOON);
    await spend(budgets, 'x', 10);
    const refused = await budgets.check('x');
    expect(refused.allowed === false && refused.message).toBe('Your monthly AI allowance is used up; it resets on 1 December at 00:00 UTC.');
    expect(refused.allowed === false && refused.retryAfterSeconds).toBe((Date.UTC(2026, 11, 1) - NOON) / 1000);
  });
});

describe('the message', () => {
  it('counts minutes in the last hour and never says sooner than it is', () => {
    const midnight = Date.UTC(2026, 10, 27);
    expect(exhaustedMessage('school', 'day', midnight, midnight - 90_000)).toBe("This school's daily AI allowance is used up; it resets at 00:00 UTC (in 2 minutes).");
    expect(exhaustedMessage('school', 'day', midnight, midnight - 61 * 60_000)).toContain('(in 2 hours)');
    expect(exhaustedMessage('school', 'month', Date.UTC(2027, 0, 1), NOON)).toBe("This school's monthly AI allowance is used up; it resets on 1 January at 00:00 UTC.");
  });
});

describe('with no caps set', () => {
  it('reads and writes nothing', async () => {
    const { store, down } = switchable(createMemoryLimitStore());
    down();
    const budgets = createBudgets(NO_BUDGETS, store);
    expect(budgets.enabled).toBe(false);
    expect(await budgets.check('a')).toEqual({ allowed: true });
    const reservation = await budgets.reserve('a', 1_000);
    expect(reservation.allowed).toBe(true);
    await expect(reservation.allowed && reservation.settle(1_000)).resolves.toBeUndefined();
  });
});

describe('the store unreachable', () => {
  it('fails closed with 503 and one log line naming no client, keeps the tokens it could not add, and adds them when the store is back', async () => {
    const lines: string[] = [];
    const { store, down, back } = switchable(memoryStore(() => NOON));
    const budgets = createBudgets(caps({ daily: 100 }), store, () => NOON, (line) => lines.push(line));
    await spend(budgets, 'ip:198.51.100.7', 30);
    // A call let through before the outage, ending during it.
    const inFlight = await budgets.reserve('ip:198.51.100.7', 0);
    down();
    await (inFlight.allowed && inFlight.settle(70));
    const refused = await budgets.check('ip:198.51.100.7');
    expect(refused).toMatchObject({ allowed: false, status: 503, reason: 'budget_unavailable', retryAfterSeconds: 60 });
    expect(refused.allowed === false && refused.message).toBe("This school's AI allowance cannot be checked right now. Please try again in a minute.");
    await budgets.check('ip:198.51.100.8');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toContain('budgets fail closed');
    expect(lines.join('\n')).not.toContain('198.51.100');

    back();
    // The first call to reach the store again sends what was kept behind it, without waiting for it.
    await budgets.check('ip:198.51.100.7');
    // The 70 tokens spent during the outage were kept: 30 + 70 reaches the cap.
    const after = await budgets.check('ip:198.51.100.7');
    expect(after).toMatchObject({ allowed: false, status: 429 });
    expect(lines.at(-1)).toContain('answers again');
  });
});

describe('the in-memory counters', () => {
  it('stay bounded: past the limit, new counters share one overflow counter instead of pushing out a counted one', async () => {
    const store = createMemoryLimitStore(2, () => NOON);
    const expiresAt = NOON + 60_000;
    expect(await store.add([{ key: 'a', amount: 5, expiresAt }, { key: 'b', amount: 1, expiresAt }])).toEqual([5, 1]);
    expect(await store.add([{ key: 'c', amount: 2, expiresAt }])).toEqual([2]);
    expect(await store.add([{ key: 'd', amount: 3, expiresAt }])).toEqual([5]);
    // 'a' kept its count.
    expect(await store.add([{ key: 'a', amount: 0, expiresAt }])).toEqual([5]);
  });
});
