import { randomBytes } from 'node:crypto';
import { mkdtemp, rm, utimes } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { openDatabase, type DatabaseOptions } from '../../server/database/database';
import { startGateway, writeTinyBuild, type GatewayProcess } from '../../server/testing/gateway';
import { startPostgres } from '../../server/testing/postgresServer';
import { startDevIdp, type DevIdp } from '../idpDev';
import { cpuSum } from '../load/processStats';
import { record } from './harness';
import { runSyncLoad } from './syncRun';
import { recordSyncLoad, type SyncConditions } from './syncReport';
import { createBenchSessions } from './syncUsers';

/*
 * The sync part of `npm run bench`: real gateways (server/node.ts, each its
 * own process group) with sign-in on, over HTTP on loopback, on the embedded
 * database (PGlite, one gateway: it lives inside that one process) and on a
 * real PostgreSQL started for the run (one gateway, then two sharing it, a
 * user's two devices on different ones so every change crosses instances
 * through LISTEN/NOTIFY). 1,000 users each make 20 changes, 50 users at a
 * time (syncRun.ts says what one round trip is). Each measured run starts no
 * change after RUN_LIMIT_MS, so the sync part stays near three minutes on
 * this 2-core machine; `--sync-full` runs every user however long it takes.
 * Every process started here is stopped with its group, whatever happens.
 */

export const SYNC_USERS = 1_000;
export const CHANGES_PER_USER = 20;
export const USERS_AT_ONCE = 50;
/** Users run first and not counted: the gateway compiles its code and opens its connections before the clock starts. */
const WARM_UP_USERS = 10;
/** One user alone, one change after another: the round trip a person sees when the server is not busy. */
const IDLE_CHANGES = 50;
const RUN_LIMIT_MS = 30_000;
const WARM_UP_LIMIT_MS = 10_000;
const fullRun = () => process.argv.includes('--sync-full');
/** No limit of the gateway's is what this measures: set far above what the run sends. */
const UNLIMITED = '1000000000';

interface Deployment {
  label: string;
  database: DatabaseOptions;
  instances: number;
}

export function gatewayEnv(idp: DevIdp, database: DatabaseOptions, secret: string): Record<string, string> {
  return {
    STUDYFORGE_OIDC_ISSUER: idp.issuer,
    STUDYFORGE_OIDC_CLIENT_ID: idp.clientId,
    STUDYFORGE_OIDC_CLIENT_SECRET: idp.clientSecret,
    // Gateways of one deployment share their secret, as a district's would.
    STUDYFORGE_SESSION_SECRET: secret,
    STUDYFORGE_RATE_LIMIT: UNLIMITED,
    ...(database.url ? { STUDYFORGE_DATABASE_URL: database.url } : { STUDYFORGE_DATA_DIR: database.dataDir ?? '' }),
  };
}

/**
 * The smallest build, dated a day ahead: server/node.ts rebuilds the app when a source is newer than the build,
 * and a source saved meanwhile (someone at work in the same checkout) would otherwise put a full build inside a run.
 */
export async function tinyBuildNewerThanSources(staticDir: string): Promise<void> {
  await writeTinyBuild(staticDir);
  const ahead = new Date(Date.now() + 24 * 60 * 60 * 1000);
  await utimes(path.join(staticDir, 'index.html'), ahead, ahead);
}

