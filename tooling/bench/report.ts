import { readFile, writeFile } from 'node:fs/promises';
import type { Row } from './harness';

/*
 * Where `npm run bench` puts its figures: the section "Latest measurements (written by npm run bench)" of
 * docs/performance.md, rewritten whole on every run, with the machine and the date it ran on. Figures
 * typed by hand drift from the code and lose the conditions they were taken under; these cannot.
 */

export const latestHeading = '## Latest measurements (written by npm run bench)';

/** The conditions of a run, said above its figures: the same build reads differently on a loaded machine. */
export interface BenchRun {
  /** When it finished, as an ISO date (YYYY-MM-DD). */
  date: string;
  platform: string;
  arch: string;
  node: string;
  cores: number;
  /** The browser the pages were measured in, e.g. "Chromium 156.0.7000.0". */
  browser: string;
  lighthouse: boolean;
  seconds: number;
}

const cell = (text: string): string => text.replace(/\|/g, '\\|').replace(/\s*\n\s*/g, ' ');

/** The table, one row per measure, each target marked met or NOT met. */
export function measurementsTable(rows: readonly Row[]): string {
  const lines = ['| Measure | Value | Target |', '|---|---|---|'];
  for (const row of rows) {
    const target = row.target ? `${row.target} ${row.ok ? '(met)' : '(NOT met)'}` : '';
    lines.push(`| ${cell(row.measure)} | ${cell(row.value)} | ${cell(target)} |`);
  }
  return lines.join('\n');
}

/** The whole section: its heading, the run's conditions, the table and how many targets were missed. */
export function latestMeasurementsSection(rows: readonly Row[], run: BenchRun): string {
  const targets = rows.filter((row) => row.target);
  const missed = targets.filter((row) => !row.ok).length;
  return [
    latestHeading,
    '',
    `Measured on ${run.date}: ${run.platform} ${run.arch}, ${run.cores} cores, Node ${run.node.replace(/^v/, '')}, ${run.browser}; ` +
      `${run.lighthouse ? 'with' : 'without'} Lighthouse, ${run.seconds} s in all. ` +
      `${missed} of ${targets.length} targets not met. Figures from a loaded machine read slower; compare runs taken alike.`,
    '',
    measurementsTable(rows),
    '',
  ].join('\n');
}

/**
 * The doc with its latest-measurements section replaced, up to the next heading of the same level (or the
 * end); everything around it is kept as it was. A doc without the heading is refused rather than appended
 * to, so a renamed heading is noticed instead of duplicated.
 */
export function withLatestMeasurements(doc: string, section: string): string {
  const start = doc.indexOf(`${latestHeading}\n`);
  if (start < 0) throw new Error(`docs/performance.md has no heading "${latestHeading}" for the bench to write under`);
  const next = doc.indexOf('\n## ', start + latestHeading.length);
  const after = next < 0 ? '' : doc.slice(next + 1);
  return `${doc.slice(0, start)}${section}${after ? `\n${after}` : ''}`;
}

/** Rewrites the section in the doc at `docPath`. */
export async function writeLatestMeasurements(docPath: string, rows: readonly Row[], run: BenchRun): Promise<void> {
  const doc = await readFile(docPath, 'utf8');
  await writeFile(docPath, withLatestMeasurements(doc, latestMeasurementsSection(rows, run)));
}
