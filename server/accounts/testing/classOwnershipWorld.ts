import { addStudentWork, classSnapshot } from '../../classes/testing/classRows';
import { assignQuizAs, createClassAs, joinAs, type WorldPerson } from '../../classes/testing/classPeople';
import type { StudyForgeDb } from '../../database/database';
import { addPerson, ownRows, type Person } from './accountDataWorld';

/*
 * The people of the ownership proof for class routes. A teaches a class
 * with a quiz, a student in it who has an attempt with an answer, a study
 * report and a help request, and a join code that was renewed (so the old
 * one names no class). B is another teacher with a class of their own, and
 * another student in it with work of their own. Every class route is
 * called as B with A's ids, and with A's ids inside B's own class, and A's
 * class must be exactly as it was.
 */

export interface ClassIds {
  classId: string;
  assignmentId: string;
  attemptId: string;
  helpId: string;
  /** The student's user id, as a class's member routes take it. */
  studentId: string;
  /** A code the class had before its teacher renewed it: it names no class now. */
  oldCode: string;
}

/** A, as the route table calls them: a person with synced work who also teaches a class. */
export type OwnerA = Person & { classes: ClassIds; student: Person };

export interface OtherSide {
  teacher: Person;
  student: Person;
  classes: ClassIds;
}

const asWorldPerson = (person: Person, role: 'teacher' | 'student'): WorldPerson => ({ ...person, role });

async function classOf(db: StudyForgeDb, teacher: Person, student: Person, name: string): Promise<ClassIds> {
  await db.system.updateTable('users').set({ role: 'teacher' }).where('id', '=', teacher.id).execute();
  const made = await createClassAs(db, asWorldPerson(teacher, 'teacher'), name);
  await joinAs(db, asWorldPerson(student, 'student'), made.id);
  const assignmentId = await assignQuizAs(db, asWorldPerson(teacher, 'teacher'), made.id, { title: `Quiz of ${name}`, instructions: `Secret instructions of ${name}` });
  const work = await addStudentWork(db, asWorldPerson(student, 'student'), made.id, assignmentId, `Help note of ${name}`);
  // The code is renewed, as a teacher does after a code leaks: the old one must name nothing.
  const newCode = made.joinCode.split('').reverse().join('');
  await db.system.updateTable('classes').set({ join_code: newCode === made.joinCode ? 'RENEWED2' : newCode }).where('id', '=', made.id).execute();
  return { classId: made.id, assignmentId, attemptId: work.attemptId, helpId: work.helpId, studentId: student.id, oldCode: made.joinCode };
}

/** A, with a class, a quiz and a student's work in it; A's markers now include what only A's class holds. */
export async function addClassOwner(db: StudyForgeDb, key: string): Promise<OwnerA> {
  const teacher = await addPerson(db, key);
  const student = await addPerson(db, `${key}-pupil`);
  const name = `Class of ${key} quokka`;
  const classes = await classOf(db, teacher, student, name);
  const markers = [...teacher.markers, ...student.markers, name, `Secret instructions of ${name}`, `Help note of ${name}`, classes.attemptId, classes.helpId, classes.assignmentId, classes.classId];
  return { ...teacher, markers, classes, student };
}

/** B: another teacher with a class of their own, and another student in it with work. */
export async function addOtherSide(db: StudyForgeDb, key: string): Promise<OtherSide> {
  const teacher = await addPerson(db, key);
  const student = await addPerson(db, `${key}-pupil`);
  return { teacher, student, classes: await classOf(db, teacher, student, `Class of ${key}`) };
}

/** Everything of A's: A's and A's student's rows in every table, and every row of A's class. */
export async function ownerRows(db: StudyForgeDb, a: OwnerA, secret: string): Promise<unknown> {
  return { teacher: await ownRows(db, a.id, secret), student: await ownRows(db, a.student.id, secret), class: await classSnapshot(db, a.classes.classId) };
}

/**
 * The same request pointed into B's own class: A's assignment under B's
 * class id, or, where the request names an attempt, a help request or a
 * member of A's, that id under B's class and B's assignment. Null when the
 * request names nothing of A's but the class.
 */
export function intoOtherClass(path: string, body: string | undefined, a: ClassIds, b: ClassIds): { path: string; body: string | undefined } | null {
  const names = (id: string) => path.includes(id) || (body ?? '').includes(id);
  const deeper = [a.attemptId, a.helpId, a.studentId].some(names);
  if (!path.includes(a.classId) || (!deeper && !path.includes(a.assignmentId))) return null;
  const swap = (text: string) => {
    const inB = text.split(a.classId).join(b.classId);
    return deeper ? inB.split(a.assignmentId).join(b.assignmentId) : inB;
  };
  return { path: swap(path), body };
}
