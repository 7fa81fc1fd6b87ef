import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import type { StudyForgeDb } from '../../database/database';
import { CLASS_TABLES } from '../../database/schema';
import { assignQuizAs, createClassAs, joinAs, type WorldPerson } from './classPeople';

/*
 * A class with something in every one of its tables, written the way the
 * people themselves write it (as them, through db.asUser and the policies),
 * and a count of a class's rows per table as the table owner sees them, for
 * tests of isolation, of deletion and of what a request left unchanged.
 */

export interface StudentWork {
  attemptId: string;
  workId: string;
  helpId: string;
}

/** A student's attempt at a quiz with one answer, a study report and a help request, written as the student. */
export async function addStudentWork(db: StudyForgeDb, student: WorldPerson, classId: string, assignmentId: string, note = 'I am stuck on question 2'): Promise<StudentWork> {
  const work: StudentWork = { attemptId: randomUUID(), workId: randomUUID(), helpId: randomUUID() };
  await db.asUser(student.id, async (trx) => {
    await trx.insertInto('attempts').values({ id: work.attemptId, assignment_id: assignmentId, class_id: classId, user_id: student.id, total: 3 }).execute();
    await trx.insertInto('attempt_answers').values({ attempt_id: work.attemptId, class_id: classId, user_id: student.id, question: 0, chosen: 'Venus', correct: false }).execute();
    await trx
      .insertInto('class_work')
      .values({ id: work.workId, assignment_id: assignmentId, class_id: classId, user_id: student.id, kind: 'study', detail: JSON.stringify({ reviewed: 5, remembered: 4 }) })
      .execute();
    await trx.insertInto('help_requests').values({ id: work.helpId, assignment_id: assignmentId, class_id: classId, user_id: student.id, note }).execute();
  });
  return work;
}

export interface FilledClass {
  id: string;
  joinCode: string;
  assignmentId: string;
  work: StudentWork;
}

/** A class of `teacher` with `student` in it, a quiz (secrets and material too) and the student's work on it: a row in every class table. */
export async function fillClass(db: StudyForgeDb, teacher: WorldPerson, student: WorldPerson, name: string): Promise<FilledClass> {
  const made = await createClassAs(db, teacher, name);
  await joinAs(db, student, made.id);
  const assignmentId = await assignQuizAs(db, teacher, made.id, { instructions: `Hidden instructions of ${name}` });
  const work = await addStudentWork(db, student, made.id, assignmentId, `Help note of ${name}`);
  return { ...made, assignmentId, work };
}

export type ClassTable = (typeof CLASS_TABLES)[number];

/** The column naming a row's class: the class's own id in classes, class_id everywhere else. */
export const classColumn = (table: ClassTable) => (table === 'classes' ? 'id' : 'class_id');

/** How many rows each class table holds for the class, counted as the table owner (past row security). */
export async function classRowCounts(db: StudyForgeDb, classId: string): Promise<Record<ClassTable, number>> {
  const counts = {} as Record<ClassTable, number>;
  for (const table of CLASS_TABLES) {
    const { rows } = await sql<{ n: string | number }>`select count(*) as n from ${sql.table(table)} where ${sql.ref(classColumn(table))} = ${classId}`.execute(db.system);
    counts[table] = Number(rows[0]?.n ?? 0);
  }
  return counts;
}

/** Every row of every class table that belongs to the class, as text in a fixed order: any change to any column shows. */
export async function classSnapshot(db: StudyForgeDb, classId: string): Promise<Record<ClassTable, string[]>> {
  const snapshot = {} as Record<ClassTable, string[]>;
  for (const table of CLASS_TABLES) {
    const { rows } = await sql`select * from ${sql.table(table)} where ${sql.ref(classColumn(table))} = ${classId}`.execute(db.system);
    snapshot[table] = rows.map((row) => JSON.stringify(row)).sort();
  }
  return snapshot;
}
