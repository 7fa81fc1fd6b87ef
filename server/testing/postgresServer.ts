import { execFile } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir, userInfo } from 'node:os';
import { delimiter, join } from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { freePort, spawnGroup } from './processGroup';

/*
 * A real PostgreSQL for the server tests: Debian's PostgreSQL in a fresh
 * temp folder, on a free loopback port, its unix socket in that folder (not
 * the system's /var/run/postgresql), in its own process group so it dies with
 * the test. PostgreSQL refuses to run as root, so when the tests run as root
 * initdb and postgres run as the `postgres` system user (runuser). Nothing is
 * synced to disk: the folder is thrown away.
 *
 * The app connects as `studyforge`, a login role with CREATEROLE owning its
 * database, not as a superuser: superusers bypass row-level security, and a
 * district's app role is usually no superuser either.
 */

const run = promisify(execFile);

export interface PostgresServer {
  /** URL of the database `studyforge`, owned by the app role. */
  url: string;
  /** Creates a database owned by the app role (empty, or a copy of `template`) and answers its URL. */
  createDatabase(template?: string): Promise<string>;
  stop(): Promise<void>;
}

const APP_ROLE = 'studyforge';

/** initdb and postgres: /usr/lib/postgresql/<newest>/bin, else on PATH; a clear failure naming the package when absent. */
export function findPostgresBinaries(): { initdb: string; postgres: string } {
  const debianRoot = '/usr/lib/postgresql';
  const versions = existsSync(debianRoot)
    ? readdirSync(debianRoot)
        .filter((version) => existsSync(join(debianRoot, version, 'bin', 'initdb')))
        .sort((a, b) => Number(b) - Number(a))
    : [];
  const dirs = [...versions.map((version) => join(debianRoot, version, 'bin')), ...(process.env.PATH ?? '').split(delimiter)];
  const dir = dirs.find((candidate) => candidate && existsSync(join(candidate, 'initdb')) && existsSync(join(candidate, 'postgres')));
  if (!dir) {
    throw new Error(
      "PostgreSQL's initdb and postgres were not found (in /usr/lib/postgresql/*/bin or on PATH): install Debian's package `postgresql` " +
        '(sudo apt-get install postgresql) to run the database tests on a real PostgreSQL; .ci/run installs it in CI.',
    );
  }
  return { initdb: join(dir, 'initdb'), postgres: join(dir, 'postgres') };
}

/** As root, PostgreSQL's programs run as the `postgres` system user; otherwise as whoever runs the tests. */
function asServerUser(command: string, args: string[]): [string, string[]] {
  return userInfo().uid === 0 ? ['runuser', ['-u', 'postgres', '--', command, ...args]] : [command, args];
}

async function postgresUserIds(): Promise<{ uid: number; gid: number }> {
  const [uid, gid] = await Promise.all([run('id', ['-u', 'postgres']), run('id', ['-g', 'postgres'])]);
  return { uid: Number(uid.stdout.trim()), gid: Number(gid.stdout.trim()) };
}

async function connectWhenUp(url: string, isRunning: () => boolean, output: () => string, timeoutMs = 30_000): Promise<pg.Client> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const client = new pg.Client({ connectionString: url });
    client.on('error', () => undefined);
    try {
      await client.connect();
      return client;
    } catch {
      await client.end().catch(() => undefined);
      if (!isRunning() || Date.now() > deadline) throw new Error(`PostgreSQL did not start:\n${output()}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
}

const OBJECT_IN_USE = '55006';

/** A template is copied only once its last session has gone; a closed pool's backends take a moment to exit. */
async function createDatabaseWhenFree(admin: pg.Client, statement: string): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    try {
      await admin.query(statement);
      return;
    } catch (error) {
      if ((error as { code?: string }).code !== OBJECT_IN_USE || attempt >= 50) throw error;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
}

export async function startPostgres(): Promise<PostgresServer> {
  const binaries = findPostgresBinaries();
  const dir = mkdtempSync(join(tmpdir(), 'studyforge-postgres-'));
  const dataDir = join(dir, 'data');
  if (userInfo().uid === 0) {
    const { uid, gid } = await postgresUserIds();
    chownSync(dir, uid, gid);
  }
  const removeDir = () => rmSync(dir, { recursive: true, force: true });
  try {
    const [initdb, initdbArgs] = asServerUser(binaries.initdb, ['-D', dataDir, '-U', 'postgres', '--auth=trust', '--no-sync', '--encoding=UTF8', '--locale=C']);
    await run(initdb, initdbArgs);
  } catch (error) {
    removeDir();
    throw new Error(`initdb failed: ${(error as Error).message}`);
  }
  const port = await freePort();
  const settings = ['fsync=off', 'synchronous_commit=off', 'full_page_writes=off', 'max_connections=100', 'listen_addresses=127.0.0.1'];
  const [command, args] = asServerUser(binaries.postgres, ['-D', dataDir, '-p', String(port), '-k', dir, ...settings.flatMap((setting) => ['-c', setting])]);
  const proc = spawnGroup(command, args);
  const stop = async () => {
    try {
      // SIGQUIT is PostgreSQL's immediate shutdown: the data is thrown away, so no checkpoint, and no waiting for
      // clients a test left connected (SIGTERM, a "smart" shutdown, would wait for them).
      if (proc.child.pid !== undefined && proc.child.exitCode === null) process.kill(-proc.child.pid, 'SIGQUIT');
    } catch {
      // Already gone.
    }
    try {
      await proc.stop(5_000);
    } finally {
      removeDir();
    }
  };
  const base = `postgres://%s@127.0.0.1:${port}/%s`;
  const urlOf = (role: string, database: string) => base.replace('%s', role).replace('%s', database);
  try {
    const admin = await connectWhenUp(urlOf('postgres', 'postgres'), () => proc.child.exitCode === null, proc.output);
    let created = 0;
    const createDatabase = async (template?: string) => {
      const name = `studyforge_${++created}`;
      await createDatabaseWhenFree(admin, `create database ${name} owner ${APP_ROLE}${template ? ` template ${template}` : ''}`);
      return urlOf(APP_ROLE, name);
    };
    await admin.query(`create role ${APP_ROLE} login createrole`);
    await admin.query(`create database ${APP_ROLE} owner ${APP_ROLE}`);
    return {
      url: urlOf(APP_ROLE, APP_ROLE),
      createDatabase,
      async stop() {
        await admin.end().catch(() => undefined);
        await stop();
      },
    };
  } catch (error) {
    await stop();
    throw error;
  }
}
