import { describe, expect, it } from 'vitest';
import { gatewaySettingsFromEnv, LIMIT_STORE_VARIABLE } from './config';
import { createDenoKvLimitStore, denoKvBudgetKey, denoKvRateKey, openDenoKv, type DenoKv } from './limitStore/denoKv';
import { describeLimitStore } from './limitStore/limitStoreSuite';
import { createMemoryLimitStore } from './limitStore/memory';
import { StoreUnavailable } from './limitStore/types';
import { fakeKv } from './testing/standInDenoKv';

/*
 * Shared counters in Deno KV, the Deno twin of sharedLimits.test.ts: the
 * store itself, in this process, on a stand-in Kv that keeps versionstamps
 * and honours checks as Deno KV does (testing/standInDenoKv.ts), and how the
 * gateway opens a KV file. Real Deno processes sharing one KV file are in
 * denoKvProcesses.test.ts.
 */

const SALT = 'deno-kv-test-salt';

describe(`${LIMIT_STORE_VARIABLE}=denokv`, () => {
  it("is Deno.openKv()'s default KV, or the file after 'denokv:', with the salt", () => {
    expect(gatewaySettingsFromEnv({ [LIMIT_STORE_VARIABLE]: 'denokv' }).limitStore).toEqual({ kind: 'denokv', salt: '' });
    expect(gatewaySettingsFromEnv({ [LIMIT_STORE_VARIABLE]: ' DenoKV ' }).limitStore).toEqual({ kind: 'denokv', salt: '' });
    expect(gatewaySettingsFromEnv({ [LIMIT_STORE_VARIABLE]: 'denokv:/var/lib/studyforge/kv.sqlite', STUDYFORGE_LIMIT_SALT: 's3cret' }).limitStore).toEqual({
      kind: 'denokv',
      path: '/var/lib/studyforge/kv.sqlite',
      salt: 's3cret',
    });
  });

  it('still refuses what is neither memory, Redis nor Deno KV, naming denokv among what it takes', () => {
    for (const value of ['deno', 'denokv2', 'kv:/tmp/x.sqlite']) {
      expect(() => gatewaySettingsFromEnv({ [LIMIT_STORE_VARIABLE]: value })).toThrow(/denokv or denokv:<file>/);
    }
  });
});

// A generous timeout: 30 reservations at once on one key retry each other out, which here measures contention, not speed.
describeLimitStore(
  'Deno KV (on a stand-in Kv)',
  () => createDenoKvLimitStore({ kv: fakeKv(), salt: SALT, fallback: createMemoryLimitStore(), timeoutMs: 10_000, log: () => {} }),
  () => createDenoKvLimitStore({ kv: Object.assign(fakeKv(), { broken: true }), fallback: createMemoryLimitStore(), log: () => {} }),
);

