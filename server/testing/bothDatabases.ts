import { PGlite } from '@electric-sql/pglite';
import { afterAll, afterEach, beforeAll, beforeEach, describe } from 'vitest';
import { Kysely } from 'kysely';
import { openDatabase, type DatabaseOptions, type StudyForgeDb } from '../database/database';
import { migrateUnlocked, StudyForgeDialect } from '../database/migrate';
import { PgliteSingleConnectionPool } from '../database/pgliteDialect';
import type { Database } from '../database/schema';
import { cachedPgliteDump } from './pgliteDumpCache';
import { startPostgres, type PostgresServer } from './postgresServer';

/*
 * Every server test that touches the database runs twice: on the embedded
 * PGlite (what `npm start` uses) and on a real PostgreSQL (what a district
 * runs), so neither can drift. One PostgreSQL per test file, started on first
 * use and stopped after the file. Every open() gets a fresh database at the
 * latest schema, copied from one migrated once (PGlite: in memory from a
 * dump cached across files, 0.6 s instead of initdb and migrations' 3-5 s;
 * PostgreSQL: CREATE DATABASE from a template made once per file). Databases opened inside a test are closed after it, those opened in
 * beforeAll after the block, so memory (a PGlite is ~250 MB) does not pile up.
 */

export type DatabaseKind = StudyForgeDb['kind'];

/** 'migrated' (the default) is the latest schema, made once per file and copied; 'empty' is for tests of the migrations. */
export type FreshState = 'migrated' | 'empty';

export interface DatabasePlace {
  kind: DatabaseKind;
  /** Options naming a fresh database; open() them twice to get two instances on one database (PostgreSQL only). */
  freshOptions(state?: FreshState): Promise<DatabaseOptions>;
}

export type OpenDatabase = (options?: DatabaseOptions & Parameters<typeof openDatabase>[0]) => Promise<StudyForgeDb>;

let server: Promise<PostgresServer> | undefined;
let migratedTemplate: Promise<string> | undefined;
const pgliteDumps: Partial<Record<FreshState, Promise<Blob>>> = {};
let stopRegistered = false;

function postgresServer(): Promise<PostgresServer> {
  server ??= startPostgres();
  return server;
}

/** A database migrated once, then copied by CREATE DATABASE ... TEMPLATE for every fresh one. */
async function makeMigratedTemplate(): Promise<string> {
  const url = await (await postgresServer()).createDatabase();
  const db = await openDatabase({ url });
  await db.close();
  return new URL(url).pathname.slice(1);
}

async function dumpOfPglite(state: FreshState): Promise<Blob> {
  const pglite = new PGlite();
  await pglite.waitReady;
  const system = new Kysely<Database>({ dialect: new StudyForgeDialect({ pool: new PgliteSingleConnectionPool(pglite) }) });
  try {
    if (state === 'migrated') await migrateUnlocked(system, 'latest');
    return await pglite.dumpDataDir('none');
  } finally {
    await system.destroy();
  }
}

async function freshOptions(kind: DatabaseKind, state: FreshState = 'migrated'): Promise<DatabaseOptions> {
  if (kind === 'postgres') {
    const postgres = await postgresServer();
    if (state === 'empty') return { url: await postgres.createDatabase() };
    migratedTemplate ??= makeMigratedTemplate();
    return { url: await postgres.createDatabase(await migratedTemplate) };
  }
  pgliteDumps[state] ??= cachedPgliteDump(state, () => dumpOfPglite(state));
  return { startFrom: await pgliteDumps[state] };
}

function describeOn(kind: DatabaseKind, label: string, name: string, body: (open: OpenDatabase, place: DatabasePlace) => void): void {
  describe(`${name} (${label})`, () => {
    const forBlock: StudyForgeDb[] = [];
    const forTest: StudyForgeDb[] = [];
    let inTest = false;
    // The first fresh database of a file is the slow one (initdb, migrations; PostgreSQL's start): made here, with
    // time for a loaded machine, rather than in a test's or a beforeEach's shorter limit.
    beforeAll(() => freshOptions(kind).then(() => undefined), 120_000);
    beforeEach(() => {
      inTest = true;
    });
    afterEach(async () => {
      inTest = false;
      await Promise.all(forTest.splice(0).map((db) => db.close()));
    });
    afterAll(async () => {
      await Promise.all(forBlock.splice(0).map((db) => db.close()));
    });
    const place: DatabasePlace = { kind, freshOptions: (state) => freshOptions(kind, state) };
    const open: OpenDatabase = async (options) => {
      const db = await openDatabase(options ?? (await place.freshOptions()));
      (inTest ? forTest : forBlock).push(db);
      return db;
    };
    body(open, place);
  });
}

/** Runs `body` as a vitest describe block on the embedded PGlite and again on a real PostgreSQL started for this file. */
export function describeOnBothDatabases(name: string, body: (open: OpenDatabase, place: DatabasePlace) => void): void {
  if (!stopRegistered) {
    stopRegistered = true;
    // Registered at the file's top level (describeOnBothDatabases is called there), so it runs after the whole file.
    afterAll(async () => {
      const started = server;
      server = undefined;
      await (await started?.catch(() => undefined))?.stop();
    }, 60_000);
  }
  describeOn('pglite', 'embedded PGlite', name, body);
  describeOn('postgres', 'PostgreSQL server', name, body);
}
