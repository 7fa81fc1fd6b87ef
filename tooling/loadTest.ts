import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { Agent, request as httpRequest } from 'node:http';
import { cpus, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { Redis } from 'ioredis';
import { rssBytesOf, startGateway, type GatewayProcess } from '../server/testing/gateway';
import { spawnGroup, type GroupProcess } from '../server/testing/processGroup';
import { requireRedisServer, startRedis, type RedisProcess } from '../server/testing/redis';

/*
 * `npm run load` (asked for by the security review): the real gateway (server/node.ts, in
 * sample mode, so no provider is involved) under load from this machine only.
 * Prints requests per second, p50/p99 latency, failures, and the gateway's
 * resident memory before and after: 50 connections, 200 connections, and a
 * soak of 50 connections for two minutes; then its memory after a short idle.
 *
 *   npm run load                 full run (about 3 minutes)
 *   npm run load -- --quick      5 s phases and a 10 s soak, to try it out
 *   LOAD_SOAK_SECONDS=30 npm run load
 *
 * Scaling, a separate mode because it needs redis-server and takes
 * its own minutes: `npm run load -- --instances 1,2,4`. For each N in the list
 * it starts one real redis-server (server/testing/redis.ts), one fake
 * OpenAI-compatible provider in its own process (tooling/fakeProviderProcess.ts,
 * answering at once) and N gateways sharing that Redis for their rate limit
 * (STUDYFORGE_LIMIT_STORE, limit 1e9 so the load is never limited) and that
 * fake as their provider, so each request goes client -> gateway -> Redis ->
 * fake and back, as in a deployment minus the model's own time. After a 5 s
 * warm-up (2 s with --quick), LOAD_SCALE_CONNECTIONS connections (default
 * 100, at most 1000) are spread round-robin over the N instances from this
 * client (no proxy) for LOAD_SCALE_SECONDS (default 15, 5 with --quick, at
 * most 300); 1,2,4 takes about a minute and a half. Per N: req/s, p50/p99,
 * failures, the gateways' summed RSS and CPU time, Redis's and the fake's, and
 * checks that Redis counted and the fake answered each request. Everything
 * (gateways, Redis, fake) is stopped as a process group after each N, and at
 * the end, on failure, Ctrl-C or the hard deadline.
 *
 *   npm run load -- --instances 1,2,4
 *   npm run load -- --quick --instances 1,2
 *   LOAD_SCALE_SECONDS=30 LOAD_SCALE_CONNECTIONS=200 npm run load -- --instances 1,2,4
 *
 * Loopback only: it starts its own gateways on 127.0.0.1 (LOAD_HOST may say
 * ::1 or localhost instead) and refuses any other target; the provider in the
 * scaling mode is the fake on 127.0.0.1, never a real one. Bounded in time: a
 * hard deadline stops everything, whatever is still running.
 */

const root = path.resolve(import.meta.dirname, '..');
const quick = process.argv.includes('--quick');
const LOOPBACK = new Set(['127.0.0.1', '::1', 'localhost']);
const host = process.env.LOAD_HOST ?? '127.0.0.1';

function seconds(name: string, fallback: number, max: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw.trim() === '') return fallback;
  const value = Number(raw);
  if (!Number.isFinite(value) || value <= 0 || value > max) throw new Error(`${name} must be a number of seconds in (0, ${max}], not "${raw}".`);
  return value;
}

function wholeCount(name: string, fallback: number, max: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw.trim() === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 1 || value > max) throw new Error(`${name} must be a whole number in [1, ${max}], not "${raw}".`);
  return value;
}

const MAX_INSTANCES = 16;
const MAX_RUNS = 8;

/** `--instances 1,2,4` or `--instances=1,2,4`: the instance counts to measure, or null for the sample-mode run. */
function instancesArgument(argv: readonly string[]): number[] | null {
  const at = argv.findIndex((arg) => arg === '--instances' || arg.startsWith('--instances='));
  if (at === -1) return null;
  const flag = argv[at] ?? '';
  const raw = flag.includes('=') ? flag.slice(flag.indexOf('=') + 1) : (argv[at + 1] ?? '');
  const list = raw.split(',').map((part) => part.trim()).filter((part) => part !== '').map(Number);
  if (list.length === 0 || list.length > MAX_RUNS || list.some((n) => !Number.isInteger(n) || n < 1 || n > MAX_INSTANCES)) {
    throw new Error(`--instances takes up to ${MAX_RUNS} whole numbers from 1 to ${MAX_INSTANCES}, comma-separated (e.g. --instances 1,2,4), not "${raw}".`);
  }
  return list;
}