describe('the Deno KV store (on a stand-in Kv)', () => {
  const quiet = () => {};

  it('counts fixed windows that start at multiples of the window: limit, then Retry-After to the window end', async () => {
    let time = 1_000_000 + 2_500;
    const kv = fakeKv();
    const store = createDenoKvLimitStore({ kv, salt: SALT, fallback: createMemoryLimitStore(), now: () => time, log: quiet });
    for (let i = 0; i < 3; i += 1) expect(await store.consume('203.0.113.1', 10_000, 3)).toEqual({ allowed: true, retryAfterSeconds: 0 });
    // The window is [1_000_000, 1_010_000): 7.5 s left, said as 8.
    expect(await store.consume('203.0.113.1', 10_000, 3)).toEqual({ allowed: false, retryAfterSeconds: 8 });
    expect((await store.consume('203.0.113.2', 10_000, 3)).allowed).toBe(true);
    time = 1_009_999;
    expect(await store.consume('203.0.113.1', 10_000, 3)).toEqual({ allowed: false, retryAfterSeconds: 1 });
    time = 1_010_000;
    expect((await store.consume('203.0.113.1', 10_000, 3)).allowed).toBe(true);
    // Each key expires at its window's end.
    const expiries = [...kv.entries.values()].map((entry) => entry.expireIn);
    expect(expiries).toContain(7_500);
    expect(expiries).toContain(10_000);
  });

  it("keeps only salted hashes: ['studyforge', 'rate', sha256, windowStart], no client address", async () => {
    const kv = fakeKv();
    const store = createDenoKvLimitStore({ kv, salt: SALT, fallback: createMemoryLimitStore(), now: () => 60_000, log: quiet });
    await store.consume('203.0.113.7', 60_000, 5);
    const [entry] = [...kv.entries.values()];
    expect(entry?.key).toEqual(await denoKvRateKey('203.0.113.7', 60_000, 60_000, SALT));
    expect(entry?.key).toEqual(['studyforge', 'rate', expect.stringMatching(/^[0-9a-f]{64}$/), 60_000]);
    expect(JSON.stringify(entry)).not.toContain('203.0.113');
    // Another salt, another hash: without the salt, nobody can hash every address to find whose key is whose.
    expect((await denoKvRateKey('203.0.113.7', 60_000, 60_000, 'other'))[2]).not.toBe(entry?.key[2]);
    expect((await denoKvBudgetKey('client:203.0.113.7:day', SALT))[2]).toMatch(/^[0-9a-f]{64}$/);
  });

  it('tries again when another process wrote between its read and its write, counting once', async () => {
    const kv = fakeKv();
    const store = createDenoKvLimitStore({ kv, fallback: createMemoryLimitStore(), now: () => 0, log: quiet });
    kv.raceNext = 3;
    await store.consume('a', 60_000, 1);
    kv.raceNext = 3;
    expect((await store.consume('a', 60_000, 1)).allowed).toBe(false);
    expect([...kv.entries.values()].map((entry) => entry.value)).toEqual([2]);
  });

  it("tries again when a local KV file's lock is held by another process (\"database is locked\"), counting once", async () => {
    const kv = fakeKv();
    const lines: string[] = [];
    const store = createDenoKvLimitStore({ kv, fallback: createMemoryLimitStore(), now: () => 0, log: (line) => lines.push(line) });
    kv.lockedNext = 4;
    await store.consume('a', 60_000, 1);
    expect([...kv.entries.values()].map((entry) => entry.value)).toEqual([1]);
    kv.lockedNext = 4;
    expect(await store.add([{ key: 'school:day', amount: 3, expiresAt: 60_000 }])).toEqual([3]);
    expect(lines).toEqual([]);
  });

  it('fails open to its own limit when the KV is slower than 250 ms, logs one line naming no client, and uses the KV again when it answers', async () => {
    const kv = fakeKv();
    const lines: string[] = [];
    const store = createDenoKvLimitStore({ kv, fallback: createMemoryLimitStore(), log: (line) => lines.push(line) });
    expect((await store.consume('198.51.100.1', 60_000, 2)).allowed).toBe(true);
    kv.delayMs = 400;
    const started = Date.now();
    for (let i = 0; i < 2; i += 1) expect((await store.consume('198.51.100.2', 60_000, 2)).allowed).toBe(true);
    expect(Date.now() - started).toBeLessThan(1_000);
    // The fallback's own limit still holds.
    expect((await store.consume('198.51.100.2', 60_000, 2)).allowed).toBe(false);
    expect(lines).toEqual(["[gateway] rate-limit store no answer within 250 ms: using this process's own limit until it answers again"]);
    kv.delayMs = 0;
    kv.broken = true;
    expect((await store.consume('198.51.100.3', 60_000, 2)).allowed).toBe(true);
    expect(lines).toHaveLength(1);
    kv.broken = false;
    expect((await store.consume('198.51.100.4', 60_000, 2)).allowed).toBe(true);
    expect(lines[1]).toBe('[gateway] rate-limit store answers again: the shared limit applies again');
    expect(lines.join('\n')).not.toContain('198.51.100');
  });

  it('adds budgets atomically and answers the totals; 0 reads without making a key; a counter past its expiresAt is empty', async () => {
    let time = 1_000;
    const kv = fakeKv();
    const store = createDenoKvLimitStore({ kv, salt: SALT, fallback: createMemoryLimitStore(), now: () => time, log: quiet });
    expect(await store.add([{ key: 'school:day', amount: 0, expiresAt: 10_000 }])).toEqual([0]);
    expect(kv.entries.size).toBe(0);
    expect(
      await store.add([
        { key: 'school:day', amount: 100, expiresAt: 10_000 },
        { key: 'client:203.0.113.9:day', amount: 40, expiresAt: 10_000 },
      ]),
    ).toEqual([100, 40]);
    expect(await store.add([{ key: 'school:day', amount: 5, expiresAt: 10_000 }, { key: 'client:203.0.113.9:day', amount: 0, expiresAt: 10_000 }])).toEqual([105, 40]);
    // The same counter twice in one call is added to twice.
    expect(await store.add([{ key: 'school:day', amount: 1, expiresAt: 10_000 }, { key: 'school:day', amount: 2, expiresAt: 10_000 }])).toEqual([106, 108]);
    expect([...kv.entries.values()].map((entry) => entry.expireIn)).toEqual([9_000, 9_000]);
    expect(JSON.stringify([...kv.entries.values()])).not.toContain('203.0.113');
    // Deno KV removes an expired key at some time after its expiry, not at it: read as empty all the same.
    time = 10_000;
    expect(await store.add([{ key: 'school:day', amount: 7, expiresAt: 20_000 }])).toEqual([7]);
  });

  // A broken KV (every call failing) is the shared suite's fail-closed case, above.
  it('fails closed for budgets: rejects with StoreUnavailable when the KV is slow or too contended', async () => {
    const kv = fakeKv();
    const store = createDenoKvLimitStore({ kv, fallback: createMemoryLimitStore(), log: quiet });
    const one = [{ key: 'school:day', amount: 1, expiresAt: Date.now() + 60_000 }];
    kv.delayMs = 400;
    const started = Date.now();
    await expect(store.add(one)).rejects.toBeInstanceOf(StoreUnavailable);
    expect(Date.now() - started).toBeLessThan(1_000);
    kv.delayMs = 0;
    // Given time enough, the tries run out before the timeout does.
    const patient = createDenoKvLimitStore({ kv, fallback: createMemoryLimitStore(), timeoutMs: 10_000, log: quiet });
    kv.raceNext = 1_000;
    await expect(patient.add(one)).rejects.toThrow(/too contended/);
    kv.raceNext = 0;
    expect(await store.add(one)).toEqual([1]);
  });

  it('closes the KV and its fallback', async () => {
    const kv = fakeKv();
    let fallbackClosed = false;
    const fallback = { ...createMemoryLimitStore(), close: async () => void (fallbackClosed = true) };
    await createDenoKvLimitStore({ kv, fallback }).close();
    expect(kv.closed).toBe(true);
    expect(fallbackClosed).toBe(true);
  });
});