async function measureDeployment(deployment: Deployment, idp: DevIdp, staticDir: string): Promise<void> {
  const db = await openDatabase(deployment.database);
  let sessions;
  try {
    sessions = await createBenchSessions(db, WARM_UP_USERS + 1 + SYNC_USERS, deployment.label.replace(/\W+/g, '-').toLowerCase());
  } finally {
    // The embedded database belongs to one process: the gateway opens it next.
    await db.close();
  }
  const warmUp = sessions.slice(0, WARM_UP_USERS);
  const idle = sessions.slice(WARM_UP_USERS, WARM_UP_USERS + 1);
  const measured = sessions.slice(WARM_UP_USERS + 1);
  const env = gatewayEnv(idp, deployment.database, randomBytes(32).toString('hex'));
  const gateways: GatewayProcess[] = [];
  try {
    for (let i = 0; i < deployment.instances; i += 1) {
      await tinyBuildNewerThanSources(staticDir);
      gateways.push(await startGateway({ staticDir, env }));
    }
    const bases = gateways.map((g) => g.base);
    const unbounded = Number.MAX_SAFE_INTEGER;
    process.stdout.write(`  ${deployment.label}: warm-up...`);
    await runSyncLoad({ sessions: warmUp, gateways: bases, changesPerUser: CHANGES_PER_USER, concurrency: WARM_UP_USERS, deadline: Date.now() + WARM_UP_LIMIT_MS });
    process.stdout.write(' one user alone...');
    const alone = await runSyncLoad({ sessions: idle, gateways: bases, changesPerUser: IDLE_CHANGES, concurrency: 1, deadline: unbounded });
    const loadAverage = loadavg()[0] ?? Number.NaN;
    process.stdout.write(` ${SYNC_USERS} users, ${USERS_AT_ONCE} at a time...`);
    const pids = gateways.map((g) => g.proc.child.pid);
    const cpuBefore = cpuSum(pids);
    const clientBefore = process.cpuUsage();
    const deadline = fullRun() ? unbounded : Date.now() + RUN_LIMIT_MS;
    const loaded = await runSyncLoad({ sessions: measured, gateways: bases, changesPerUser: CHANGES_PER_USER, concurrency: USERS_AT_ONCE, deadline });
    const client = process.cpuUsage(clientBefore);
    const cpuAfter = cpuSum(pids);
    process.stdout.write(` ${loaded.changes} changes in ${loaded.seconds.toFixed(1)} s\n`);
    for (const g of gateways) if (g.proc.child.exitCode !== null) throw new Error(`a gateway exited during the run:\n${g.proc.output().slice(-2000)}`);
    const conditions: SyncConditions = {
      label: deployment.label,
      loadAverage,
      gatewayCpuSeconds: cpuBefore === null || cpuAfter === null ? null : cpuAfter - cpuBefore,
      clientCpuSeconds: (client.user + client.system) / 1e6,
      limitSeconds: fullRun() ? null : RUN_LIMIT_MS / 1000,
      usersOffered: SYNC_USERS,
      changesPerUser: CHANGES_PER_USER,
      usersAtOnce: USERS_AT_ONCE,
    };
    recordSyncLoad(conditions, alone, loaded);
  } finally {
    await Promise.all(gateways.map((g) => g.proc.stop()));
  }
}

/** Measures every deployment in turn and records its rows; one that fails is recorded as such and the rest still run. */
export async function measureSync(): Promise<void> {
  console.log(`\nSync: ${SYNC_USERS.toLocaleString('en')} users × ${CHANGES_PER_USER} changes, ${USERS_AT_ONCE} at a time${fullRun() ? ', every user' : `, ${RUN_LIMIT_MS / 1000} s per run`}`);
  const scratch = await mkdtemp(path.join(tmpdir(), 'studyforge-sync-bench-'));
  const staticDir = path.join(scratch, 'static');
  const idp = await startDevIdp({ port: 0, redirectUris: ['http://127.0.0.1/auth/callback'] });
  const attempt = async (label: string, run: () => Promise<void>) => {
    try {
      await run();
    } catch (error) {
      console.error(error);
      record(`sync, ${label}`, `could not be measured: ${error instanceof Error ? (error.message.split('\n')[0] ?? '') : String(error)}`);
    }
  };
  try {
    await attempt('PGlite, 1 instance', () => measureDeployment({ label: 'PGlite, 1 instance', database: { dataDir: path.join(scratch, 'data') }, instances: 1 }, idp, staticDir));
    record('sync, PGlite, 2 instances', 'not applicable: the embedded database lives inside one process; a second instance needs PostgreSQL');
    await attempt('PostgreSQL', async () => {
      const postgres = await startPostgres();
      try {
        for (const instances of [1, 2]) {
          const label = `PostgreSQL, ${instances} instance${instances === 1 ? '' : 's'}`;
          // A database of its own for each: the second run starts from empty tables too.
          await attempt(label, async () => measureDeployment({ label, database: { url: await postgres.createDatabase() }, instances }, idp, staticDir));
        }
      } finally {
        await postgres.stop();
      }
    });
  } finally {
    await idp.close();
    await rm(scratch, { recursive: true, force: true });
  }
}
