import { sql } from 'kysely';
import type { StudyForgeDb } from '../database/database';
import { CLASS_TABLES } from '../database/schema';

/*
 * A class's end: deleting it deletes everything of it (every class table
 * cascades from classes), and the guest accounts that existed only for it
 * (joined by code and first name, no school account) once they belong to no
 * other class. A class the teacher archived is deleted by the daily
 * retention pass (server/accounts/retention.ts) when its retention period
 * has passed since archiving.
 *
 * Runs as the table owner (system): the route calls it after the door has
 * checked the caller teaches the class and it is archived.
 */

/** The issuer of a guest account made by joining with a code and a first name (see the join routes). */
export const GUEST_ISSUER = 'studyforge:class-code';

export type ClassTableName = (typeof CLASS_TABLES)[number];

/** Rows deleted per table: every class table, and `users` for the guest accounts that went with the class. */
export type DeletedRows = Record<ClassTableName | 'users', number>;

const noRows = () => Object.fromEntries([...CLASS_TABLES, 'users'].map((table) => [table, 0])) as DeletedRows;

/**
 * Deletes the class and its guests, in one transaction, and says how many
 * rows of each table went (counted just before, inside it). A class that
 * does not exist deletes nothing: every count is 0.
 */
export async function deleteClass(db: StudyForgeDb, classId: string): Promise<DeletedRows> {
  return db.system.transaction().execute(async (trx) => {
    // Locks the class row first, so work arriving while the counts are made waits, and the counts are what is deleted.
    const found = await trx.selectFrom('classes').select('id').where('id', '=', classId).forUpdate().executeTakeFirst();
    const deleted = noRows();
    if (!found) return deleted;
    for (const table of CLASS_TABLES) {
      const column = table === 'classes' ? 'id' : 'class_id';
      const { rows } = await sql<{ n: string | number }>`select count(*) as n from ${sql.table(table)} where ${sql.ref(column)} = ${classId}`.execute(trx);
      deleted[table] = Number(rows[0]?.n ?? 0);
    }
    const guests = await trx
      .selectFrom('class_members')
      .innerJoin('users', 'users.id', 'class_members.user_id')
      .select('users.id')
      .where('class_members.class_id', '=', classId)
      .where('users.issuer', '=', GUEST_ISSUER)
      .execute();
    await trx.deleteFrom('classes').where('id', '=', classId).execute();
    if (guests.length > 0) {
      const gone = await trx
        .deleteFrom('users')
        .where('id', 'in', guests.map((guest) => guest.id))
        .where('issuer', '=', GUEST_ISSUER)
        .where(({ not, exists, selectFrom }) => not(exists(selectFrom('class_members').select('class_id').whereRef('class_members.user_id', '=', 'users.id'))))
        .executeTakeFirst();
      deleted.users = Number(gone.numDeletedRows);
    }
    return deleted;
  });
}

export interface ClassPurgeOutcome {
  /** Classes deleted because their retention period after archiving had passed. */
  classes: number;
  /** Rows per table over every class deleted. */
  rows: DeletedRows;
  /** Classes archived because nobody teaches them any more (their last teacher's account is gone). */
  orphansArchived: number;
}

/**
 * The daily pass over classes: every archived class whose retention period
 * (retention_days since archiving) has passed by `now` is deleted. A class
 * whose last teacher's account was deleted is archived first: nobody could
 * archive it otherwise, and its students' work would stay for ever; archived,
 * it goes after its retention period like any other.
 */
export async function purgeArchivedClasses(db: StudyForgeDb, now: number): Promise<ClassPurgeOutcome> {
  const orphans = await db.system
    .updateTable('classes')
    .set({ archived_at: new Date(now) })
    .where('archived_at', 'is', null)
    .where(({ not, exists, selectFrom }) => not(exists(selectFrom('class_teachers').select('user_id').whereRef('class_teachers.class_id', '=', 'classes.id'))))
    .executeTakeFirst();
  const due = await db.system
    .selectFrom('classes')
    .select('id')
    .where('archived_at', 'is not', null)
    .where(sql<boolean>`archived_at + retention_days * interval '1 day' <= ${new Date(now)}`)
    .execute();
  const rows = noRows();
  for (const { id } of due) {
    const deleted = await deleteClass(db, id);
    for (const table of Object.keys(rows) as (keyof DeletedRows)[]) rows[table] += deleted[table];
  }
  return { classes: due.length, rows, orphansArchived: Number(orphans.numUpdatedRows) };
}
