import { PGlite } from '@electric-sql/pglite';
import { afterAll, afterEach, beforeEach, describe } from 'vitest';
import { openDatabase, type DatabaseOptions, type StudyForgeDb } from '../database/database';
import { startPostgres, type PostgresServer } from './postgresServer';

/*
 * Every server test that touches the database runs twice: on the embedded
 * PGlite (what `npm start` uses) and on a real PostgreSQL (what a district
 * runs), so neither can drift. One PostgreSQL per test file, started on first
 * use and stopped after the file; every open() gets a fresh empty database
 * (PGlite: in memory, from a dump of an empty one, 0.6 s instead of initdb's
 * 3 s). Databases opened inside a test are closed after it, those opened in
 * beforeAll after the block, so memory (a PGlite is ~250 MB) does not pile up.
 */

export type DatabaseKind = StudyForgeDb['kind'];

export interface DatabasePlace {
  kind: DatabaseKind;
  /** Options naming a fresh empty database; open() them twice to get two instances on one database (PostgreSQL only). */
  freshOptions(): Promise<DatabaseOptions>;
}

export type OpenDatabase = (options?: DatabaseOptions & Parameters<typeof openDatabase>[0]) => Promise<StudyForgeDb>;

let server: Promise<PostgresServer> | undefined;
let emptyPglite: Promise<Blob> | undefined;
let stopRegistered = false;

function postgresServer(): Promise<PostgresServer> {
  server ??= startPostgres();
  return server;
}

async function dumpOfEmptyPglite(): Promise<Blob> {
  const pglite = new PGlite();
  try {
    await pglite.waitReady;
    return await pglite.dumpDataDir('none');
  } finally {
    await pglite.close();
  }
}

async function freshOptions(kind: DatabaseKind): Promise<DatabaseOptions> {
  if (kind === 'postgres') return { url: await (await postgresServer()).createDatabase() };
  emptyPglite ??= dumpOfEmptyPglite();
  return { startFrom: await emptyPglite };
}

function describeOn(kind: DatabaseKind, label: string, name: string, body: (open: OpenDatabase, place: DatabasePlace) => void): void {
  describe(`${name} (${label})`, () => {
    const forBlock: StudyForgeDb[] = [];
    const forTest: StudyForgeDb[] = [];
    let inTest = false;
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
    const place: DatabasePlace = { kind, freshOptions: () => freshOptions(kind) };
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
    });
  }
  describeOn('pglite', 'embedded PGlite', name, body);
  describeOn('postgres', 'PostgreSQL server', name, body);
}
