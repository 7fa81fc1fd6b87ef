import { readFileSync } from 'node:fs';
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callerKey } from './clientAddress';
import { gatewaySettingsFromEnv, LIMIT_STORE_VARIABLE } from './config';
import { createDenoKvLimitStore, denoKvBudgetKey, denoKvRateKey, openDenoKv, type DenoKv, type DenoKvAtomicOperation, type DenoKvEntryMaybe, type DenoKvKey } from './limitStore/denoKv';
import { describeLimitStore } from './limitStore/limitStoreSuite';
import { createMemoryLimitStore } from './limitStore/memory';
import { StoreUnavailable } from './limitStore/types';
import { freePort, spawnGroup, waitUntilUp, type GroupProcess } from './testing/processGroup';
import { ask, expectLimited } from './testing/limitRequests';

/*
 * Shared counters in Deno KV, the Deno twin of sharedLimits.test.ts.
 *
 * First the store itself, in this process, on a stand-in Kv that keeps
 * versionstamps and honours checks as Deno KV does. Then real Deno (the npm
 * package `deno`, as server/runtimes.test.ts runs it, with the flags of `npm
 * run gateway:deno`): two processes adding to one budget counter in one local
 * KV file at once lose no addition; two gateway processes (server/deno.ts,
 * sample mode) sharing one KV file with a limit of 4 limit requests
 * alternating between them at 4 in all; a killed instance loses nothing; the
 * same two in memory mode each allow 4 (so this fails if the Deno gateway
 * goes back to memory). Deno KV's local backend is SQLite: processes opening
 * the same file share it.
 *
 * Each phase is a different client (X-Forwarded-For behind one trusted hop),
 * so no phase waits for another's window.
 */

const root = path.resolve(import.meta.dirname, '..');
const LIMIT = 4;
/** A UTC day: the shared limit's windows are fixed (they start at multiples of this), so a long one keeps a phase inside one window. */
const WINDOW_MS = 86_400_000;
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

// ---------------------------------------------------------------------------
// The store on a stand-in Kv
// ---------------------------------------------------------------------------

