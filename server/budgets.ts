import { StoreUnavailable, type LimitStore } from './limitStore/types';

/*
 * Budgets (issue 18): daily and monthly caps on the provider tokens the
 * gateway spends, for the whole gateway (the school) and per client (the
 * rate limit's client: an address, as clientAddress.ts finds it). Periods are
 * calendar days and months in UTC. Counts live in the LimitStore, so every
 * instance sharing a store shares the budgets.
 *
 * A call is let through while every counter is below its cap, and its tokens
 * are added when it ends; so the calls already in flight when a cap is
 * reached may take a counter past it, by at most their own size.
 *
 * Fail closed: while a shared store cannot answer, calls are refused with
 * 503 (a school's spending is not left uncounted), one log line per outage,
 * naming no client. Tokens that could not be added are kept here and added
 * with the next call that reaches the store.
 */

export interface BudgetCaps {
  /** Tokens per UTC day for the whole gateway; 0: no cap. */
  daily: number;
  monthly: number;
  /** Tokens per UTC day per client; 0: no cap. */
  clientDaily: number;
  clientMonthly: number;
}

export const NO_BUDGETS: BudgetCaps = { daily: 0, monthly: 0, clientDaily: 0, clientMonthly: 0 };

type Scope = 'school' | 'client';
type Period = 'day' | 'month';

interface BudgetCounter {
  scope: Scope;
  period: Period;
  cap: number;
  key: string;
  resetsAt: number;
}

export type BudgetVerdict =
  | { allowed: true }
  | { allowed: false; status: 429 | 503; message: string; retryAfterSeconds: number; reason: 'budget_exhausted' | 'budget_unavailable' };

export const BUDGET_UNAVAILABLE_MESSAGE = "This school's AI allowance cannot be checked right now. Please try again in a minute.";

const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];

/** "in 5 hours", "in 12 minutes": how long until a reset, rounded up so it never says sooner than it is. */
function inHowLong(ms: number): string {
  const minutes = Math.max(1, Math.ceil(ms / 60_000));
  if (minutes < 60) return `in ${minutes} minute${minutes === 1 ? '' : 's'}`;
  const hours = Math.ceil(minutes / 60);
  return `in ${hours} hour${hours === 1 ? '' : 's'}`;
}

/** What the app shows (the contract's {error}); the time is UTC, said as such, since the gateway does not know the user's zone. */
export function exhaustedMessage(scope: Scope, period: Period, resetsAt: number, now: number): string {
  const whose = scope === 'school' ? "This school's" : 'Your';
  if (period === 'day') return `${whose} daily AI allowance is used up; it resets at 00:00 UTC (${inHowLong(resetsAt - now)}).`;
  const reset = new Date(resetsAt);
  return `${whose} monthly AI allowance is used up; it resets on ${reset.getUTCDate()} ${MONTHS[reset.getUTCMonth()]} at 00:00 UTC.`;
}

function countersFor(caps: BudgetCaps, client: string, now: number): BudgetCounter[] {
  const date = new Date(now);
  const [y, m, d] = [date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate()];
  const day = date.toISOString().slice(0, 10);
  const month = day.slice(0, 7);
  const dayEnds = Date.UTC(y, m, d + 1);
  const monthEnds = Date.UTC(y, m + 1, 1);
  const all: BudgetCounter[] = [
    { scope: 'school', period: 'day', cap: caps.daily, key: `school:day:${day}`, resetsAt: dayEnds },
    { scope: 'school', period: 'month', cap: caps.monthly, key: `school:month:${month}`, resetsAt: monthEnds },
    { scope: 'client', period: 'day', cap: caps.clientDaily, key: `client:day:${day}:${client}`, resetsAt: dayEnds },
    { scope: 'client', period: 'month', cap: caps.clientMonthly, key: `client:month:${month}:${client}`, resetsAt: monthEnds },
  ];
  return all.filter((counter) => counter.cap > 0);
}

/** Pending tokens kept while the store is down: the school's counters always, clients' up to this many. */
const MAX_PENDING = 10_000;

export interface Budgets {
  /** Whether any cap is set; with none, nothing is read or counted. */
  readonly enabled: boolean;
  /** Before a call: may this client spend more? */
  check(client: string): Promise<BudgetVerdict>;
  /** After a call: the tokens it used. Never throws; a store outage keeps them for later. */
  record(client: string, tokens: number): Promise<void>;
}

export function createBudgets(caps: BudgetCaps, store: LimitStore, now: () => number = Date.now, log: (line: string) => void = console.warn): Budgets {
  const pending = new Map<string, { amount: number; expiresAt: number }>();
  let down = false;
  const enabled = countersFor(caps, '', 0).length > 0;

  function outage(error: unknown) {
    if (!(error instanceof StoreUnavailable)) throw error;
    if (down) return;
    down = true;
    log(`[gateway] budget store ${error.message}: refusing AI calls until it answers again (budgets fail closed)`);
  }

  function recovered() {
    if (!down) return;
    down = false;
    log('[gateway] budget store answers again: budgets apply again');
  }

  /** The additions for these counters, with any tokens kept from an outage folded in. */
  function additions(counters: BudgetCounter[], amount: number, time: number) {
    const list = counters.map((counter) => ({ key: counter.key, amount, expiresAt: counter.resetsAt }));
    for (const [key, kept] of pending) {
      if (kept.expiresAt <= time) continue;
      const same = list.find((entry) => entry.key === key);
      if (same) same.amount += kept.amount;
      else list.push({ key, amount: kept.amount, expiresAt: kept.expiresAt });
    }
    return list;
  }

  return {
    enabled,
    async check(client) {
      if (!enabled) return { allowed: true };
      const time = now();
      const counters = countersFor(caps, client, time);
      let totals: number[];
      try {
        totals = await store.add(additions(counters, 0, time));
      } catch (error) {
        outage(error);
        return { allowed: false, status: 503, message: BUDGET_UNAVAILABLE_MESSAGE, retryAfterSeconds: 60, reason: 'budget_unavailable' };
      }
      pending.clear();
      recovered();
      // When several are used up, the one that resets last is the one that matters.
      const exhausted = counters.filter((counter, i) => (totals[i] ?? 0) >= counter.cap).sort((a, b) => b.resetsAt - a.resetsAt)[0];
      if (!exhausted) return { allowed: true };
      return {
        allowed: false,
        status: 429,
        message: exhaustedMessage(exhausted.scope, exhausted.period, exhausted.resetsAt, time),
        retryAfterSeconds: Math.max(1, Math.ceil((exhausted.resetsAt - time) / 1000)),
        reason: 'budget_exhausted',
      };
    },
    async record(client, tokens) {
      if (!enabled || !(tokens > 0)) return;
      const time = now();
      const counters = countersFor(caps, client, time);
      try {
        await store.add(additions(counters, Math.round(tokens), time));
        pending.clear();
        recovered();
      } catch (error) {
        // Never thrown from here (the caller does not wait for it): anything the store threw counts as an outage.
        outage(error instanceof StoreUnavailable ? error : new StoreUnavailable('failed unexpectedly'));
        for (const counter of counters) {
          const kept = pending.get(counter.key);
          if (!kept && counter.scope === 'client' && pending.size >= MAX_PENDING) continue;
          pending.set(counter.key, { amount: (kept?.amount ?? 0) + Math.round(tokens), expiresAt: counter.resetsAt });
        }
      }
    },
  };
}
