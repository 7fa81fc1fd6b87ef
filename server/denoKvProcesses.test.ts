import { readFileSync } from 'node:fs';
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callerKey } from './clientAddress';
import { denoKvRateKey } from './limitStore/denoKv';
import { freePort, spawnGroup, waitUntilUp, type GroupProcess } from './testing/processGroup';
import { ask, expectLimited } from './testing/limitRequests';
import { expectEachAllowsFullLimit, expectOneLimitAcrossTwo } from './testing/sharedLimitScenarios';

/*
 * Shared counters in Deno KV across real Deno processes (the npm package
 * `deno`, as server/runtimes.test.ts runs it, with the flags of `npm run
 * gateway:deno`); the store's own cases are in denoKvLimits.test.ts. Two
 * processes adding to one budget counter in one local KV file at once lose
 * no addition; two gateway processes (server/deno.ts, sample mode) sharing
 * one KV file with a limit of 4 limit requests alternating between them at 4
 * in all; a killed instance loses nothing; the same two in memory mode each
 * allow 4 (so this fails if the Deno gateway goes back to memory). Deno KV's
 * local backend is SQLite: processes opening the same file share it.
 *
 * Each phase is a different client (X-Forwarded-For behind one trusted hop),
 * so no phase waits for another's window.
 */

const root = path.resolve(import.meta.dirname, '..');
const LIMIT = 4;
/** A UTC day: the shared limit's windows are fixed (they start at multiples of this), so a long one keeps a phase inside one window. */
const WINDOW_MS = 86_400_000;
const SALT = 'deno-kv-test-salt';

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
    await expectOneLimitAcrossTwo(a, b, '203.0.113.10', '203.0.113.11', { ask, expectLimited });
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
    await expectEachAllowsFullLimit(a, b, '203.0.113.30', LIMIT, { ask, expectLimited });
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
