import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { openDatabase } from '../../server/database/database';
import { startGateway, type GatewayProcess } from '../../server/testing/gateway';
import { startPostgres, type PostgresServer } from '../../server/testing/postgresServer';
import { startDevIdp, type DevIdp } from '../idpDev';
import { cpuSum } from '../load/processStats';
import { record } from './harness';
import { createBenchClasses } from './classesSetup';
import { recordClassLoad } from './classesReport';
import { runClassLoad } from './classesRun';
import { gatewayEnv, tinyBuildNewerThanSources } from './syncBench';

/*
 * The classes part of `npm run bench` (`--only-classes` runs it alone): two
 * real gateways (server/node.ts, each its own process group) with sign-in
 * on, sharing a real PostgreSQL started for the run, over HTTP on loopback.
 * Two scenarios, each on a database of its own:
 *
 *   - one class of 35 students answering a 5-question quiz at once;
 *   - 1,000 students in 30 classes (33 or 34 each), 100 answering at any
 *     moment, every class's teacher watching.
 *
 * classesRun.ts says what is timed. A warm class goes first on each pair of
 * gateways, not counted (code compiled, connections opened). The big
 * scenario starts no student after RUN_LIMIT_MS unless `--classes-full`.
 * Every process started here is stopped with its group, whatever happens.
 */

const WARM_UP_STUDENTS = 10;
const RUN_LIMIT_MS = 90_000;
const fullRun = () => process.argv.includes('--classes-full');

interface Scenario {
  label: string;
  classes: number;
  students: number;
  studentsAtOnce: number;
  limited: boolean;
}

const SCENARIOS: Scenario[] = [
  { label: 'PostgreSQL, 2 instances, 35 students of one class at once', classes: 1, students: 35, studentsAtOnce: 35, limited: false },
  { label: 'PostgreSQL, 2 instances, 1,000 students in 30 classes, 100 at a time', classes: 30, students: 1_000, studentsAtOnce: 100, limited: true },
];

async function measureScenario(scenario: Scenario, postgres: PostgresServer, idp: DevIdp, staticDir: string): Promise<void> {
  const url = await postgres.createDatabase();
  const db = await openDatabase({ url });
  const slug = scenario.label.replace(/\W+/g, '-').toLowerCase();
  let warm;
  let measured;
  try {
    warm = await createBenchClasses(db, 1, WARM_UP_STUDENTS, `${slug}-warm`);
    measured = await createBenchClasses(db, scenario.classes, scenario.students, slug);
  } finally {
    await db.close();
  }
  const env = gatewayEnv(idp, { url }, randomBytes(32).toString('hex'));
  const gateways: GatewayProcess[] = [];
  try {
    for (let i = 0; i < 2; i += 1) {
      await tinyBuildNewerThanSources(staticDir);
      gateways.push(await startGateway({ staticDir, env }));
    }
    const bases = gateways.map((gateway) => gateway.base);
    process.stdout.write(`  ${scenario.label}: warm-up...`);
    await runClassLoad({ classes: warm, gateways: bases, studentsAtOnce: WARM_UP_STUDENTS, deadline: Number.MAX_SAFE_INTEGER });
    const loadAverage = loadavg()[0] ?? Number.NaN;
    process.stdout.write(' measuring...');
    const pids = gateways.map((gateway) => gateway.proc.child.pid);
    const cpuBefore = cpuSum(pids);
    const limited = scenario.limited && !fullRun();
    const result = await runClassLoad({
      classes: measured,
      gateways: bases,
      studentsAtOnce: scenario.studentsAtOnce,
      deadline: limited ? Date.now() + RUN_LIMIT_MS : Number.MAX_SAFE_INTEGER,
    });
    const cpuAfter = cpuSum(pids);
    process.stdout.write(` ${result.answers} answers in ${result.seconds.toFixed(1)} s\n`);
    for (const gateway of gateways) if (gateway.proc.child.exitCode !== null) throw new Error(`a gateway exited during the run:\n${gateway.proc.output().slice(-2000)}`);
    const gatewayCpuSeconds = cpuBefore === null || cpuAfter === null ? null : cpuAfter - cpuBefore;
    recordClassLoad({ label: scenario.label, loadAverage, gatewayCpuSeconds, studentsOffered: scenario.students, limitSeconds: limited ? RUN_LIMIT_MS / 1000 : null }, result);
  } finally {
    await Promise.all(gateways.map((gateway) => gateway.proc.stop()));
  }
}

/** Measures each scenario in turn and records its rows; one that fails is recorded as such and the rest still run. */
export async function measureClasses(): Promise<void> {
  console.log(`\nClasses: answers to a 5-question quiz through 2 gateways on PostgreSQL, the teachers' class views open`);
  const scratch = await mkdtemp(path.join(tmpdir(), 'studyforge-classes-bench-'));
  const staticDir = path.join(scratch, 'static');
  const idp = await startDevIdp({ port: 0, redirectUris: ['http://127.0.0.1/auth/callback'] });
  let postgres: PostgresServer | undefined;
  try {
    postgres = await startPostgres();
    for (const scenario of SCENARIOS) {
      try {
        await measureScenario(scenario, postgres, idp, staticDir);
      } catch (error) {
        console.error(error);
        record(`classes, ${scenario.label}`, `could not be measured: ${error instanceof Error ? (error.message.split('\n')[0] ?? '') : String(error)}`);
      }
    }
  } finally {
    await postgres?.stop();
    await idp.close();
    await rm(scratch, { recursive: true, force: true });
  }
}