const WARMUP_S = quick ? 2 : 3;
const PHASE_S = seconds('LOAD_PHASE_SECONDS', quick ? 5 : 20, 300);
const SOAK_S = seconds('LOAD_SOAK_SECONDS', quick ? 10 : 120, 900);
const SCALE_S = seconds('LOAD_SCALE_SECONDS', quick ? 5 : 15, 300);
// Longer than the sample run's: every N starts fresh processes, each with its own cold JIT and its own Redis connection.
const SCALE_WARMUP_S = quick ? 2 : 5;
const SCALE_CONNECTIONS = wholeCount('LOAD_SCALE_CONNECTIONS', 100, 1000);
const IDLE_S = 5;
const STARTUP_ALLOWANCE_S = 90;
/** After the warm-up and after the phase: the fake reports its count once a second, so a pause lets the count catch up. */
const SETTLE_S = 1.5;
const REQUEST_TIMEOUT_MS = 10_000;
const RSS_SAMPLE_S = 10;

/** Everything planned, plus each start and some slack; never less than five minutes. */
function deadlineSeconds(instances: number[] | null): number {
  if (instances === null) return Math.max(300, WARMUP_S + 2 * PHASE_S + SOAK_S + IDLE_S + STARTUP_ALLOWANCE_S + 30);
  return Math.max(300, instances.length * (STARTUP_ALLOWANCE_S + SCALE_WARMUP_S + SCALE_S + 2 * SETTLE_S + 15) + 30);
}

const BODY = JSON.stringify({
  contents: 'Explain photosynthesis in one paragraph.',
  config: {
    responseMimeType: 'application/json',
    responseSchema: { type: 'OBJECT', properties: { summary: { type: 'STRING' } }, required: ['summary'] },
  },
});

interface Phase {
  name: string;
  connections: number;
  seconds: number;
  reported: boolean;
}

/** One gateway to send to: its port, and its pid for /proc. */
interface Target {
  port: number;
  pid: number | undefined;
}

interface PhaseResult {
  phase: Phase;
  elapsedS: number;
  latencies: Float64Array;
  requests: number;
  /** Requests (answered or failed) per target, in the order given: shows the round-robin's spread. */
  perTarget: number[];
  non2xx: number;
  errors: number;
  statuses: Map<number, number>;
  errorKinds: Map<string, number>;
  /** The targets' summed RSS. */
  rssBefore: number | null;
  rssAfter: number | null;
  /** The targets' summed RSS every RSS_SAMPLE_S seconds during the phase. */
  rssSamples: (number | null)[];
}

const rssOf = rssBytesOf;

/** The summed RSS of several processes; null if any cannot be read, rather than a sum that silently leaves one out. */
function rssSum(pids: readonly (number | undefined)[]): number | null {
  let total = 0;
  for (const pid of pids) {
    const rss = rssOf(pid);
    if (rss === null) return null;
    total += rss;
  }
  return total;
}

/** Clock ticks per second, the unit of /proc/<pid>/stat's CPU times (100 on nearly every Linux). */
const CLOCK_TICKS = (() => {
  try {
    const ticks = Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim());
    return Number.isFinite(ticks) && ticks > 0 ? ticks : 100;
  } catch {
    return 100;
  }
})();

/** A process's CPU time so far (user + system, all its threads) in seconds, from /proc; null where there is none. */
function cpuSecondsOf(pid: number | undefined): number | null {
  if (pid === undefined) return null;
  const file = `/proc/${pid}/stat`;
  if (!existsSync(file)) return null;
  const stat = readFileSync(file, 'utf8');
  // The command name (field 2) may hold spaces: count fields from after its closing parenthesis (field 3 on).
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  const utime = Number(fields[11]);
  const stime = Number(fields[12]);
  return Number.isFinite(utime) && Number.isFinite(stime) ? (utime + stime) / CLOCK_TICKS : null;
}

