import { cpus } from 'node:os';
import type { PhaseResult } from './phase';
import { PHASE_COLUMNS, phaseCells, printFailures, printMarkdownTable } from './phaseTable';
import { mb } from './processStats';
import { RSS_SAMPLE_S } from './settings';

/* What the scaling run measured for each instance count, and the tables and checks it prints from it. */

export interface ScaleResult {
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

export function printScaleTable(rows: ScaleResult[]): void {
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
