import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import type { StudyForgeDb } from '../../database/database';
import { CLASS_TABLES } from '../../database/schema';
import type { WorldPerson } from './classWorld';

/*
 * Rows for tests of the class routes: a pupil's work put in as the pupil
 * (through row-level security, as their own routes would), and the class's
 * rows read back whole, so a test can say "nothing changed" by comparing
 * two snapshots rather than a few chosen columns.
 */

/** A finished attempt with one answer, a study report and a help request, made by `student` in the assignment. */
export async function addWorkOf(db: StudyForgeDb, student: WorldPerson, classId: string, assignmentId: string): Promise<void> {
  const attemptId = randomUUID();
  await db.asUser(student.id, async (trx) => {
    await trx.insertInto('attempts').values({ id: attemptId, assignment_id: assignmentId, class_id: classId, user_id: student.id, total: 3 }).execute();
    await trx.insertInto('attempt_answers').values({ attempt_id: attemptId, class_id: classId, user_id: student.id, question: 0, chosen: 'Mercury', correct: true }).execute();
    await trx.insertInto('class_work').values({ id: randomUUID(), assignment_id: assignmentId, class_id: classId, user_id: student.id, kind: 'study', detail: JSON.stringify({ reviewed: 5, remembered: 4 }) }).execute();
    await trx.insertInto('help_requests').values({ id: randomUUID(), assignment_id: assignmentId, class_id: classId, user_id: student.id, note: 'I am stuck on question 2' }).execute();
  });
}

/** How many rows of `userId` each work table holds in the class. */
export async function workCounts(db: StudyForgeDb, classId: string, userId: string): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const table of ['attempts', 'attempt_answers', 'class_work', 'help_requests', 'class_members'] as const) {
    const row = await db.system.selectFrom(table).select((eb) => eb.fn.countAll<string>().as('n')).where('class_id', '=', classId).where('user_id', '=', userId).executeTakeFirstOrThrow();
    counts[table] = Number(row.n);
  }
  return counts;
}

/** Every row of every class table that belongs to the class, as text in a fixed order: any change to any of them shows. */
export async function classSnapshot(db: StudyForgeDb, classId: string): Promise<Record<string, string[]>> {
  const snapshot: Record<string, string[]> = {};
  for (const table of CLASS_TABLES) {
    const column = table === 'classes' ? 'id' : 'class_id';
    const rows = await sql`select * from ${sql.table(table)} where ${sql.ref(column)} = ${classId}`.execute(db.system);
    snapshot[table] = rows.rows.map((row) => JSON.stringify(row)).sort();
  }
  return snapshot;
}
