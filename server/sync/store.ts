import { sql, type Transaction } from 'kysely';
import { mergeItems, sameItem } from '../../src/kernel/sync/mergeItem';
import type { PullReply, SyncItem } from '../../src/kernel/sync/syncItem';
import type { StudyForgeDb } from '../database/database';
import type { Database } from '../database/schema';
import { itemFromRow, itemKey } from './storedForm';

/*
 * All SQL for synced items, and every query goes through db.asUser: the
 * transaction runs as the user's role with row-level security, so even a
 * wrong WHERE here could not reach another person's rows. The user id is
 * also written into every WHERE, so the (user_id, seq) index is used.
 *
 * seq comes from one sequence (a trigger sets it on every insert and
 * update). A pull trusts that a person's seqs become visible in order: if
 * two pushes of one person ran side by side, the one holding the lower seq
 * could commit after a device had already pulled past the higher one, and
 * that device would never see it. So one person's pushes take turns (a
 * transaction-scoped advisory lock on their id); different people never
 * wait for each other.
 */

type Trx = Transaction<Database>;

export interface PushOutcome {
  /** The person's latest change number after the push. */
  seq: number;
  /** How many items the push actually changed (0 when the server already held all of it). */
  changed: number;
}

/** Waits for this person's other pushes to finish; held until the transaction ends. */
export async function takeTurn(trx: Trx, userId: string): Promise<void> {
  await sql`select pg_advisory_xact_lock(hashtextextended(${`studyforge-sync:${userId}`}, 0))`.execute(trx);
}

async function latestSeq(trx: Trx, userId: string): Promise<number> {
  const row = await trx.selectFrom('sync_items').select((eb) => eb.fn.max('seq').as('seq')).where('user_id', '=', userId).executeTakeFirst();
  return Number(row?.seq ?? 0);
}

/** The stored versions of `items`, locked until the transaction ends. */
async function readForUpdate(trx: Trx, userId: string, items: readonly SyncItem[]): Promise<Map<string, SyncItem>> {
  const stored = new Map<string, SyncItem>();
  if (items.length === 0) return stored;
  const rows = await trx
    .selectFrom('sync_items')
    .select(['collection', 'item_id', 'fields', 'deleted'])
    .where('user_id', '=', userId)
    .where((eb) => eb.or(items.map((item) => eb.and([eb('collection', '=', item.c), eb('item_id', '=', item.id)]))))
    .orderBy('collection')
    .orderBy('item_id')
    .forUpdate()
    .execute();
  for (const row of rows) {
    const item = itemFromRow(row);
    stored.set(itemKey(item), item);
  }
  return stored;
}

/** Two versions of one item within a push become one, by the same rule. */
function oneVersionEach(items: readonly SyncItem[]): SyncItem[] {
  const byKey = new Map<string, SyncItem>();
  for (const item of items) {
    const key = itemKey(item);
    const earlier = byKey.get(key);
    byKey.set(key, earlier ? mergeItems(earlier, item) : item);
  }
  return [...byKey.values()].sort((a, b) => (itemKey(a) < itemKey(b) ? -1 : itemKey(a) > itemKey(b) ? 1 : 0));
}

/**
 * Merges each pushed item into the stored one and writes only what changed
 * (so seq, and every device's next pull, moves only for real changes).
 */
export function pushItems(db: StudyForgeDb, userId: string, items: readonly SyncItem[]): Promise<PushOutcome> {
  const incoming = oneVersionEach(items);
  return db.asUser(userId, async (trx) => {
    await takeTurn(trx, userId);
    const stored = await readForUpdate(trx, userId, incoming);
    const rows = [];
    for (const item of incoming) {
      const before = stored.get(itemKey(item));
      const after = before ? mergeItems(before, item) : mergeItems(item, item);
      if (before && sameItem(before, after)) continue;
      rows.push({ user_id: userId, collection: after.c, item_id: after.id, fields: JSON.stringify(after.f), deleted: after.d ?? null });
    }
    if (rows.length > 0) {
      await trx
        .insertInto('sync_items')
        .values(rows)
        .onConflict((conflict) =>
          conflict.columns(['user_id', 'collection', 'item_id']).doUpdateSet((eb) => ({ fields: eb.ref('excluded.fields'), deleted: eb.ref('excluded.deleted') })),
        )
        .execute();
    }
    return { seq: await latestSeq(trx, userId), changed: rows.length };
  });
}

/** The person's items changed after `since`, oldest change first, at most `limit` of them. */
export function pullItems(db: StudyForgeDb, userId: string, since: number, limit: number): Promise<PullReply> {
  return db.asUser(userId, async (trx) => {
    const rows = await trx
      .selectFrom('sync_items')
      .select(['collection', 'item_id', 'fields', 'deleted', 'seq'])
      .where('user_id', '=', userId)
      .where('seq', '>', since)
      .orderBy('seq')
      .limit(limit + 1)
      .execute();
    const page = rows.slice(0, limit);
    const last = page.at(-1);
    // With nothing new, the latest seq there is: lower than `since` only when the server's data was replaced, which tells the device to pull from 0.
    const seq = last ? Number(last.seq) : await latestSeq(trx, userId);
    return { items: page.map(itemFromRow), seq, more: rows.length > limit };
  });
}

export interface LiveState {
  seq: number;
  /** The hashes of the person's sessions that are still signed in. */
  sessions: Set<string>;
}

/** The person's latest seq and which of their sessions are still live: what a live stream needs before it says anything. */
export function liveState(db: StudyForgeDb, userId: string, now: Date): Promise<LiveState> {
  return db.asUser(userId, async (trx) => {
    const sessions = await trx.selectFrom('sessions').select('id_hash').where('user_id', '=', userId).where('expires_at', '>', now).execute();
    return { seq: await latestSeq(trx, userId), sessions: new Set(sessions.map((row) => row.id_hash)) };
  });
}

