import { sql } from 'kysely';
import type { StudyForgeDb } from '../../database/database';
import { CLASS_TABLES } from '../../database/schema';
import { addStudentWork, fillClass, type ClassTable, type FilledClass, type StudentWork } from './classRows';
import { addWorldPerson, joinAs, type WorldPerson } from './classPeople';

/*
 * Two classes side by side for the row-security tests: class A (teacher
 * tessA, students samA and saraA, each with work) and class B (teacher
 * theoB, student sidB with work), and an outsider in no class. Every
 * class table holds rows of both classes, so a policy that lets one row
 * through to the wrong person shows.
 */

export interface IsolationWorld {
  db: StudyForgeDb;
  teacherA: WorldPerson;
  teacherB: WorldPerson;
  studentA: WorldPerson;
  /** A second student of class A: "another user" in the same class. */
  classmateA: WorldPerson;
  studentB: WorldPerson;
  outsider: WorldPerson;
  classA: FilledClass;
  classB: FilledClass;
  classmateWork: StudentWork;
}

export async function isolationWorld(db: StudyForgeDb): Promise<IsolationWorld> {
  const teacherA = await addWorldPerson(db, 'tessa', 'teacher');
  const teacherB = await addWorldPerson(db, 'theob', 'teacher');
  const studentA = await addWorldPerson(db, 'sama', 'student');
  const classmateA = await addWorldPerson(db, 'saraa', 'student');
  const studentB = await addWorldPerson(db, 'sidb', 'student');
  const outsider = await addWorldPerson(db, 'otto', 'student');
  const classA = await fillClass(db, teacherA, studentA, 'Class A');
  const classB = await fillClass(db, teacherB, studentB, 'Class B');
  await joinAs(db, classmateA, classA.id);
  const classmateWork = await addStudentWork(db, classmateA, classA.id, classA.assignmentId);
  return { db, teacherA, teacherB, studentA, classmateA, studentB, outsider, classA, classB, classmateWork };
}

export type SeenRows = Record<ClassTable, Record<string, unknown>[]>;

/** Every row of every class table that `person` can select, with no filter of our own: only the policies decide. */
export async function seenBy(db: StudyForgeDb, person: WorldPerson): Promise<SeenRows> {
  return db.asUser(person.id, async (trx) => {
    const seen = {} as SeenRows;
    for (const table of CLASS_TABLES) seen[table] = (await sql<Record<string, unknown>>`select * from ${sql.table(table)}`.execute(trx)).rows;
    return seen;
  });
}

/** The class a row belongs to. */
export const classOf = (table: ClassTable, row: Record<string, unknown>) => (table === 'classes' ? row.id : row.class_id);

/** Rows seen per table, as counts. */
export function countsOf(seen: SeenRows): Record<ClassTable, number> {
  return Object.fromEntries(CLASS_TABLES.map((table) => [table, seen[table].length])) as Record<ClassTable, number>;
}

/** The classes whose rows appear anywhere in what was seen. */
export function classesIn(seen: SeenRows): string[] {
  return [...new Set(CLASS_TABLES.flatMap((table) => seen[table].map((row) => String(classOf(table, row)))))].sort();
}

/** The people whose rows appear in the tables that carry a user_id. */
export function peopleIn(seen: SeenRows, tables: readonly ClassTable[]): string[] {
  return [...new Set(tables.flatMap((table) => seen[table].map((row) => String(row.user_id))))].sort();
}

/** Matches the database's refusal of a write: a policy, a foreign key, or a missing grant. */
export const REFUSED = /row-level security|foreign key constraint|permission denied/;