describe('opening a KV file another process holds', () => {
  const kv = {} as DenoKv; // Never used: only which object comes back is looked at.
  const failing = (messages: string[]) => {
    const opened: (string | undefined)[] = [];
    const open = async (path?: string) => {
      opened.push(path);
      const message = messages.shift();
      if (message) throw new Error(message);
      return kv;
    };
    return { open, opened };
  };
  const waits: number[] = [];
  const sleep = async (ms: number) => void waits.push(ms);

  it('waits out "database is locked" while the other process creates the file, then opens it', async () => {
    waits.length = 0;
    const { open, opened } = failing(['database is locked', 'database is locked']);
    await expect(openDenoKv(open, '/srv/kv.sqlite', { sleep })).resolves.toBe(kv);
    expect(opened).toEqual(['/srv/kv.sqlite', '/srv/kv.sqlite', '/srv/kv.sqlite']);
    expect(waits).toEqual([20, 40]);
  });

  it('throws any other failure at once, and a lock held past its patience as it came', async () => {
    waits.length = 0;
    await expect(openDenoKv(failing(['Permission denied']).open, '/srv/kv.sqlite', { sleep })).rejects.toThrow('Permission denied');
    expect(waits).toEqual([]);
    const forever = failing(Array.from({ length: 100 }, () => 'database is locked'));
    await expect(openDenoKv(forever.open, '/srv/kv.sqlite', { sleep, patienceMs: 1_000 })).rejects.toThrow('database is locked');
    expect(waits.reduce((sum, ms) => sum + ms, 0)).toBeGreaterThanOrEqual(1_000);
    expect(forever.opened.length).toBeLessThan(12);
  });
});
