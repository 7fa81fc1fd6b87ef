import type { DenoKv, DenoKvAtomicOperation, DenoKvKey } from '../limitStore/denoKv';

/*
 * A stand-in Deno KV in this process, for the Deno KV store's tests: it keeps
 * versionstamps and honours checks as Deno KV does, and can be made slow,
 * broken, raced by another writer or locked, as a real KV file can be.
 */

export interface FakeKv extends DenoKv {
  entries: Map<string, { key: DenoKvKey; value: unknown; versionstamp: string; expireIn: number | undefined }>;
  /** How long each call takes (ms). */
  delayMs: number;
  /** Calls reject while set. */
  broken: boolean;
  /** How many commits to fail as if another process had written first. */
  raceNext: number;
  /** How many commits to fail as SQLite does while another process holds the file's write lock. */
  lockedNext: number;
  closed: boolean;
}

export function fakeKv(): FakeKv {
  let version = 0;
  const wait = (kv: FakeKv) => new Promise<void>((resolve) => setTimeout(resolve, kv.delayMs));
  const id = (key: DenoKvKey) => JSON.stringify(key, (_, v: unknown) => (typeof v === 'bigint' ? `${v}n` : v));
  const kv: FakeKv = {
    entries: new Map(),
    delayMs: 0,
    broken: false,
    raceNext: 0,
    lockedNext: 0,
    closed: false,
    async get(key) {
      await wait(kv);
      if (kv.broken) throw new Error('database is unreachable');
      const entry = kv.entries.get(id(key));
      return entry ? { key, value: entry.value, versionstamp: entry.versionstamp } : { key, value: null, versionstamp: null };
    },
    atomic() {
      const checks: { key: DenoKvKey; versionstamp: string | null }[] = [];
      const sets: { key: DenoKvKey; value: unknown; expireIn: number | undefined }[] = [];
      const operation: DenoKvAtomicOperation = {
        check(...more) {
          checks.push(...more);
          return operation;
        },
        set(key, value, options) {
          sets.push({ key, value, expireIn: options?.expireIn });
          return operation;
        },
        async commit() {
          await wait(kv);
          if (kv.broken) throw new Error('database is unreachable');
          if (kv.lockedNext > 0) {
            kv.lockedNext -= 1;
            throw new TypeError('database is locked');
          }
          if (kv.raceNext > 0) {
            kv.raceNext -= 1;
            return { ok: false };
          }
          if (checks.some((check) => (kv.entries.get(id(check.key))?.versionstamp ?? null) !== check.versionstamp)) return { ok: false };
          version += 1;
          const versionstamp = String(version).padStart(20, '0');
          for (const { key, value, expireIn } of sets) kv.entries.set(id(key), { key, value, versionstamp, expireIn });
          return { ok: true };
        },
      };
      return operation;
    },
    close() {
      kv.closed = true;
    },
  };
  return kv;
}
