import { mb } from './processStats';
import { percentile, type PhaseResult } from './phase';
import { RSS_SAMPLE_S } from './settings';

/* The Markdown tables the load run prints: the phase columns every table shares, and the sample run's table. */

export function printFailures(results: PhaseResult[]): void {
  for (const r of results) {
    if (r.statuses.size) console.log(`  ${r.phase.name}: non-2xx statuses ${[...r.statuses].map(([s, n]) => `${s}×${n}`).join(', ')}`);
    if (r.errorKinds.size) console.log(`  ${r.phase.name}: errors ${[...r.errorKinds].map(([k, n]) => `${k}×${n}`).join(', ')}`);
  }
}

/** The columns every table of phases shows, after its first. */
export const PHASE_COLUMNS = ['connections', 'seconds', 'requests', 'req/s', 'p50 ms', 'p99 ms', 'max ms', 'non-2xx', 'errors'];

export function phaseCells(r: PhaseResult): string[] {
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

export function printMarkdownTable(header: string[], rows: string[][]): void {
  console.log(`\n| ${header.join(' | ')} |`);
  console.log(`|${header.map(() => '---').join('|')}|`);
  for (const row of rows) console.log(`| ${row.join(' | ')} |`);
}

export function printTable(results: PhaseResult[]): void {
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
