import { Agent, request as httpRequest } from 'node:http';
import { performance } from 'node:perf_hooks';
import { isStopping, sleep } from './lifecycle';
import { rssSum } from './processStats';
import { BODY, host, REQUEST_TIMEOUT_MS, RSS_SAMPLE_S } from './settings';

/* One phase of load: many keep-alive connections sending requests one after another, with every latency and failure kept. */

export interface Phase {
  name: string;
  connections: number;
  seconds: number;
  reported: boolean;
}

/** One gateway to send to: its port, and its pid for /proc. */
export interface Target {
  port: number;
  pid: number | undefined;
}

export interface PhaseResult {
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

export function percentile(sorted: Float64Array, p: number): number {
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

/**
 * `phase.connections` connections, each a loop of one request after another. Connection i always
 * goes to targets[i % targets.length]: round-robin from the client, so with N gateways each gets
 * an equal share of connections, as behind a load balancer that spreads connections.
 */
export async function runPhase(phase: Phase, targets: readonly Target[]): Promise<PhaseResult> {
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
    while (!isStopping() && performance.now() < endAt) {
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