function cpuSum(pids: readonly (number | undefined)[]): number | null {
  let total = 0;
  for (const pid of pids) {
    const cpu = cpuSecondsOf(pid);
    if (cpu === null) return null;
    total += cpu;
  }
  return total;
}

const mb = (bytes: number | null) => (bytes === null ? 'n/a' : (bytes / 1024 / 1024).toFixed(1));

function percentile(sorted: Float64Array, p: number): number {
  if (sorted.length === 0) return Number.NaN;
  const index = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[index] ?? Number.NaN;
}

/** One request on the agent's keep-alive connections; resolves with the status, or throws. */
function post(agent: Agent, port: number): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      {
        agent,
        host,
        port,
        method: 'POST',
        path: '/functions/v1/gemini',
        headers: { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(BODY) },
        timeout: REQUEST_TIMEOUT_MS,
      },
      (res) => {
        res.on('data', () => {});
        res.on('end', () => resolve(res.statusCode ?? 0));
        res.on('error', reject);
      },
    );
    req.on('timeout', () => req.destroy(new Error('timeout')));
    req.on('error', reject);
    req.end(BODY);
  });
}

let stopping = false;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * `phase.connections` connections, each a loop of one request after another. Connection i always
 * goes to targets[i % targets.length]: round-robin from the client, so with N gateways each gets
 * an equal share of connections, as behind a load balancer that spreads connections.
 */
async function runPhase(phase: Phase, targets: readonly Target[]): Promise<PhaseResult> {
  const perAgent = Math.ceil(phase.connections / targets.length);
  const agents = targets.map(() => new Agent({ keepAlive: true, maxSockets: perAgent, maxFreeSockets: perAgent }));
  const pids = targets.map((t) => t.pid);
  let latencies = new Float64Array(1 << 16);
  let count = 0;
  let non2xx = 0;
  let errors = 0;
  const perTarget = targets.map(() => 0);
  const statuses = new Map<number, number>();
  const errorKinds = new Map<string, number>();
  const rssBefore = rssSum(pids);
  const started = performance.now();
  const endAt = started + phase.seconds * 1000;
  const rssSamples: (number | null)[] = [];
  const sampler = setInterval(() => rssSamples.push(rssSum(pids)), RSS_SAMPLE_S * 1000);

  const worker = async (connection: number) => {
    const which = connection % targets.length;
    const agent = agents[which];
    const target = targets[which];
    if (!agent || !target) return;
    while (!stopping && performance.now() < endAt) {
      const t0 = performance.now();
      perTarget[which] = (perTarget[which] ?? 0) + 1;
      try {
        const status = await post(agent, target.port);
        const took = performance.now() - t0;
        if (count === latencies.length) {
          const grown = new Float64Array(latencies.length * 2);
          grown.set(latencies);
          latencies = grown;
        }
        latencies[count++] = took;
        if (status < 200 || status > 299) {
          non2xx += 1;
          statuses.set(status, (statuses.get(status) ?? 0) + 1);
        }
      } catch (error) {
        errors += 1;
        const kind = (error as NodeJS.ErrnoException).code ?? (error instanceof Error ? error.message : String(error));
        errorKinds.set(kind, (errorKinds.get(kind) ?? 0) + 1);
        // A refused or reset connection: a moment before the next try, so a dead gateway does not spin this loop.
        await sleep(10);
      }
    }
  };
  await Promise.all(Array.from({ length: phase.connections }, (_, i) => worker(i)));
  clearInterval(sampler);
  const elapsedS = (performance.now() - started) / 1000;
  for (const agent of agents) agent.destroy();
  const rssAfter = rssSum(pids);
  const sorted = latencies.slice(0, count).sort();
  return { phase, elapsedS, latencies: sorted, requests: count + errors, perTarget, non2xx, errors, statuses, errorKinds, rssBefore, rssAfter, rssSamples };
}

function printFailures(results: PhaseResult[]): void {
  for (const r of results) {
    if (r.statuses.size) console.log(`  ${r.phase.name}: non-2xx statuses ${[...r.statuses].map(([s, n]) => `${s}×${n}`).join(', ')}`);
    if (r.errorKinds.size) console.log(`  ${r.phase.name}: errors ${[...r.errorKinds].map(([k, n]) => `${k}×${n}`).join(', ')}`);
  }
}

