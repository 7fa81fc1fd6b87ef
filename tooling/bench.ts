import { rm } from 'node:fs/promises';
import path from 'node:path';
import { buildInto, launch, rows, serve, work } from './bench/harness';
import { measureKeystroke } from './bench/keystroke';
import { measureBigProject, measureLighthouse, measureSizes } from './bench/pages';
import { measureRegistryScale } from './bench/registryScale';
import { measureStreamPaint } from './bench/streaming';
import { measureReactFloor } from './bench/reactFloor';
import { measureBigDeck } from './bench/study';

/*
 * `npm run bench`: the figures the product sets speed targets for, measured on this
 * machine from production builds, printed as a table. It is a benchmark,
 * not a test: it reports and compares with the targets; it never fails CI.
 *
 * The harness is in bench/harness.ts, the measures in bench/pages.ts and
 * bench/registryScale.ts, the study deck's in bench/study.ts, Generate to the
 * first streamed character in bench/streaming.ts, a keystroke's latency in
 * bench/keystroke.ts (with the first-load budgets of four tool routes), and
 * the React floor under every route in bench/reactFloor.ts.
 */

async function main() {
  const started = Date.now();
  console.log(`StudyForge benchmark on ${process.platform} ${process.arch}, Node ${process.version}, ${(await import('node:os')).cpus().length} cores`);
  await rm(work, { recursive: true, force: true });
  const outDir = path.join(work, 'dist');
  await buildInto(outDir);
  const { url, server } = await serve(outDir);
  const browser = await launch();
  try {
    const dashboard = await measureSizes(browser, url);
    await measureReactFloor(dashboard.js);
    if (!process.argv.includes('--no-lighthouse')) await measureLighthouse(url);
    await measureBigProject(browser, url);
    await measureBigDeck(browser, url);
    await measureStreamPaint(browser, url);
    await measureKeystroke(browser, url);
    await measureRegistryScale(browser, dashboard.js);
  } finally {
    await browser.close();
    await server.close();
  }

  console.log('\n| Measure | Value | Target |\n|---|---|---|');
  for (const row of rows) console.log(`| ${row.measure} | ${row.value} | ${row.target ? `${row.target} ${row.ok ? '(met)' : '(NOT met)'}` : ''} |`);
  console.log(`\n${rows.filter((r) => r.ok === false).length} of ${rows.filter((r) => r.target).length} targets not met. Took ${Math.round((Date.now() - started) / 1000)} s.`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
