import { sql } from 'kysely';
import { beforeEach, expect, it } from 'vitest';
import { describeOnBothDatabases } from '../testing/bothDatabases';
import type { StudyForgeDb } from './database';

/*
 * asUser is the one door to a user's data: whatever a query forgets to
 * filter, the database itself shows and changes only the signed-in user's
 * rows. Each test writes both users' rows as the owner, then acts as one.
 */

const ada = 'user-ada';
const ben = 'user-ben';
const later = new Date(Date.now() + 3_600_000);

async function seed(db: StudyForgeDb): Promise<void> {
  await db.system
    .insertInto('users')
    .values([
      { id: ada, issuer: 'https://idp.example', subject: 'ada', email: 'ada@example.org' },
      { id: ben, issuer: 'https://idp.example', subject: 'ben', email: 'ben@example.org' },
    ])
    .execute();
  await db.system
    .insertInto('sessions')
    .values([
      { id_hash: 'hash-ada', user_id: ada, csrf_token: 'csrf-ada', expires_at: later },
      { id_hash: 'hash-ben', user_id: ben, csrf_token: 'csrf-ben', expires_at: later },
    ])
    .execute();
  await db.system
    .insertInto('sync_items')
    .values([
      { user_id: ada, collection: 'projects', item_id: 'ada-project', fields: JSON.stringify({ title: { v: 'Ada notes', t: 't1' } }) },
      { user_id: ben, collection: 'projects', item_id: 'ben-project', fields: JSON.stringify({ title: { v: 'Ben notes', t: 't1' } }) },
    ])
    .execute();
}

/** Ben's rows as the owner sees them, to show an attempt through Ada's door changed nothing. */
async function bensRows(db: StudyForgeDb) {
  return {
    items: await db.system.selectFrom('sync_items').select(['item_id', 'fields', 'deleted']).where('user_id', '=', ben).execute(),
    sessions: await db.system.selectFrom('sessions').select('id_hash').where('user_id', '=', ben).execute(),
    users: await db.system.selectFrom('users').select(['id', 'email']).where('id', '=', ben).execute(),
  };
}