/** The columns every table of phases shows, after its first. */
const PHASE_COLUMNS = ['connections', 'seconds', 'requests', 'req/s', 'p50 ms', 'p99 ms', 'max ms', 'non-2xx', 'errors'];

function phaseCells(r: PhaseResult): string[] {
  return [
    String(r.phase.connections),
    r.elapsedS.toFixed(1),
    String(r.requests),
    (r.requests / r.elapsedS).toFixed(0),
    percentile(r.latencies, 50).toFixed(2),
    percentile(r.latencies, 99).toFixed(2),
    (r.latencies.at(-1) ?? Number.NaN).toFixed(2),
    String(r.non2xx),
    String(r.errors),
  ];
}

function printMarkdownTable(header: string[], rows: string[][]): void {
  console.log(`\n| ${header.join(' | ')} |`);
  console.log(`|${header.map(() => '---').join('|')}|`);
  for (const row of rows) console.log(`| ${row.join(' | ')} |`);
}

function printTable(results: PhaseResult[]): void {
  printMarkdownTable(
    ['phase', ...PHASE_COLUMNS, 'gateway RSS MB (before → after)'],
    results.map((r) => [r.phase.name, ...phaseCells(r), `${mb(r.rssBefore)} → ${mb(r.rssAfter)}`]),
  );
  printFailures(results);
  const soak = results.find((r) => r.phase.name === 'soak');
  if (soak && soak.rssSamples.length > 1) {
    console.log(`  soak: gateway RSS every ${RSS_SAMPLE_S} s (MB): ${[soak.rssBefore, ...soak.rssSamples, soak.rssAfter].map(mb).join(', ')}`);
  }
}

/** What the load run started and must stop, whatever happens: every entry is a process group. */
const running = new Set<GroupProcess>();

async function stopAll(procs: Iterable<GroupProcess>): Promise<void> {
  const list = [...procs];
  for (const proc of list) running.delete(proc);
  await Promise.all(list.map((proc) => proc.stop()));
}

/** A tiny page written now, newer than every source, so server/node.ts serves it instead of building the app. */
async function freshStaticDir(dir: string): Promise<void> {
  await writeFile(path.join(dir, 'index.html'), '<!doctype html><title>StudyForge load test</title>\n');
}

// ---------------------------------------------------------------------------
// The sample-mode run

async function sampleRun(staticDir: string): Promise<void> {
  // Sample mode (startGateway blanks the provider variables), no rate limit, no public key.
  const started = await startGateway({ staticDir, host, env: { STUDYFORGE_RATE_LIMIT: '100000000', STUDYFORGE_PUBLIC_KEY: '' }, timeoutMs: STARTUP_ALLOWANCE_S * 1000 });
  const gateway = started.proc;
  running.add(gateway);
  const { base, port } = started;
  const pid = gateway.child.pid;
  const target: Target = { port, pid };
  // One request first: the gateway marks sample answers, and only a sample-answering gateway is loaded, never a real provider.
  const probe = await fetch(`${base}/functions/v1/gemini`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: BODY });
  await probe.arrayBuffer();
  if (!probe.ok || probe.headers.get('x-studyforge-sample') !== 'true') {
    throw new Error(`the gateway did not answer with a sample (status ${probe.status}); refusing to load it.`);
  }

  console.log(
    `StudyForge gateway load test on ${process.platform} ${process.arch}, Node ${process.version}, ${cpus().length} cores; gateway pid ${pid} at ${base} (samples)`,
  );
  if (rssOf(pid) === null) console.log('  (no /proc here: the gateway\'s memory is not measured; RSS columns show n/a)');
  console.log(`  RSS at start: ${mb(rssOf(pid))} MB. Phases: warm-up ${WARMUP_S} s, 50 and 200 connections ${PHASE_S} s each, soak 50 connections ${SOAK_S} s.`);

  const phases: Phase[] = [
    { name: 'warm-up', connections: 50, seconds: WARMUP_S, reported: false },
    { name: '50 connections', connections: 50, seconds: PHASE_S, reported: true },
    { name: '200 connections', connections: 200, seconds: PHASE_S, reported: true },
    { name: 'soak', connections: 50, seconds: SOAK_S, reported: true },
  ];
  const results: PhaseResult[] = [];
  for (const phase of phases) {
    if (stopping) break;
    process.stdout.write(`  ${phase.name}: ${phase.connections} connections for ${phase.seconds} s...`);
    const result = await runPhase(phase, [target]);
    process.stdout.write(` ${result.requests} requests\n`);
    if (phase.reported) results.push(result);
    if (gateway.child.exitCode !== null) throw new Error(`the gateway exited during ${phase.name}:\n${gateway.output()}`);
  }
  printTable(results);

  const beforeIdle = rssOf(pid);
  await sleep(IDLE_S * 1000);
  console.log(`\nGateway RSS after ${IDLE_S} s idle: ${mb(rssOf(pid))} MB (${mb(beforeIdle)} MB when the load stopped).`);
}

