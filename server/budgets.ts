import { StoreUnavailable, type Charge, type LimitStore } from './limitStore/types';

/*
 * Budgets: daily and monthly caps on the provider tokens the
 * gateway spends, for the whole gateway (the school) and per client (the
 * rate limit's client: an address, as clientAddress.ts finds it). Periods are
 * calendar days and months in UTC. Counts live in the LimitStore, so every
 * instance sharing a store shares the budgets.
 *
 * Reserve, then settle. Before a call, its estimate (callCharge.ts) is
 * added to every counter in one atomic store operation, which refuses, adding
 * nothing, when a counter is already at or past its cap; so of many calls at
 * once, on one instance or several, only those that find room pass, and a
 * counter goes past its cap only by the last call let through and by what
 * calls cost beyond their estimates. When the call ends, the counters are
 * moved from the estimate to what it really cost (the provider's count, or,
 * when the caller left before it came, at least the reservation). Leaving
 * early never makes a call free.
 *
 * Fail closed: while a shared store cannot answer, calls are refused with
 * 503 (a school's spending is not left uncounted), one log line per outage,
 * naming no client. A settlement that could not be sent is kept here and
 * sent again, one at a time, once the store answers; each charge has an id
 * the store remembers (limitStore/charges.ts), so a settlement the store
 * applied although its answer came too late is not counted twice, and a
 * reservation that timed out here (and was refused with 503) is given back.
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

export interface BudgetRefusal {
  allowed: false;
  status: 429 | 503;
  message: string;
  retryAfterSeconds: number;
  reason: 'budget_exhausted' | 'budget_unavailable';
}

export type BudgetVerdict = { allowed: true } | BudgetRefusal;

/** A reservation let through: `settle` charges what the call really cost (never rejects; the store's outage keeps it for later). */
export type BudgetReservation = { allowed: true; settle(tokens: number): Promise<void> } | BudgetRefusal;

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

/** Settlements kept while the store is down, at most this many (past it, a call stays charged its reservation). */
const MAX_PENDING = 10_000;
/** How long the store remembers a charge: far longer than a call (5 minutes at most) and its settlement's retries. */
const REMEMBER_MS = 3_600_000;
/** A kept settlement is dropped this long before the store forgets its charge, so a late one is never counted in full again. */
const RETRY_MARGIN_MS = REMEMBER_MS / 2;

const UNAVAILABLE: BudgetRefusal = { allowed: false, status: 503, message: BUDGET_UNAVAILABLE_MESSAGE, retryAfterSeconds: 60, reason: 'budget_unavailable' };

export interface Budgets {
  /** Whether any cap is set; with none, nothing is read or counted. */
  readonly enabled: boolean;
  /** May this client spend more? Reads only, reserving nothing (every AI call, transcription too, reserves instead). */
  check(client: string): Promise<BudgetVerdict>;
  /** Before a call: reserves its estimate on every counter, or refuses when one is used up. */
  reserve(client: string, estimate: number): Promise<BudgetReservation>;
}

export function createBudgets(caps: BudgetCaps, store: LimitStore, now: () => number = Date.now, log: (line: string) => void = console.warn): Budgets {
  const pending = new Map<string, { charge: Charge; amount: number }>();
  let flushing = false;
  let down = false;
  const enabled = countersFor(caps, '', 0).length > 0;

  function outage(error: unknown) {
    // Anything the store threw counts as an outage: a settlement is never thrown to a caller that does not wait.
    const unavailable = error instanceof StoreUnavailable ? error : new StoreUnavailable('failed unexpectedly');
    if (down) return;
    down = true;
    log(`[gateway] budget store ${unavailable.message}: refusing AI calls until it answers again (budgets fail closed)`);
  }

  /** The store answered: say so once, and send the settlements kept from the outage, one at a time. */
  function answered() {
    if (down) {
      down = false;
      log('[gateway] budget store answers again: budgets apply again');
    }
    void sendPending();
  }

  async function sendPending() {
    if (flushing) return;
    flushing = true;
    try {
      for (const [id, { charge, amount }] of pending) {
        if (charge.rememberUntil - RETRY_MARGIN_MS > now()) await store.settle(charge, amount);
        pending.delete(id);
      }
    } catch (error) {
      outage(error);
    } finally {
      flushing = false;
    }
  }

  function keep(charge: Charge, amount: number) {
    if (pending.size < MAX_PENDING || pending.has(charge.id)) pending.set(charge.id, { charge, amount });
  }

  /** Each charge is settled once (or kept once), so settlements of different calls can go in any order. */
  async function settle(charge: Charge, tokens: number) {
    const amount = Math.max(0, Math.round(tokens));
    try {
      await store.settle(charge, amount);
      answered();
    } catch (error) {
      outage(error);
      keep(charge, amount);
    }
  }

  /** The used-up counter to name: when several are, the one that resets last is the one that matters. */
  function exhaustedOf(counters: BudgetCounter[], totals: number[]): BudgetCounter | undefined {
    return counters.filter((counter, i) => (totals[i] ?? 0) >= counter.cap).sort((a, b) => b.resetsAt - a.resetsAt)[0];
  }

  function refusal(exhausted: BudgetCounter, time: number): BudgetRefusal {
    return {
      allowed: false,
      status: 429,
      message: exhaustedMessage(exhausted.scope, exhausted.period, exhausted.resetsAt, time),
      retryAfterSeconds: Math.max(1, Math.ceil((exhausted.resetsAt - time) / 1000)),
      reason: 'budget_exhausted',
    };
  }

  return {
    enabled,
    async check(client) {
      if (!enabled) return { allowed: true };
      const time = now();
      const counters = countersFor(caps, client, time);
      let totals: number[];
      try {
        totals = await store.add(counters.map((counter) => ({ key: counter.key, amount: 0, expiresAt: counter.resetsAt })));
      } catch (error) {
        outage(error);
        return UNAVAILABLE;
      }
      answered();
      const exhausted = exhaustedOf(counters, totals);
      return exhausted ? refusal(exhausted, time) : { allowed: true };
    },
    async reserve(client, estimate) {
      if (!enabled) return { allowed: true, settle: () => Promise.resolve() };
      const time = now();
      const counters = countersFor(caps, client, time);
      const charge: Charge = {
        id: crypto.randomUUID(),
        counters: counters.map((counter) => ({ key: counter.key, cap: counter.cap, expiresAt: counter.resetsAt })),
        rememberUntil: time + REMEMBER_MS,
      };
      let reserved: { allowed: boolean; totals: number[] };
      try {
        reserved = await store.reserve(charge, Math.max(0, Math.round(estimate)));
      } catch (error) {
        outage(error);
        // The store may still apply it after answering too late: settling at 0 gives it back, or stops it.
        keep(charge, 0);
        return UNAVAILABLE;
      }
      answered();
      if (reserved.allowed) return { allowed: true, settle: (tokens) => settle(charge, tokens) };
      // The store refuses only with a counter at its cap; were none, the latest to reset is named.
      const exhausted = exhaustedOf(counters, reserved.totals) ?? exhaustedOf(counters, counters.map((counter) => counter.cap));
      return exhausted ? refusal(exhausted, time) : UNAVAILABLE;
    },
  };
}
