import { AsyncLocalStorage } from 'node:async_hooks';
import { Kysely, sql, type PostgresPool, type Transaction } from 'kysely';
import { MIGRATION_LOCK_KEY, migrateUnlocked, StudyForgeDialect, type MigrationTarget } from './migrate';
import type { Database } from './schema';
import { checkChannel, checkPayload, type Listener, type Unlisten } from './notifications';
import { openEmbedded, openServer, type OpenedConnection } from './connections';

import type { DatabaseOptions } from './options';

export { databaseOptionsFromEnv, type DatabaseOptions } from './options';

export interface StudyForgeDb {
  kind: 'pglite' | 'postgres';
  /** Table owner: sign-in lookups, sessions, migrations, retention, audit. Never a user's content. */
  system: Kysely<Database>;
  /** The one door to a user's data: a transaction as role studyforge_user with studyforge.user_id set; RLS shows only their rows. */
  asUser<T>(userId: string, fn: (trx: Transaction<Database>) => Promise<T>): Promise<T>;
  notify(channel: string, payload: string): Promise<void>;
  listen(channel: string, onPayload: (payload: string) => void): Promise<() => Promise<void>>;
  close(): Promise<void>;
}

const MAX_USER_ID_LENGTH = 200;

/** What each open database was built on, for migrateDatabase. */
const openedBy = new WeakMap<StudyForgeDb, OpenedConnection>();

/*
 * Inside asUser, `system` must not be used: on the embedded database there is
 * one connection, which the user's transaction holds, so the call would wait
 * forever; on a server it would run outside the transaction, as the owner,
 * past row-level security. Both are refused with the same clear error.
 */
const insideUserTransaction = new AsyncLocalStorage<{ open: boolean }>();

function refusingInsideAsUser(pool: PostgresPool): PostgresPool {
  return {
    connect: () => {
      // Work that fn started and that runs after its transaction ended (a timer) may use system again.
      if (insideUserTransaction.getStore()?.open) {
        return Promise.reject(new Error('The system database (or another asUser) was used inside asUser: do that before or after the user transaction.'));
      }
      return pool.connect();
    },
    end: () => pool.end(),
  };
}

function checkUserId(userId: string): void {
  if (typeof userId !== 'string' || userId.length === 0 || userId.length > MAX_USER_ID_LENGTH) {
    throw new Error('asUser needs the signed-in user id (1 to 200 characters).');
  }
}

async function migrateWithLock(opened: OpenedConnection, system: Kysely<Database>, target: MigrationTarget): Promise<void> {
  // The embedded database belongs to this process alone (openEmbedded locks its folder): nobody to wait for.
  if (!opened.lockClient) return migrateUnlocked(system, target);
  const lockClient = await opened.lockClient();
  try {
    // A session lock on a connection of its own, held while the Migrator uses the pool.
    await lockClient.query('select pg_advisory_lock($1::bigint)', [MIGRATION_LOCK_KEY]);
    await migrateUnlocked(system, target);
  } finally {
    await lockClient.query('select pg_advisory_unlock($1::bigint)', [MIGRATION_LOCK_KEY]).catch(() => undefined);
    await lockClient.end().catch(() => undefined);
  }
}

function assemble(opened: OpenedConnection, system: Kysely<Database>, listener: Listener): StudyForgeDb {
  let closing: Promise<void> | undefined;
  return {
    kind: opened.kind,
    system,
    async asUser(userId, fn) {
      checkUserId(userId);
      return system.transaction().execute(async (trx) => {
        await sql`set local role studyforge_user`.execute(trx);
        await sql`select set_config('studyforge.user_id', ${userId}, true)`.execute(trx);
        const transaction = { open: true };
        try {
          return await insideUserTransaction.run(transaction, () => fn(trx));
        } finally {
          transaction.open = false;
        }
      });
    },
    async notify(channel, payload) {
      checkChannel(channel);
      checkPayload(payload);
      await sql`select pg_notify(${channel}, ${payload})`.execute(system);
    },
    listen: (channel, onPayload): Promise<Unlisten> => listener.listen(channel, onPayload),
    close() {
      closing ??= (async () => {
        await listener.close();
        await system.destroy();
        await opened.release();
      })();
      return closing;
    },
  };
}

/**
 * Opens the database `options` name (PostgreSQL when `url` is set, else the
 * embedded PGlite in `dataDir`, else an in-memory PGlite) and brings its
 * schema up to date. `migrateTo` is for tests of the migrations themselves.
 */
export async function openDatabase(options: DatabaseOptions & { migrateTo?: MigrationTarget } = {}): Promise<StudyForgeDb> {
  const opened = options.url ? await openServer(options.url) : await openEmbedded(options);
  const system = new Kysely<Database>({ dialect: new StudyForgeDialect({ pool: refusingInsideAsUser(opened.pool) }) });
  const db = assemble(opened, system, opened.listener);
  openedBy.set(db, opened);
  try {
    await migrateWithLock(opened, system, options.migrateTo ?? 'latest');
  } catch (error) {
    await db.close().catch(() => undefined);
    throw error;
  }
  return db;
}

/** Moves an open database's schema to `target` under the migration lock (tests of the migrations, an operator's rollback). */
export async function migrateDatabase(db: StudyForgeDb, target: MigrationTarget): Promise<void> {
  const opened = openedBy.get(db);
  if (!opened) throw new Error('migrateDatabase needs a database from openDatabase.');
  await migrateWithLock(opened, db.system, target);
}