// ---------------------------------------------------------------------------
// The scaling run: N gateways sharing one Redis, a fake provider behind them

interface FakeProvider {
  proc: GroupProcess;
  baseUrl: string;
  model: string;
  apiKey: string;
}

interface FakeCounts {
  served: number;
  problems: number;
  firstProblem: string | null;
}

/** The fake's JSON lines on stdout: the first says where it listens, the rest its counts (tooling/fakeProviderProcess.ts). */
function fakeLines(proc: GroupProcess): unknown[] {
  const lines: unknown[] = [];
  for (const line of proc.output().split('\n')) {
    if (!line.startsWith('{')) continue;
    try {
      lines.push(JSON.parse(line) as unknown);
    } catch {
      // A line cut mid-write: the next tick's line will do.
    }
  }
  return lines;
}

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;

function fakeCounts(fake: FakeProvider): FakeCounts | null {
  const last = fakeLines(fake.proc).filter((line) => isObject(line) && typeof line.served === 'number').at(-1);
  if (!isObject(last)) return null;
  return { served: Number(last.served), problems: Number(last.problems), firstProblem: typeof last.firstProblem === 'string' ? last.firstProblem : null };
}

async function startFakeProvider(): Promise<FakeProvider> {
  // Node with tsx as a loader (not `npx tsx`), so the pid read from /proc is the fake itself.
  const proc = spawnGroup(process.execPath, ['--import', 'tsx', 'tooling/fakeProviderProcess.ts'], { cwd: root });
  running.add(proc);
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    if (proc.child.exitCode !== null) break;
    const ready = fakeLines(proc).find((line) => isObject(line) && typeof line.baseUrl === 'string');
    if (isObject(ready) && typeof ready.baseUrl === 'string' && typeof ready.model === 'string' && typeof ready.apiKey === 'string') {
      const where = new URL(ready.baseUrl);
      // The provider must be the fake on this machine: a real provider is never loaded.
      if (where.hostname !== '127.0.0.1') throw new Error(`the fake provider said it listens on ${where.hostname}, not loopback; refusing.`);
      return { proc, baseUrl: ready.baseUrl, model: ready.model, apiKey: ready.apiKey };
    }
    await sleep(100);
  }
  throw new Error(`the fake provider did not start:\n${proc.output()}`);
}

/** Redis's count of commands processed so far (INFO stats), or null if it cannot be asked. */
async function redisCommands(url: string): Promise<number | null> {
  const client = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 0, connectTimeout: 2_000 });
  try {
    await client.connect();
    const match = /^total_commands_processed:(\d+)/m.exec(await client.info('stats'));
    return match ? Number(match[1]) : null;
  } catch {
    return null;
  } finally {
    client.disconnect();
  }
}

