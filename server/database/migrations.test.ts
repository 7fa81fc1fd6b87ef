import { sql } from 'kysely';
import { expect, it } from 'vitest';
import { describeOnBothDatabases } from '../testing/bothDatabases';
import { appliedMigrations } from './migrate';
import { migrateDatabase, type StudyForgeDb } from './database';
import { MIGRATIONS } from './migrations/index';
import { CLASS_TABLES } from './schema';

async function tableNames(db: StudyForgeDb): Promise<string[]> {
  const { rows } = await sql<{ table_name: string }>`
    select table_name from information_schema.tables where table_schema = 'public' and table_name not like 'kysely_%' order by table_name`.execute(db.system);
  return rows.map((row) => row.table_name);
}

async function rowSecurity(db: StudyForgeDb): Promise<Record<string, boolean>> {
  const { rows } = await sql<{ relname: string; relrowsecurity: boolean }>`
    select relname, relrowsecurity from pg_class where relname in (${sql.join(TABLES_AT_LATEST)}) and relkind = 'r' order by relname`.execute(db.system);
  return Object.fromEntries(rows.map((row) => [row.relname, row.relrowsecurity]));
}

const TABLES_AT_SYNC = ['audit_log', 'sessions', 'sync_items', 'users'];
const TABLES_AT_LATEST = [...TABLES_AT_SYNC, ...CLASS_TABLES].sort();

/** A class made as a teacher makes one: through the database's own function, inside their transaction. */
async function createClass(db: StudyForgeDb, teacherId: string, classId: string): Promise<void> {
  await db.asUser(teacherId, (trx) => sql`select studyforge_create_class(${classId}, ${'Year 8'}, ${''}, ${''}, ${'ABCDEFGH'}, ${false})`.execute(trx));
}

async function accountRows(db: StudyForgeDb): Promise<unknown[]> {
  return [await db.system.selectFrom('users').selectAll().orderBy('id').execute(), await db.system.selectFrom('sync_items').selectAll().execute()];
}

async function classFunctionNames(db: StudyForgeDb): Promise<string[]> {
  const { rows } = await sql<{ proname: string }>`select proname from pg_proc where proname like 'studyforge_%' order by proname`.execute(db.system);
  return rows.map((row) => row.proname);
}

const aUser = { id: 'user-1', issuer: 'https://idp.example', subject: 'sub-1', email: 'ada@example.org', name: 'Ada' };

describeOnBothDatabases('migrations', (open, place) => {
  it('bring an empty database to the latest version: every table, with row-level security where a user reads', async () => {
    const db = await open(await place.freshOptions('empty'));
    expect(await appliedMigrations(db.system)).toEqual(Object.keys(MIGRATIONS));
    expect(await tableNames(db)).toEqual(TABLES_AT_LATEST);
    expect(await rowSecurity(db)).toEqual({
      audit_log: false,
      sessions: true,
      sync_items: true,
      users: true,
      // Every class table: a teacher and a student reach them only through their policies.
      ...Object.fromEntries(CLASS_TABLES.map((table) => [table, true])),
    });
  });

  it('upgrade a database at the previous version without losing its rows, and go down and up again', async () => {
    const db = await open({ ...(await place.freshOptions('empty')), migrateTo: '001_accounts' });
    expect(await tableNames(db)).toEqual(['audit_log', 'sessions', 'users']);
    await db.system.insertInto('users').values(aUser).execute();

    await migrateDatabase(db, 'latest');
    expect(await tableNames(db)).toEqual(TABLES_AT_LATEST);
    expect(await db.system.selectFrom('users').select(['id', 'email']).execute()).toEqual([{ id: aUser.id, email: aUser.email }]);

    await migrateDatabase(db, '001_accounts');
    expect(await tableNames(db)).toEqual(['audit_log', 'sessions', 'users']);
    await migrateDatabase(db, 'latest');
    await db.system.insertInto('sync_items').values({ user_id: aUser.id, collection: 'projects', item_id: 'p1', fields: '{}' }).execute();
    expect(await db.system.selectFrom('users').select('id').execute()).toEqual([{ id: aUser.id }]);

    // All the way down leaves nothing of ours behind, and up again works.
    await migrateDatabase(db, 'none');
    expect(await tableNames(db)).toEqual([]);
    await migrateDatabase(db, 'latest');
    expect(await tableNames(db)).toEqual(TABLES_AT_LATEST);
  });

  it('take the classes down and up again without touching accounts or synced work, and leave classes working', async () => {
    const db = await open(await place.freshOptions('empty'));
    await db.system.insertInto('users').values([aUser, { ...aUser, id: 'teacher-1', subject: 'sub-2', email: 'tess@example.org', role: 'teacher' }]).execute();
    await db.system.insertInto('sync_items').values({ user_id: aUser.id, collection: 'projects', item_id: 'p1', fields: '{}' }).execute();
    await createClass(db, 'teacher-1', 'class-1');
    const accountsBefore = await accountRows(db);

    await migrateDatabase(db, '002_sync');
    expect(await tableNames(db)).toEqual(TABLES_AT_SYNC);
    expect(await accountRows(db)).toEqual(accountsBefore);
    // Nothing of the classes is left behind: not a function (a policy's), not a table.
    expect(await classFunctionNames(db)).toEqual([]);

    await migrateDatabase(db, 'latest');
    expect(await tableNames(db)).toEqual(TABLES_AT_LATEST);
    expect(await accountRows(db)).toEqual(accountsBefore);
    await createClass(db, 'teacher-1', 'class-2');
    expect(await db.asUser('teacher-1', (trx) => trx.selectFrom('classes').select('id').execute())).toEqual([{ id: 'class-2' }]);
  });

  if (place.kind === 'postgres') {
    it('let two instances start on one PostgreSQL at the same moment: one migrates, the other waits and finds it done', async () => {
      const options = await place.freshOptions('empty');
      const [first, second] = await Promise.all([open(options), open(options)]);
      expect(await appliedMigrations(first.system)).toEqual(Object.keys(MIGRATIONS));
      expect(await appliedMigrations(second.system)).toEqual(Object.keys(MIGRATIONS));
    });
  } else {
    it('refuse a second open of the same embedded data folder, saying how to run several instances', async () => {
      // Two PGlites on one folder would each think they own its files and corrupt them.
      const { mkdtemp, rm } = await import('node:fs/promises');
      const { tmpdir } = await import('node:os');
      const { join } = await import('node:path');
      const dataDir = await mkdtemp(join(tmpdir(), 'studyforge-data-'));
      try {
        const options = { ...(await place.freshOptions('empty')), dataDir };
        const results = await Promise.allSettled([open(options), open(options)]);
        expect(results.filter((result) => result.status === 'fulfilled')).toHaveLength(1);
        const refused = results.find((result) => result.status === 'rejected');
        expect(String(refused?.status === 'rejected' && refused.reason)).toMatch(/already open.*STUDYFORGE_DATABASE_URL/s);
      } finally {
        await rm(dataDir, { recursive: true, force: true });
      }
    });
  }
});
