import { sql } from 'kysely';
import { expect, it } from 'vitest';
import { describeOnBothDatabases } from '../testing/bothDatabases';
import { appliedMigrations } from './migrate';
import { migrateDatabase, type StudyForgeDb } from './database';
import { MIGRATIONS } from './migrations/index';

async function tableNames(db: StudyForgeDb): Promise<string[]> {
  const { rows } = await sql<{ table_name: string }>`
    select table_name from information_schema.tables where table_schema = 'public' and table_name not like 'kysely_%' order by table_name`.execute(db.system);
  return rows.map((row) => row.table_name);
}

async function rowSecurity(db: StudyForgeDb): Promise<Record<string, boolean>> {
  const { rows } = await sql<{ relname: string; relrowsecurity: boolean }>`
    select relname, relrowsecurity from pg_class where relname in ('users', 'sessions', 'sync_items', 'audit_log') order by relname`.execute(db.system);
  return Object.fromEntries(rows.map((row) => [row.relname, row.relrowsecurity]));
}

const aUser = { id: 'user-1', issuer: 'https://idp.example', subject: 'sub-1', email: 'ada@example.org', name: 'Ada' };

describeOnBothDatabases('migrations', (open, place) => {
  it('bring an empty database to the latest version: every table, with row-level security where a user reads', async () => {
    const db = await open(await place.freshOptions('empty'));
    expect(await appliedMigrations(db.system)).toEqual(Object.keys(MIGRATIONS));
    expect(await tableNames(db)).toEqual(['audit_log', 'sessions', 'sync_items', 'users']);
    expect(await rowSecurity(db)).toEqual({ audit_log: false, sessions: true, sync_items: true, users: true });
  });

  it('upgrade a database at the previous version without losing its rows, and go down and up again', async () => {
    const db = await open({ ...(await place.freshOptions('empty')), migrateTo: '001_accounts' });
    expect(await tableNames(db)).toEqual(['audit_log', 'sessions', 'users']);
    await db.system.insertInto('users').values(aUser).execute();

    await migrateDatabase(db, 'latest');
    expect(await tableNames(db)).toEqual(['audit_log', 'sessions', 'sync_items', 'users']);
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
    expect(await tableNames(db)).toEqual(['audit_log', 'sessions', 'sync_items', 'users']);
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