interface ScaleResult {
  instances: number;
  result: PhaseResult;
  /** The gateways' summed RSS once each had answered its first request, before any load: what an idle instance holds. */
  gatewayRssStart: number | null;
  gatewayRssPeak: number | null;
  redisRss: number | null;
  fakeRss: number | null;
  gatewayCpuS: number | null;
  redisCpuS: number | null;
  fakeCpuS: number | null;
  clientCpuS: number;
  /** Commands Redis processed during the phase (one rate-limit script per request, plus this script's own INFO). */
  redisCommands: number | null;
  /** Chat requests the fake answered during the phase, and how many did not fit the API. */
  fakeServed: number | null;
  fakeProblems: number | null;
  firstProblem: string | null;
  /**
   * Outage lines the gateways logged ("rate-limit store ...: using this process's own limit"), in the warm-up and in the
   * measured phase: Redis's answer came later than the store's 250 ms timeout (or not at all), so those requests were
   * counted in the gateway's own memory, not shared. Under saturation the late answer is the gateway's own queue.
   */
  storeOutagesWarmup: number;
  storeOutagesPhase: number;
  /** The machine's 1-minute load average before the warm-up: others' work on the same cores shows here. */
  loadBefore: number;
}

const OUTAGE_LINE = /rate-limit store [^\n]*this process's own limit/g;
const outageLines = (text: string) => text.match(OUTAGE_LINE)?.length ?? 0;

const delta = (after: number | null, before: number | null) => (after === null || before === null ? null : after - before);

async function measureInstances(instances: number, staticDir: string): Promise<ScaleResult> {
  const mine: GroupProcess[] = [];
  try {
    const redis: RedisProcess = await startRedis();
    running.add(redis.proc);
    mine.push(redis.proc);
    const fake = await startFakeProvider();
    mine.push(fake.proc);

    await freshStaticDir(staticDir);
    const env = {
      STUDYFORGE_LIMIT_STORE: redis.url,
      // High enough that no request of the run is limited: the run measures the shared count's cost, not 429s.
      STUDYFORGE_RATE_LIMIT: '1000000000',
      STUDYFORGE_PUBLIC_KEY: '',
      STUDYFORGE_PROVIDER: 'openai',
      OPENAI_BASE_URL: fake.baseUrl,
      OPENAI_MODEL: fake.model,
      OPENAI_API_KEY: fake.apiKey,
    };
    // Started together; each is tracked as soon as it is up, so a failure of one still stops the others.
    const starts = await Promise.allSettled(
      Array.from({ length: instances }, () =>
        startGateway({ staticDir, host, env, timeoutMs: STARTUP_ALLOWANCE_S * 1000 }).then((g) => {
          running.add(g.proc);
          mine.push(g.proc);
          return g;
        }),
      ),
    );
    const failed = starts.find((s): s is PromiseRejectedResult => s.status === 'rejected');
    if (failed) throw new Error(`a gateway did not start: ${failed.reason instanceof Error ? failed.reason.message : String(failed.reason)}`);
    const gateways = starts.flatMap((s): GatewayProcess[] => (s.status === 'fulfilled' ? [s.value] : []));

    // One request to each first: answered by the fake (not samples), or the run stops before loading anything.
    for (const g of gateways) {
      const probe = await fetch(`${g.base}/functions/v1/gemini`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: BODY, signal: AbortSignal.timeout(10_000) });
      const text = await probe.text();
      if (!probe.ok || probe.headers.get('x-studyforge-sample') !== null || !text.includes('Plants turn light')) {
        throw new Error(`gateway at ${g.base} did not answer from the fake provider (status ${probe.status}: ${text.slice(0, 300)}); refusing to load it.\n${g.proc.output()}`);
      }
    }

    const targets: Target[] = gateways.map((g) => ({ port: g.port, pid: g.proc.child.pid }));
    const pids = targets.map((t) => t.pid);
    const redisPid = redis.proc.child.pid;
    const fakePid = fake.proc.child.pid;

    const loadBefore = loadavg()[0] ?? Number.NaN;
    const gatewayRssStart = rssSum(pids);
    const logStart = gateways.map((g) => g.proc.output().length);
    process.stdout.write(`  ${instances} instance${instances === 1 ? '' : 's'} (load average ${loadBefore.toFixed(2)}): warm-up ${SCALE_WARMUP_S} s...`);
    await runPhase({ name: 'warm-up', connections: SCALE_CONNECTIONS, seconds: SCALE_WARMUP_S, reported: false }, targets);
    await sleep(SETTLE_S * 1000);
    const logPhase = gateways.map((g) => g.proc.output().length);

    const fakeBefore = fakeCounts(fake);
    const redisBefore = await redisCommands(redis.url);
    const cpuBefore = { gateways: cpuSum(pids), redis: cpuSecondsOf(redisPid), fake: cpuSecondsOf(fakePid) };
    const clientBefore = process.cpuUsage();
    process.stdout.write(` ${SCALE_CONNECTIONS} connections for ${SCALE_S} s...`);
    const result = await runPhase({ name: `${instances} instance${instances === 1 ? '' : 's'}`, connections: SCALE_CONNECTIONS, seconds: SCALE_S, reported: true }, targets);
    const client = process.cpuUsage(clientBefore);
    const cpuAfter = { gateways: cpuSum(pids), redis: cpuSecondsOf(redisPid), fake: cpuSecondsOf(fakePid) };
    const redisRss = rssOf(redisPid);
    const fakeRss = rssOf(fakePid);
    await sleep(SETTLE_S * 1000);
    const redisAfter = await redisCommands(redis.url);
    const fakeAfter = fakeCounts(fake);
    process.stdout.write(` ${result.requests} requests\n`);

    for (const g of gateways) if (g.proc.child.exitCode !== null) throw new Error(`a gateway exited during the run:\n${g.proc.output()}`);
    const peaks = [result.rssBefore, ...result.rssSamples, result.rssAfter].filter((v): v is number => v !== null);
    return {
      instances,
      result,
      gatewayRssStart,
      gatewayRssPeak: peaks.length > 0 ? Math.max(...peaks) : null,
      redisRss,
      fakeRss,
      gatewayCpuS: delta(cpuAfter.gateways, cpuBefore.gateways),
      redisCpuS: delta(cpuAfter.redis, cpuBefore.redis),
      fakeCpuS: delta(cpuAfter.fake, cpuBefore.fake),
      clientCpuS: (client.user + client.system) / 1e6,
      // Minus the INFO that read the first count (the second INFO is counted after it is read).
      redisCommands: redisBefore === null || redisAfter === null ? null : redisAfter - redisBefore - 1,
      fakeServed: fakeBefore && fakeAfter ? fakeAfter.served - fakeBefore.served : null,
      fakeProblems: fakeBefore && fakeAfter ? fakeAfter.problems - fakeBefore.problems : null,
      firstProblem: fakeAfter?.firstProblem ?? null,
      storeOutagesWarmup: gateways.reduce((sum, g, i) => sum + outageLines(g.proc.output().slice(logStart[i], logPhase[i])), 0),
      storeOutagesPhase: gateways.reduce((sum, g, i) => sum + outageLines(g.proc.output().slice(logPhase[i])), 0),
      loadBefore,
    };
  } finally {
    await stopAll(mine);
  }
}

