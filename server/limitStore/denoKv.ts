import type { RateDecision } from '../rateLimit';
import { failOpenRateLimit } from './failOpen';
import { reservation, settlement, type ChargeRecord, type ChargeWrite } from './charges';
import { StoreUnavailable, type Charge, type CounterAddition, type LimitStore } from './types';

/*
 * The gateway's counters in Deno KV, shared by every Deno gateway
 * process that opens the same KV: on Deno Deploy, the project's KV
 * (Deno.openKv() with no path); on a server, one SQLite file several
 * processes open (Deno.openKv('/var/lib/studyforge/kv.sqlite')).
 *
 * Like the Redis store (redis.ts): keys hold no client address, only a
 * SHA-256 of it with the salt (STUDYFORGE_LIMIT_SALT); a call that takes
 * longer than `timeoutMs` makes the rate limit fail open to `fallback` (this
 * process's own limit) with one log line naming no client, and budgets fail
 * closed (`add` rejects with StoreUnavailable).
 *
 * Counting is a read and a conditional write: kv.get, then
 * kv.atomic().check(entry).set(key, count + 1, { expireIn }), tried again
 * when another process wrote in between (or held a local file's lock). Not the `sum` mutation, because only
 * `set` takes `expireIn`, and keys that never expire would pile up for ever:
 *   https://docs.deno.com/api/deno/~/Deno.KvMutation ("set ... Optionally an
 *   expireIn option"; sum, max and min take none)
 *   https://docs.deno.com/api/deno/~/Deno.AtomicOperation (checks on
 *   versionstamps, "retry the read-modify-write operation in a loop")
 *   https://docs.deno.com/api/deno/~/Deno.AtomicOperation.prototype.set
 * Plain numbers are stored rather than Deno.KvU64, which only `sum` needs, so
 * this module needs nothing from the runtime but the Kv handed to it.
 *
 * Expiry is a lower bound: "An implementation is allowed to expire a key at
 * any time after the specified timestamp, but not before"
 * (https://docs.deno.com/deploy/kv/key_expiration). A rate window's key names
 * its window, so a late-expiring one is never read again; a budget counter
 * keeps its own expiresAt and is read as empty once that has passed.
 */

/*
 * The little of Deno KV's API used here, declared by hand (as deno.ts
 * declares `Deno`): the repo's tsconfig has no Deno types, and this file is
 * also loaded by the Node-side unit tests with a stand-in.
 * https://docs.deno.com/api/deno/~/Deno.Kv
 */
export type DenoKvKeyPart = string | number | bigint | boolean | Uint8Array;
export type DenoKvKey = readonly DenoKvKeyPart[];

export interface DenoKvEntryMaybe {
  key: DenoKvKey;
  value: unknown;
  /** null when the key does not exist. */
  versionstamp: string | null;
}

export interface DenoKvAtomicOperation {
  /** Fails the commit (ok: false) unless each key still has the versionstamp read (null: still absent). */
  check(...checks: { key: DenoKvKey; versionstamp: string | null }[]): DenoKvAtomicOperation;
  set(key: DenoKvKey, value: unknown, options?: { expireIn?: number }): DenoKvAtomicOperation;
  commit(): Promise<{ ok: boolean }>;
}

export interface DenoKv {
  get(key: DenoKvKey): Promise<DenoKvEntryMaybe>;
  atomic(): DenoKvAtomicOperation;
  close(): void;
}

export interface DenoKvLimitStoreOptions {
  kv: DenoKv;
  /** Mixed into every key's hash (STUDYFORGE_LIMIT_SALT, config.ts): the same on every instance. */
  salt?: string;
  /** This process's own limit, used while the KV does not answer. */
  fallback: LimitStore;
  /** How long one store call may take before the fallback answers, or the budgets refuse (250 ms). */
  timeoutMs?: number;
  log?: (line: string) => void;
  now?: () => number;
}

/**
 * How often a count is tried at most, when another process changed the key between read and write or held
 * the file's lock. The timeout (250 ms) is what usually ends the tries; this only bounds a store that fails
 * fast for ever.
 */
const ATTEMPTS = 50;

class StoreTimeout extends Error {}
class StoreContended extends Error {}

/*
 * A local KV file is one SQLite database: while another process writes, a
 * read or commit here can fail with "database is locked" (seen with Deno
 * 2.9.6 and two processes adding at once). SQLite made no change then, so
 * trying again cannot count twice.
 */
function isLocked(error: unknown): boolean {
  return error instanceof Error && /database is (locked|busy)/i.test(error.message);
}

/** A short random pause, longer each time up to 10 ms, so processes that collided do not collide again in step. */
function pause(attempt: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, Math.random() * Math.min(10, 1 + attempt)));
}