describeOnBothDatabases('asUser, the one door to a user\'s data', (open) => {
  let db: StudyForgeDb;
  beforeEach(async () => {
    db = await open();
    await seed(db);
  });

  it('shows only the user\'s own rows, even to a query with no filter', async () => {
    const seen = await db.asUser(ada, async (trx) => ({
      items: await trx.selectFrom('sync_items').select('item_id').execute(),
      sessions: await trx.selectFrom('sessions').select('id_hash').execute(),
      users: await trx.selectFrom('users').select('id').execute(),
    }));
    expect(seen).toEqual({ items: [{ item_id: 'ada-project' }], sessions: [{ id_hash: 'hash-ada' }], users: [{ id: ada }] });
    // Ben's door shows Ben's: the filter is the user id given, not whoever came first.
    expect(await db.asUser(ben, (trx) => trx.selectFrom('sync_items').select('item_id').execute())).toEqual([{ item_id: 'ben-project' }]);
  });

  it('refuses to write a row owned by another user, and changes none of theirs', async () => {
    const before = await bensRows(db);
    await expect(
      db.asUser(ada, (trx) =>
        trx.insertInto('sync_items').values({ user_id: ben, collection: 'projects', item_id: 'planted', fields: '{}' }).execute(),
      ),
    ).rejects.toThrow(/row-level security/);

    const changed = await db.asUser(ada, async (trx) => ({
      updated: (await trx.updateTable('sync_items').set({ deleted: 'tombstone' }).where('user_id', '=', ben).executeTakeFirst()).numUpdatedRows,
      itemsDeleted: (await trx.deleteFrom('sync_items').where('item_id', '=', 'ben-project').executeTakeFirst()).numDeletedRows,
      sessionsDeleted: (await trx.deleteFrom('sessions').where('user_id', '=', ben).executeTakeFirst()).numDeletedRows,
      usersDeleted: (await trx.deleteFrom('users').where('id', '=', ben).executeTakeFirst()).numDeletedRows,
    }));
    expect(changed).toEqual({ updated: 0n, itemsDeleted: 0n, sessionsDeleted: 0n, usersDeleted: 0n });
    expect(await bensRows(db)).toEqual(before);
  });

  it('lets the user write their own rows, stamping each change with a new seq', async () => {
    const seqs = await db.asUser(ada, async (trx) => {
      const inserted = await trx
        .insertInto('sync_items')
        .values({ user_id: ada, collection: 'cards', item_id: 'c1', fields: '{}' })
        .returning('seq')
        .executeTakeFirstOrThrow();
      const updated = await trx.updateTable('sync_items').set({ deleted: 'd1' }).where('item_id', '=', 'c1').returning('seq').executeTakeFirstOrThrow();
      return { inserted: inserted.seq, updated: updated.seq };
    });
    expect(typeof seqs.inserted).toBe('number');
    expect(seqs.updated).toBeGreaterThan(seqs.inserted);
  });

  it('cannot touch the audit log or turn itself into a teacher', async () => {
    await expect(db.asUser(ada, (trx) => trx.selectFrom('audit_log').selectAll().execute())).rejects.toThrow(/permission denied/);
    await expect(db.asUser(ada, (trx) => trx.updateTable('users').set({ role: 'teacher' }).where('id', '=', ada).execute())).rejects.toThrow(
      /permission denied/,
    );
    expect(await db.system.selectFrom('users').select('role').where('id', '=', ada).executeTakeFirstOrThrow()).toEqual({ role: 'student' });
  });

  it('keeps many users\' transactions apart when they run at the same moment', async () => {
    // The embedded database is one connection: without turns, one user's settings would land in another's transaction.
    const seen = await Promise.all(
      Array.from({ length: 20 }, (_, index) => {
        const user = index % 2 === 0 ? ada : ben;
        return db.asUser(user, async (trx) => {
          const items = await trx.selectFrom('sync_items').select('user_id').execute();
          await new Promise((resolve) => setTimeout(resolve, 1));
          const sessions = await trx.selectFrom('sessions').select('user_id').execute();
          return { user, owners: [...items, ...sessions].map((row) => row.user_id) };
        });
      }),
    );
    for (const { user, owners } of seen) expect(owners).toEqual([user, user]);
  });

  it('sets the role and user only inside its transaction: the owner sees everything again afterwards', async () => {
    await db.asUser(ada, (trx) => trx.selectFrom('users').select('id').execute());
    const { rows } = await sql<{ who: string; user_id: string | null }>`select current_user as who, current_setting('studyforge.user_id', true) as user_id`.execute(db.system);
    expect(rows).toHaveLength(1);
    expect(rows.map((row) => row.who)).not.toContain('studyforge_user');
    expect(rows.map((row) => row.user_id ?? '')).toEqual(['']);
    expect(await db.system.selectFrom('sync_items').select('item_id').orderBy('item_id').execute()).toHaveLength(2);
  });

  it('refuses the owner\'s connection inside a user transaction, rather than hang or step past row-level security', async () => {
    await expect(db.asUser(ada, () => db.system.selectFrom('sync_items').selectAll().execute())).rejects.toThrow(/used inside asUser/);
    await expect(db.asUser(ada, () => db.asUser(ben, async () => 'nested'))).rejects.toThrow(/used inside asUser/);
  });

  it('lets work started inside a user transaction use the owner\'s connection once that transaction is over', async () => {
    let later: Promise<unknown> | undefined;
    await db.asUser(ada, async () => {
      later = new Promise((resolve) => setTimeout(resolve, 0)).then(() => db.system.selectFrom('users').select('id').execute());
    });
    await expect(later).resolves.toHaveLength(2);
  });

  it('needs a user id', async () => {
    await expect(db.asUser('', async () => 'nothing')).rejects.toThrow(/signed-in user id/);
  });
});