function printScaleTable(rows: ScaleResult[]): void {
  printMarkdownTable(
    ['instances', ...PHASE_COLUMNS, 'gateways RSS MB (start → after; peak)', 'Redis RSS MB', 'fake RSS MB'],
    rows.map((s) => [String(s.instances), ...phaseCells(s.result), `${mb(s.gatewayRssStart)} → ${mb(s.result.rssAfter)}; ${mb(s.gatewayRssPeak)}`, mb(s.redisRss), mb(s.fakeRss)]),
  );
  printFailures(rows.map((s) => s.result));
  for (const s of rows) {
    // A long phase (LOAD_SCALE_SECONDS) shows whether the memory settles or keeps growing.
    if (s.result.rssSamples.length > 1) console.log(`  ${s.instances}: gateways RSS every ${RSS_SAMPLE_S} s (MB): ${[s.result.rssBefore, ...s.result.rssSamples, s.result.rssAfter].map(mb).join(', ')}`);
  }
  const cpu = (value: number | null) => (value === null ? 'n/a' : value.toFixed(1));
  console.log('\nCPU seconds used during each phase (all on the same cores, so they add up to at most cores × seconds):');
  for (const s of rows) {
    const r = s.result;
    const perRequest = s.gatewayCpuS === null || r.requests === 0 ? 'n/a' : ((s.gatewayCpuS * 1000) / r.requests).toFixed(2);
    const available = cpus().length * r.elapsedS;
    const ours = s.gatewayCpuS === null || s.redisCpuS === null || s.fakeCpuS === null ? null : s.gatewayCpuS + s.redisCpuS + s.fakeCpuS + s.clientCpuS;
    console.log(
      `  ${s.instances}: gateways ${cpu(s.gatewayCpuS)} s (${perRequest} ms a request), Redis ${cpu(s.redisCpuS)} s, fake ${cpu(s.fakeCpuS)} s, load client ${cpu(s.clientCpuS)} s` +
        ` of ${available.toFixed(0)} s available${ours === null ? '' : ` (${((100 * ours) / available).toFixed(0)}% used by this run; the rest idle or other work on the machine)`}; requests per instance ${r.perTarget.join('/')}`,
    );
  }
  console.log('\nChecks (the path each request took):');
  for (const s of rows) {
    const ok2xx = s.result.latencies.length - s.result.non2xx;
    console.log(
      `  ${s.instances}: Redis processed ${s.redisCommands ?? 'n/a'} commands for ${s.result.requests} requests` +
        `${s.redisCommands !== null && s.result.requests > 0 ? ` (${(s.redisCommands / s.result.requests).toFixed(2)} a request: the EVAL and the calls inside its script)` : ''}; the fake answered ${s.fakeServed ?? 'n/a'} for ${ok2xx} 2xx` +
        `${s.fakeProblems ? `, ${s.fakeProblems} not fitting the API (first: ${s.firstProblem ?? '?'})` : ', all fitting the API'}` +
        `; rate-limit store outage lines: ${s.storeOutagesWarmup} in the warm-up, ${s.storeOutagesPhase} in the phase` +
        `${s.storeOutagesPhase ? " (Redis's answer came after the store's 250 ms timeout: some requests were counted per instance, not shared)" : ''}` +
        `; load average before: ${s.loadBefore.toFixed(2)}`,
    );
  }
}