/** Runs `once` until it answers (undefined: another process came between), within ATTEMPTS and until `gaveUp()`. */
async function untilCommitted<T>(once: () => Promise<T | undefined>, gaveUp: () => boolean): Promise<T> {
  for (let attempt = 0; attempt < ATTEMPTS && !gaveUp(); attempt += 1) {
    if (attempt > 0) await pause(attempt);
    try {
      const result = await once();
      if (result !== undefined) return result;
    } catch (error) {
      if (!isLocked(error)) throw error;
    }
  }
  throw new StoreContended();
}

/**
 * Opens a Deno KV, waiting out a local file's lock. Processes that open the
 * same new SQLite file at once (two gateways started together) race to
 * create it, and the loser's Deno.openKv fails with "database is locked"
 * (seen in CI, Deno 2.9.6, two processes): without this, that gateway would
 * refuse to start. Any other failure, or a lock held for longer than
 * `patienceMs` in all, is thrown as it came.
 */
export async function openDenoKv(
  open: (path?: string) => Promise<DenoKv>,
  path: string | undefined,
  { patienceMs = 5_000, sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)) } = {},
): Promise<DenoKv> {
  let waited = 0;
  for (let delay = 20; ; delay = Math.min(delay * 2, 500)) {
    try {
      return await open(path);
    } catch (error) {
      if (!isLocked(error) || waited >= patienceMs) throw error;
      await sleep(delay);
      waited += delay;
    }
  }
}

