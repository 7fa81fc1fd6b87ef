import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { Agent, request as httpRequest } from 'node:http';
import { cpus, tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { rssBytesOf, startGateway } from '../server/testing/gateway';
import type { GroupProcess } from '../server/testing/processGroup';

/*
 * `npm run load` (security issue 10): the real gateway (server/node.ts, in
 * sample mode, so no provider is involved) under load from this machine only.
 * Prints requests per second, p50/p99 latency, failures, and the gateway's
 * resident memory before and after: 50 connections, 200 connections, and a
 * soak of 50 connections for two minutes; then its memory after a short idle.
 *
 *   npm run load                 full run (about 3 minutes)
 *   npm run load -- --quick      5 s phases and a 10 s soak, to try it out
 *   LOAD_SOAK_SECONDS=30 npm run load
 *
 * Loopback only: it starts its own gateway on 127.0.0.1 (LOAD_HOST may say
 * ::1 or localhost instead) and refuses any other target. Bounded in time: a
 * hard deadline stops everything, whatever is still running.
 */

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

const WARMUP_S = quick ? 2 : 3;
const PHASE_S = seconds('LOAD_PHASE_SECONDS', quick ? 5 : 20, 300);
const SOAK_S = seconds('LOAD_SOAK_SECONDS', quick ? 10 : 120, 900);
const IDLE_S = 5;
const STARTUP_ALLOWANCE_S = 90;
// Everything planned, plus the gateway's start and some slack; never less than five minutes.
const DEADLINE_S = Math.max(300, WARMUP_S + 2 * PHASE_S + SOAK_S + IDLE_S + STARTUP_ALLOWANCE_S + 30);
const REQUEST_TIMEOUT_MS = 10_000;
const RSS_SAMPLE_S = 10;

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

interface PhaseResult {
  phase: Phase;
  elapsedS: number;
  latencies: Float64Array;
  requests: number;
  non2xx: number;
  errors: number;
  statuses: Map<number, number>;
  errorKinds: Map<string, number>;
  rssBefore: number | null;
  rssAfter: number | null;
  /** The gateway's RSS every RSS_SAMPLE_S seconds during the phase. */
  rssSamples: (number | null)[];
}

const rssOf = rssBytesOf;

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

async function runPhase(phase: Phase, port: number, pid: number | undefined): Promise<PhaseResult> {
  const agent = new Agent({ keepAlive: true, maxSockets: phase.connections, maxFreeSockets: phase.connections });
  let latencies = new Float64Array(1 << 16);
  let count = 0;
  let non2xx = 0;
  let errors = 0;
  const statuses = new Map<number, number>();
  const errorKinds = new Map<string, number>();
  const rssBefore = rssOf(pid);
  const started = performance.now();
  const endAt = started + phase.seconds * 1000;
  const rssSamples: (number | null)[] = [];
  const sampler = setInterval(() => rssSamples.push(rssOf(pid)), RSS_SAMPLE_S * 1000);

  const worker = async () => {
    while (!stopping && performance.now() < endAt) {
      const t0 = performance.now();
      try {
        const status = await post(agent, port);
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
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
    }
  };
  await Promise.all(Array.from({ length: phase.connections }, worker));
  clearInterval(sampler);
  const elapsedS = (performance.now() - started) / 1000;
  agent.destroy();
  const rssAfter = rssOf(pid);
  const sorted = latencies.slice(0, count).sort();
  return { phase, elapsedS, latencies: sorted, requests: count + errors, non2xx, errors, statuses, errorKinds, rssBefore, rssAfter, rssSamples };
}

function printTable(results: PhaseResult[]): void {
  const header = ['phase', 'connections', 'seconds', 'requests', 'req/s', 'p50 ms', 'p99 ms', 'max ms', 'non-2xx', 'errors', 'gateway RSS MB (before → after)'];
  const rows = results.map((r) => [
    r.phase.name,
    String(r.phase.connections),
    r.elapsedS.toFixed(1),
    String(r.requests),
    (r.requests / r.elapsedS).toFixed(0),
    percentile(r.latencies, 50).toFixed(2),
    percentile(r.latencies, 99).toFixed(2),
    (r.latencies.at(-1) ?? Number.NaN).toFixed(2),
    String(r.non2xx),
    String(r.errors),
    `${mb(r.rssBefore)} → ${mb(r.rssAfter)}`,
  ]);
  console.log(`\n| ${header.join(' | ')} |`);
  console.log(`|${header.map(() => '---').join('|')}|`);
  for (const row of rows) console.log(`| ${row.join(' | ')} |`);
  for (const r of results) {
    if (r.statuses.size) console.log(`  ${r.phase.name}: non-2xx statuses ${[...r.statuses].map(([s, n]) => `${s}×${n}`).join(', ')}`);
    if (r.errorKinds.size) console.log(`  ${r.phase.name}: errors ${[...r.errorKinds].map(([k, n]) => `${k}×${n}`).join(', ')}`);
  }
  const soak = results.find((r) => r.phase.name === 'soak');
  if (soak && soak.rssSamples.length > 1) {
    console.log(`  soak: gateway RSS every ${RSS_SAMPLE_S} s (MB): ${[soak.rssBefore, ...soak.rssSamples, soak.rssAfter].map(mb).join(', ')}`);
  }
}

async function main(): Promise<void> {
  if (!LOOPBACK.has(host)) throw new Error(`refusing to load ${host}: this script only targets loopback (127.0.0.1, ::1, localhost).`);

  const hardStop = setTimeout(() => {
    console.error(`\n[load] hard deadline of ${DEADLINE_S} s reached: stopping everything.`);
    void cleanup().finally(() => process.exit(2));
  }, DEADLINE_S * 1000);
  hardStop.unref();

  let gateway: GroupProcess | undefined;
  let staticDir: string | undefined;
  let cleaned: Promise<void> | undefined;
  function cleanup(): Promise<void> {
    stopping = true;
    cleaned ??= (async () => {
      await gateway?.stop();
      if (staticDir) await rm(staticDir, { recursive: true, force: true });
    })();
    return cleaned;
  }
  const onSigint = () => {
    console.error('\n[load] interrupted: stopping the gateway.');
    void cleanup().finally(() => process.exit(130));
  };
  process.once('SIGINT', onSigint);
  process.once('SIGTERM', onSigint);

  try {
    // A tiny page written now, newer than every source, so server/node.ts serves it instead of building the app.
    staticDir = await mkdtemp(path.join(tmpdir(), 'studyforge-load-'));
    await writeFile(path.join(staticDir, 'index.html'), '<!doctype html><title>StudyForge load test</title>\n');
    // Sample mode (startGateway blanks the provider variables), no rate limit, no public key.
    const started = await startGateway({ staticDir, host, env: { STUDYFORGE_RATE_LIMIT: '100000000', STUDYFORGE_PUBLIC_KEY: '' }, timeoutMs: STARTUP_ALLOWANCE_S * 1000 });
    gateway = started.proc;
    const { base, port } = started;
    const pid = gateway.child.pid;
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
      const result = await runPhase(phase, port, pid);
      process.stdout.write(` ${result.requests} requests\n`);
      if (phase.reported) results.push(result);
      if (gateway.child.exitCode !== null) throw new Error(`the gateway exited during ${phase.name}:\n${gateway.output()}`);
    }
    printTable(results);

    const beforeIdle = rssOf(pid);
    await new Promise((resolve) => setTimeout(resolve, IDLE_S * 1000));
    console.log(`\nGateway RSS after ${IDLE_S} s idle: ${mb(rssOf(pid))} MB (${mb(beforeIdle)} MB when the load stopped).`);
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