async function scalingRun(instances: number[], staticDir: string): Promise<void> {
  requireRedisServer();
  console.log(
    `StudyForge gateway scaling test on ${process.platform} ${process.arch}, Node ${process.version}, ${cpus().length} cores: instances ${instances.join(', ')}; ` +
      `each N: one redis-server, one fake OpenAI-compatible provider (own process, answers at once), N gateways; ` +
      `warm-up ${SCALE_WARMUP_S} s, then ${SCALE_CONNECTIONS} connections round-robin for ${SCALE_S} s.`,
  );
  console.log('  The load client, the gateways, Redis and the fake all share this machine\'s cores: more instances than cores compete for them.');
  const rows: ScaleResult[] = [];
  for (const n of instances) {
    if (stopping) break;
    rows.push(await measureInstances(n, staticDir));
  }
  printScaleTable(rows);
}

async function main(): Promise<void> {
  if (!LOOPBACK.has(host)) throw new Error(`refusing to load ${host}: this script only targets loopback (127.0.0.1, ::1, localhost).`);
  const instances = instancesArgument(process.argv);
  const deadlineS = deadlineSeconds(instances);

  let staticDir: string | undefined;
  let cleaned: Promise<void> | undefined;
  function cleanup(): Promise<void> {
    stopping = true;
    cleaned ??= (async () => {
      await stopAll(running);
      if (staticDir) await rm(staticDir, { recursive: true, force: true });
    })();
    return cleaned;
  }
  const hardStop = setTimeout(() => {
    console.error(`\n[load] hard deadline of ${deadlineS} s reached: stopping everything.`);
    void cleanup().finally(() => process.exit(2));
  }, deadlineS * 1000);
  hardStop.unref();
  const onSigint = () => {
    console.error('\n[load] interrupted: stopping everything it started.');
    void cleanup().finally(() => process.exit(130));
  };
  process.once('SIGINT', onSigint);
  process.once('SIGTERM', onSigint);

  try {
    staticDir = await mkdtemp(path.join(tmpdir(), 'studyforge-load-'));
    await freshStaticDir(staticDir);
    if (instances === null) await sampleRun(staticDir);
    else await scalingRun(instances, staticDir);
  } finally {
    process.removeListener('SIGINT', onSigint);
    process.removeListener('SIGTERM', onSigint);
    await cleanup();
    clearTimeout(hardStop);
  }
}

main().catch((error: unknown) => {
  console.error(`[load] ${error instanceof Error ? error.message : String(error)}`);
  process.exitCode = 1;
});