async function sha256hex(text: string): Promise<string> {
  // Web Crypto, not node:crypto: the same call on Deno and on Node (the unit tests).
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text));
  return Array.from(new Uint8Array(digest), (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/** A client's window's key: a salted hash of the client (never the address) and the window's start. */
export async function denoKvRateKey(client: string, windowMs: number, windowStart: number, salt = ''): Promise<DenoKvKey> {
  // The same text as redis.ts hashes, so one salt means the same thing in either store.
  return ['studyforge', 'rate', await sha256hex(`studyforge-rate-limit:v1:${salt}:${windowMs}:${client}`), windowStart];
}

/** A budget counter's key: a hash, since a per-client counter's name holds the client's key. */
export async function denoKvBudgetKey(key: string, salt = ''): Promise<DenoKvKey> {
  return ['studyforge', 'budget', await sha256hex(`studyforge-budget:v1:${salt}:${key}`)];
}

interface BudgetValue {
  total: number;
  expiresAt: number;
}

function budgetTotal(entry: DenoKvEntryMaybe, time: number): number {
  const value = entry.value as Partial<BudgetValue> | null;
  if (entry.versionstamp === null || typeof value?.total !== 'number' || typeof value.expiresAt !== 'number') return 0;
  // Past its period but not yet removed (expiry is a lower bound): an empty counter.
  return value.expiresAt <= time ? 0 : value.total;
}

export function createDenoKvLimitStore({ kv, salt = '', fallback, timeoutMs = 250, log = console.warn, now = Date.now }: DenoKvLimitStoreOptions): LimitStore {

  /** Runs `work` or rejects with StoreTimeout after timeoutMs; `gaveUp()` tells the work to stop retrying. */
  async function within<T>(work: (gaveUp: () => boolean) => Promise<T>): Promise<T> {
    let timer: ReturnType<typeof setTimeout> | undefined;
    let late = false;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => {
        late = true;
        reject(new StoreTimeout());
      }, timeoutMs);
    });
    try {
      return await Promise.race([work(() => late), timeout]);
    } finally {
      clearTimeout(timer);
    }
  }

  /** Adds 1 to the window's count, read-check-write until no other process came between; answers the count. */
  function countOne(key: DenoKvKey, expireIn: number, gaveUp: () => boolean): Promise<number> {
    return untilCommitted(async () => {
      const entry = await kv.get(key);
      const count = (typeof entry.value === 'number' ? entry.value : 0) + 1;
      const { ok } = await kv.atomic().check({ key, versionstamp: entry.versionstamp }).set(key, count, { expireIn }).commit();
      return ok ? count : undefined;
    }, gaveUp);
  }

  async function shared(client: string, windowMs: number, limit: number): Promise<RateDecision> {
    const time = now();
    // A fixed window every process agrees on without talking: the same start for the same moment.
    const windowStart = Math.floor(time / windowMs) * windowMs;
    const untilEnd = windowStart + windowMs - time;
    const key = await denoKvRateKey(client, windowMs, windowStart, salt);
    const count = await within((gaveUp) => countOne(key, Math.max(1, untilEnd), gaveUp));
    if (count <= limit) return { allowed: true, retryAfterSeconds: 0 };
    return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil(untilEnd / 1000)) };
  }

  /** Adds every amount in one atomic commit (all or none), tried again while another process came between. */
  function addAll(counts: readonly CounterAddition[], keys: DenoKvKey[], gaveUp: () => boolean): Promise<number[]> {
    return untilCommitted(async () => {
      const time = now();
      const entries = await Promise.all(keys.map((key) => kv.get(key)));
      // One write per key: a counter named twice in one call is added to twice, as memory.ts and redis.ts do.
      const pending = new Map<string, { key: DenoKvKey; versionstamp: string | null; value: BudgetValue }>();
      const totals = counts.map((count, i) => {
        const key = keys[i] as DenoKvKey;
        const id = String(key[2]);
        const write = pending.get(id);
        const before = write ? write.value.total : budgetTotal(entries[i] as DenoKvEntryMaybe, time);
        // An amount of 0 only reads: it makes no key (as in memory.ts and redis.ts).
        if (count.amount === 0) return before;
        const value: BudgetValue = { total: before + count.amount, expiresAt: count.expiresAt };
        pending.set(id, { key, versionstamp: (entries[i] as DenoKvEntryMaybe).versionstamp, value });
        return value.total;
      });
      if (pending.size === 0) return totals;
      const operation = kv.atomic();
      for (const { key, versionstamp, value } of pending.values()) {
        operation.check({ key, versionstamp }).set(key, value, { expireIn: Math.max(1, value.expiresAt - time) });
      }
      return (await operation.commit()).ok ? totals : undefined;
    }, gaveUp);
  }

  /**
   * A reservation or settlement (charges.ts): reads the charge's record and its counters, and writes what
   * `decide` says in one atomic commit checked against what was read, tried again while another process came
   * between. The record is a plain value under a hashed key, kept until the charge's rememberUntil.
   */
  function charged<T extends ChargeWrite>(charge: Charge, decide: (known: ChargeRecord | undefined, totals: number[]) => T, gaveUp: () => boolean): Promise<T> {
    return untilCommitted(async () => {
      const time = now();
      const keys = await Promise.all([`charge:${charge.id}`, ...charge.counters.map((counter) => counter.key)].map((key) => denoKvBudgetKey(key, salt)));
      const [recordEntry, ...entries] = await Promise.all(keys.map((key) => kv.get(key)));
      const stored = recordEntry?.value as Partial<ChargeRecord & { until: number }> | null | undefined;
      const known = typeof stored?.charged === 'number' && typeof stored.allowed === 'boolean' && (stored.until ?? 0) > time ? { allowed: stored.allowed, charged: stored.charged } : undefined;
      const decided = decide(known, entries.map((entry) => budgetTotal(entry, time)));
      if (decided.record === known) return decided;
      const operation = kv.atomic();
      [recordEntry, ...entries].forEach((entry, i) => operation.check({ key: keys[i] as DenoKvKey, versionstamp: entry?.versionstamp ?? null }));
      operation.set(keys[0] as DenoKvKey, { ...decided.record, until: charge.rememberUntil }, { expireIn: Math.max(1, charge.rememberUntil - time) });
      charge.counters.forEach((counter, i) => {
        const total = decided.writes[i];
        if (total !== undefined) operation.set(keys[i + 1] as DenoKvKey, { total, expiresAt: counter.expiresAt }, { expireIn: Math.max(1, counter.expiresAt - time) });
      });
      return (await operation.commit()).ok ? decided : undefined;
    }, gaveUp);
  }

  /** A failure in words for the log and StoreUnavailable (never a key). */
  const why = (error: unknown) => (error instanceof StoreTimeout ? `no answer within ${timeoutMs} ms` : error instanceof StoreContended ? 'too contended' : 'unreachable');

  /** Budgets fail closed: any failure is StoreUnavailable, the cause kept for whoever debugs (budgets.ts logs only that the store is unavailable). */
  async function unavailableUnless<T>(work: () => Promise<T>): Promise<T> {
    try {
      return await work();
    } catch (error) {
      throw new StoreUnavailable(why(error), { cause: error });
    }
  }

  return {
    consume: failOpenRateLimit(shared, fallback, why, log),
    // Budgets fail closed: no fallback, the caller (budgets.ts) refuses while the store cannot answer.
    async add(counts) {
      if (counts.length === 0) return [];
      const keys = await Promise.all(counts.map((count) => denoKvBudgetKey(count.key, salt)));
      return unavailableUnless(() => within((gaveUp) => addAll(counts, keys, gaveUp)));
    },
    async reserve(charge, amount) {
      const decided = await unavailableUnless(() => within((gaveUp) => charged(charge, (known, totals) => reservation(charge, known, totals, amount), gaveUp)));
      return { allowed: decided.allowed, totals: decided.totals };
    },
    async settle(charge, amount) {
      return (await unavailableUnless(() => within((gaveUp) => charged(charge, (known, totals) => settlement(known, totals, amount), gaveUp)))).totals;
    },
    async close() {
      kv.close();
      await fallback.close();
    },
  };
}
