import { rm } from 'node:fs/promises';
import path from 'node:path';
import { buildInto, launch, root, rows, serve, work } from './bench/harness';
import { measureKeystroke } from './bench/keystroke';
import { measureBigProject, measureLighthouse, measureSizes } from './bench/pages';
import { measureRegistryScale } from './bench/registryScale';
import { measureStreamPaint } from './bench/streaming';
import { measureReactFloor } from './bench/reactFloor';
import { measureBigDeck } from './bench/study';
import { measureSync } from './bench/syncBench';
import { writeSyncRows } from './bench/syncReport';
import { measurementsTable, writeLatestMeasurements } from './bench/report';
import { cpus } from 'node:os';
import { measureClasses } from './bench/classesBench';
import { writeClassesRows } from './bench/classesReport';

/** Parts of the bench that can run alone, each rewriting only its own rows. */
const BENCH_PARTS = [
  { flag: '--only-sync', name: 'sync', measure: measureSync, write: writeSyncRows },
  { flag: '--only-classes', name: 'classes', measure: measureClasses, write: writeClassesRows },
];

/*
 * `npm run bench`: the figures the product sets speed targets for, measured on this
 * machine from production builds, printed as a table. It is a benchmark,
 * not a test: it reports and compares with the targets; it never fails CI.
 *
 * The harness is in bench/harness.ts, the measures in bench/pages.ts and
 * bench/registryScale.ts, the study deck's in bench/study.ts, Generate to the
 * first streamed character in bench/streaming.ts, a keystroke's latency in
 * bench/keystroke.ts (with the first-load budgets of four tool routes), and
 * the React floor under every route in bench/reactFloor.ts, and signed-in
 * sync (round trips and throughput on PGlite and PostgreSQL, one and two
 * gateways) in bench/syncBench.ts, and classes (answers and the teacher's live
 * class view through two gateways on PostgreSQL) in bench/classesBench.ts. The table is
 * written into docs/performance.md (bench/report.ts), with the machine and
 * date it was measured on, so the doc's figures are always a run's.
 */

async function main() {
  const started = Date.now();
  const lighthouse = !process.argv.includes('--no-lighthouse');
  console.log(`StudyForge benchmark on ${process.platform} ${process.arch}, Node ${process.version}, ${cpus().length} cores`);
  // `--only-sync` / `--only-classes` measures that part alone and replaces only its rows: the other figures stay those of their run.
  const only = BENCH_PARTS.find((part) => process.argv.includes(part.flag));
  if (only) {
    await only.measure();
    const seconds = Math.round((Date.now() - started) / 1000);
    console.log(`\n${measurementsTable(rows)}`);
    const runLine = `on ${new Date().toISOString().slice(0, 10)}: ${process.platform} ${process.arch}, ${cpus().length} cores, Node ${process.version.replace(/^v/, '')}, ${seconds} s; the other rows are from the run named above the table.`;
    await only.write(path.join(root, 'docs/performance.md'), rows, runLine);
    console.log(`Took ${seconds} s. The ${only.name} rows are written to docs/performance.md, under "Latest measurements".`);
    return;
  }
  await rm(work, { recursive: true, force: true });
  const outDir = path.join(work, 'dist');
  await buildInto(outDir);
  const { url, server } = await serve(outDir);
  const browser = await launch();
  const browserName = `Chromium ${browser.version()}`;
  try {
    const dashboard = await measureSizes(browser, url);
    await measureReactFloor(dashboard.js);
    if (lighthouse) await measureLighthouse(url);
    await measureBigProject(browser, url);
    await measureBigDeck(browser, url);
    await measureStreamPaint(browser, url);
    await measureKeystroke(browser, url);
    await measureRegistryScale(browser, dashboard.js);
  } finally {
    await browser.close();
    await server.close();
  }
  if (!process.argv.includes('--no-sync')) await measureSync();
  if (!process.argv.includes('--no-classes')) await measureClasses();

  const seconds = Math.round((Date.now() - started) / 1000);
  console.log(`\n${measurementsTable(rows)}`);
  console.log(`\n${rows.filter((r) => r.ok === false).length} of ${rows.filter((r) => r.target).length} targets not met. Took ${seconds} s.`);
  const run = { date: new Date().toISOString().slice(0, 10), platform: process.platform, arch: process.arch, node: process.version, cores: cpus().length, browser: browserName, lighthouse, seconds };
  await writeLatestMeasurements(path.join(root, 'docs/performance.md'), rows, run);
  console.log('Written to docs/performance.md, under "Latest measurements".');
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