interface FakeKv extends DenoKv {
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

function fakeKv(): FakeKv {
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

// ---------------------------------------------------------------------------
// Real Deno processes
// ---------------------------------------------------------------------------

let workDir = '';
let staticDir = '';
const started: GroupProcess[] = [];

/** `npm run gateway:deno`'s command, as package.json has it, with write access to this test's folder (for the KV file). */
function denoCommand(): { program: string; args: string[] } {
  const script = (JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as { scripts: Record<string, string> }).scripts['gateway:deno'] ?? '';
  const [program = 'npx', ...args] = script.split(/\s+/);
  const entry = args.indexOf('server/deno.ts');
  if (entry < 0) throw new Error(`gateway:deno does not run server/deno.ts: ${script}`);
  // Deno.openKv on a path asks for read and write access to it; the script grants reading only.
  return { program, args: [...args.slice(0, entry), `--allow-write=${workDir}`, ...args.slice(entry)] };
}

/** The inherited environment without provider or StudyForge variables: sample mode, as server/testing/gateway.ts starts Node. */
function cleanEnv(extra: Record<string, string>): Record<string, string> {
  const inherited = Object.fromEntries(
    Object.entries(process.env).filter((entry): entry is [string, string] => entry[1] !== undefined && !/^(GEMINI_|OPENAI_|OLLAMA_|TRANSCRIBE_|STUDYFORGE_)/.test(entry[0])),
  );
  return { ...inherited, DENO_NO_UPDATE_CHECK: '1', ...extra };
}

interface DenoGateway {
  base: string;
  proc: GroupProcess;
}

async function denoGateway(env: Record<string, string>): Promise<DenoGateway> {
  const port = await freePort();
  const { program, args } = denoCommand();
  // Its own process group: npx starts node, node starts deno; stopping the group ends them all.
  const proc = spawnGroup(program, args, {
    cwd: root,
    env: cleanEnv({
      PORT: String(port),
      HOST: '127.0.0.1',
      STUDYFORGE_STATIC_DIR: staticDir,
      STUDYFORGE_RATE_LIMIT: String(LIMIT),
      STUDYFORGE_RATE_WINDOW_MS: String(WINDOW_MS),
      STUDYFORGE_TRUSTED_HOPS: '1',
      ...env,
    }),
  });
  started.push(proc);
  const base = `http://127.0.0.1:${port}`;
  await waitUntilUp(`${base}/healthz`, proc, 120_000);
  return { base, proc };
}


/** Waits out the end of a shared window if it is close, so no phase is split across two windows (and two counts). */
async function clearOfWindowEnd(marginMs = 120_000): Promise<void> {
  const left = WINDOW_MS - (Date.now() % WINDOW_MS);
  if (left < marginMs) await new Promise((resolve) => setTimeout(resolve, left + 1_000));
}

/** Every byte of a KV file (with SQLite's -wal and -shm beside it). */
async function kvBytes(file: string): Promise<Buffer> {
  const names = (await readdir(path.dirname(file))).filter((name) => name.startsWith(path.basename(file)));
  return Buffer.concat(await Promise.all(names.map((name) => readFile(path.join(path.dirname(file), name)))));
}

beforeAll(async () => {
  workDir = await mkdtemp(path.join(tmpdir(), 'studyforge-denokv-'));
  staticDir = path.join(workDir, 'dist');
  await mkdir(staticDir, { recursive: true });
  await writeFile(path.join(staticDir, 'index.html'), '<!doctype html><html><head><title>StudyForge</title></head><body></body></html>');
});

afterAll(async () => {
  await Promise.all(started.map((proc) => proc.stop()));
  await rm(workDir, { recursive: true, force: true });
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

describe('budgets in one local Deno KV file, from two Deno processes at once', () => {
  const file = () => path.join(workDir, 'budgets.sqlite');
  const script = () => path.join(workDir, 'addMany.ts');
  /** Runs the script in Deno: `times` additions one after another, or (mode "reserve") that many reservations at once. */
  const run = (times: number, mode = 'add') => {
    const { program, args } = denoCommand();
    const runArgs = args.slice(0, args.indexOf('server/deno.ts'));
    const proc = spawnGroup(program, [...runArgs, script(), file(), String(times), mode], { cwd: root, env: cleanEnv({}) });
    started.push(proc);
    return new Promise<string>((resolve, reject) =>
      proc.child.once('exit', (code) => (code === 0 ? resolve(proc.output()) : reject(new Error(`exited with ${code}:\n${proc.output()}`)))),
    );
  };

  it('loses no addition: each read-check-write that another process came between is tried again', async () => {
    const store = path.join(root, 'server/limitStore/denoKv.ts');
    await writeFile(
      script(),
      `import { createDenoKvLimitStore, openDenoKv } from ${JSON.stringify(store)};
const [file, times, mode] = Deno.args;
// As the gateway opens it (deno.ts): both processes start on a file that does not exist yet.
const kv = await openDenoKv((path) => Deno.openKv(path), file);
const none = { consume: () => Promise.reject(new Error('unused')), add: () => Promise.reject(new Error('unused')), close: () => Promise.resolve() };
// A generous timeout: this measures contention, not speed.
const store = createDenoKvLimitStore({ kv, salt: 's', fallback: none, timeoutMs: 10_000 });
const expiresAt = Date.now() + 3_600_000;
if (mode === 'reserve') {
  const charge = () => ({ id: crypto.randomUUID(), counters: [{ key: 'school:day:reserved', cap: 1000, expiresAt }], rememberUntil: expiresAt });
  const answers = await Promise.all(Array.from({ length: Number(times) }, () => store.reserve(charge(), 1000)));
  console.log('ALLOWED ' + answers.filter((answer) => answer.allowed).length);
  console.log('RESERVED ' + JSON.stringify(await store.add([{ key: 'school:day:reserved', amount: 0, expiresAt }])));
} else {
  let last: number[] = [];
  for (let i = 0; i < Number(times); i += 1) last = await store.add([{ key: 'school:day', amount: 10, expiresAt }, { key: 'client:203.0.113.5:day', amount: 1, expiresAt }]);
  console.log('TOTALS ' + JSON.stringify(last));
}
await store.close();
`,
    );
    await Promise.all([run(60), run(60)]);
    // Two processes, 60 additions each of 10 and 1, then one more from a third: nothing lost.
    expect(await run(1)).toContain('TOTALS [1210,121]');
    const bytes = await kvBytes(file());
    expect(bytes.includes('studyforge')).toBe(true);
    expect(bytes.includes('203.0.113')).toBe(false);
  }, 180_000);

  it('lets exactly one of 30 reservations at once, 15 from each process, through a cap one of them fills', async () => {
    const outputs = await Promise.all([run(15, 'reserve'), run(15, 'reserve')]);
    const allowed = outputs.map((output) => Number(/ALLOWED (\d+)/.exec(output)?.[1]));
    expect(allowed.reduce((sum, count) => sum + count, 0)).toBe(1);
    expect(await run(0, 'reserve')).toContain('RESERVED [1000]');
  }, 180_000);
});

describe('two Deno gateway processes sharing one Deno KV file', () => {
  const file = () => path.join(workDir, 'kv.sqlite');
  const store = () => ({ STUDYFORGE_LIMIT_STORE: `denokv:${file()}`, STUDYFORGE_LIMIT_SALT: SALT });
  let a: DenoGateway;
  let b: DenoGateway;

  beforeAll(async () => {
    [a, b] = await Promise.all([denoGateway(store()), denoGateway(store())]);
  }, 180_000);

  it('says at start that the limit is shared in Deno KV', () => {
    for (const g of [a, b]) expect(g.proc.output()).toMatch(/rate limit: shared in Deno KV .*kv\.sqlite/);
  });

  it('limits requests alternating between the two at 4 in all: the 5th, on either, gets the 429', async () => {
    await clearOfWindowEnd();
    const client = '203.0.113.10';
    const statuses: number[] = [];
    for (const g of [a, b, a, b]) statuses.push((await ask(g, client)).status);
    expect(statuses).toEqual([200, 200, 200, 200]);
    await expectLimited(a, client);
    await expectLimited(b, client);
    // Another client is not limited by this one's count.
    expect((await ask(b, '203.0.113.11')).status).toBe(200);
  }, 180_000);

  it('keeps only salted hashes in the KV file: no client address', async () => {
    const bytes = await kvBytes(file());
    const windowStart = Math.floor(Date.now() / WINDOW_MS) * WINDOW_MS;
    const key = await denoKvRateKey(callerKey('203.0.113.10', '127.0.0.1', 1), WINDOW_MS, windowStart, SALT);
    expect(bytes.includes(String(key[2]))).toBe(true);
    expect(bytes.includes('203.0.113')).toBe(false);
  });

  it('loses nothing when an instance is killed: a new one on the same file carries on the count', async () => {
    await clearOfWindowEnd();
    const client = '203.0.113.20';
    for (let i = 0; i < 2; i += 1) expect((await ask(a, client)).status).toBe(200);
    const pid = a.proc.child.pid as number;
    // SIGKILL to the whole group: no shutdown, no chance to write anything more.
    process.kill(-pid, 'SIGKILL');
    await a.proc.stop();
    expect(a.proc.child.signalCode ?? a.proc.child.exitCode).not.toBeNull();
    const c = await denoGateway(store());
    for (let i = 0; i < 2; i += 1) expect((await ask(c, client)).status).toBe(200);
    await expectLimited(c, client);
    await expectLimited(b, client);
  }, 180_000);
});

describe('control: the same two Deno processes in memory mode', () => {
  it('lets each instance allow the full limit on its own (what sharing prevents)', async () => {
    const [a, b] = await Promise.all([denoGateway({}), denoGateway({})]);
    const client = '203.0.113.30';
    const statuses: number[] = [];
    for (let i = 0; i < LIMIT; i += 1) for (const g of [a, b]) statuses.push((await ask(g, client)).status);
    expect(statuses).toEqual(Array(2 * LIMIT).fill(200));
    await expectLimited(a, client);
    await expectLimited(b, client);
  }, 180_000);
});

describe('where Deno KV is not', () => {
  it('the Node gateway refuses STUDYFORGE_LIMIT_STORE=denokv at start, saying why', async () => {
    const proc = spawnGroup(process.execPath, ['--import', 'tsx', 'server/node.ts'], {
      cwd: root,
      env: cleanEnv({ PORT: String(await freePort()), STUDYFORGE_STATIC_DIR: staticDir, STUDYFORGE_LIMIT_STORE: 'denokv' }),
    });
    started.push(proc);
    const code = await new Promise<number | null>((resolve) => proc.child.once('exit', resolve));
    expect(code).toBe(1);
    expect(proc.output()).toContain('STUDYFORGE_LIMIT_STORE=denokv is for the Deno gateway');
  }, 60_000);
});
