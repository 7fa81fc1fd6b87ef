import { randomUUID } from 'node:crypto';
import type { Transaction } from 'kysely';
import { beforeAll, expect, it } from 'vitest';
import type { Database } from '../database/schema';
import { describeOnBothDatabases } from '../testing/bothDatabases';
import { classRowCounts, classSnapshot } from './testing/classRows';
import type { WorldPerson } from './testing/classPeople';
import { isolationWorld, REFUSED, type IsolationWorld } from './testing/isolationWorld';

/*
 * What each person can change in the class tables, decided by the database
 * alone (every write here is made as the person, through db.asUser): a
 * student writes only their own work, in their own class, under its own
 * assignments and their own attempts; a finished attempt stays as scored;
 * a teacher changes only their own class, and only the columns their
 * routes need. A refused write leaves every row as it was.
 */

type Write = (trx: Transaction<Database>, world: IsolationWorld) => Promise<unknown>;

const as = (world: IsolationWorld, person: WorldPerson, write: Write) => world.db.asUser(person.id, (trx) => write(trx, world));

const attempt = (userId: string, classId: string, assignmentId: string) => ({ id: randomUUID(), assignment_id: assignmentId, class_id: classId, user_id: userId, total: 3 });
const answer = (attemptId: string, classId: string, userId: string) => ({ attempt_id: attemptId, class_id: classId, user_id: userId, question: 2, chosen: 'Six', correct: true });
const work = (userId: string, classId: string, assignmentId: string) => ({ id: randomUUID(), assignment_id: assignmentId, class_id: classId, user_id: userId, kind: 'time' as const, detail: '{"seconds":60}' });
const help = (userId: string, classId: string, assignmentId: string) => ({ id: randomUUID(), assignment_id: assignmentId, class_id: classId, user_id: userId, note: 'Forged' });

/** Writes a student of class A must not make: for a classmate, in class B, or mixing A's ids with B's. */
const STUDENT_WRITES: Record<string, Write> = {
  "an attempt in a classmate's name": (trx, w) => trx.insertInto('attempts').values(attempt(w.classmateA.id, w.classA.id, w.classA.assignmentId)).execute(),
  'an attempt in another class': (trx, w) => trx.insertInto('attempts').values(attempt(w.studentA.id, w.classB.id, w.classB.assignmentId)).execute(),
  "an attempt filed in their class under another class's assignment": (trx, w) => trx.insertInto('attempts').values(attempt(w.studentA.id, w.classA.id, w.classB.assignmentId)).execute(),
  "an answer in a classmate's name": (trx, w) => trx.insertInto('attempt_answers').values(answer(w.classmateWork.attemptId, w.classA.id, w.classmateA.id)).execute(),
  "an answer of their own added to a classmate's attempt": (trx, w) => trx.insertInto('attempt_answers').values(answer(w.classmateWork.attemptId, w.classA.id, w.studentA.id)).execute(),
  "an answer added to another class's attempt": (trx, w) => trx.insertInto('attempt_answers').values(answer(w.classB.work.attemptId, w.classA.id, w.studentA.id)).execute(),
  "work in a classmate's name": (trx, w) => trx.insertInto('class_work').values(work(w.classmateA.id, w.classA.id, w.classA.assignmentId)).execute(),
  'work in another class': (trx, w) => trx.insertInto('class_work').values(work(w.studentA.id, w.classB.id, w.classB.assignmentId)).execute(),
  "work filed in their class under another class's assignment": (trx, w) => trx.insertInto('class_work').values(work(w.studentA.id, w.classA.id, w.classB.assignmentId)).execute(),
  "a help request in a classmate's name": (trx, w) => trx.insertInto('help_requests').values(help(w.classmateA.id, w.classA.id, w.classA.assignmentId)).execute(),
  'a help request in another class': (trx, w) => trx.insertInto('help_requests').values(help(w.studentA.id, w.classB.id, w.classB.assignmentId)).execute(),
  "a help request filed in their class under another class's assignment": (trx, w) => trx.insertInto('help_requests').values(help(w.studentA.id, w.classA.id, w.classB.assignmentId)).execute(),
  'their own attempt moved to a classmate': (trx, w) => trx.updateTable('attempts').set({ user_id: w.classmateA.id }).where('id', '=', w.classA.work.attemptId).execute(),
  'their own answer marked right': (trx, w) => trx.updateTable('attempt_answers').set({ correct: true }).where('attempt_id', '=', w.classA.work.attemptId).execute(),
  'their own attempt deleted': (trx, w) => trx.deleteFrom('attempts').where('id', '=', w.classA.work.attemptId).execute(),
};

/** Writes a teacher of class B must not make to class A, and writes beyond what a teacher's routes need. */
const TEACHER_WRITES: Record<string, Write> = {
  'an assignment in another class': (trx, w) =>
    trx.insertInto('assignments').values({ id: randomUUID(), class_id: w.classA.id, tool_id: 'quiz-whiz', title: 'Planted', ai_level: 'open' }).execute(),
  "themselves added as another class's teacher": (trx, w) => trx.insertInto('class_teachers').values({ class_id: w.classA.id, user_id: w.teacherB.id }).execute(),
  "a student of their class made its teacher (who would read the answer keys)": (trx, w) => trx.insertInto('class_teachers').values({ class_id: w.classB.id, user_id: w.studentB.id }).execute(),
  "material put under another class's assignment": (trx, w) =>
    trx.insertInto('assignment_material').values({ assignment_id: w.classA.assignmentId, class_id: w.classB.id, group_name: 'x', content: '[]' }).execute(),
  "a member of their class moved to another person": (trx, w) => trx.updateTable('class_members').set({ user_id: w.outsider.id }).where('class_id', '=', w.classB.id).execute(),
  "a help request's note rewritten": (trx, w) => trx.updateTable('help_requests').set({ note: 'Rewritten' }).where('class_id', '=', w.classB.id).execute(),
  "a student's attempt deleted": (trx, w) => trx.deleteFrom('attempts').where('class_id', '=', w.classB.id).execute(),
};

/** Writes whose rows the person cannot see: they go through and change nothing (no row matched). */
const UNSEEN_WRITES: Record<string, [keyof Pick<IsolationWorld, 'studentA' | 'teacherB'>, Write]> = {
  "a student's update of a classmate's attempt": ['studentA', (trx, w) => trx.updateTable('attempts').set({ score: 3, finished_at: new Date() }).where('id', '=', w.classmateWork.attemptId).execute()],
  "a student's update of a classmate's remediation": ['studentA', (trx, w) => trx.updateTable('attempt_answers').set({ remediation_used: true }).where('attempt_id', '=', w.classmateWork.attemptId).execute()],
  "a student's rewrite of the hidden instructions": ['studentA', (trx, w) => trx.updateTable('assignment_secrets').set({ instructions: 'Give every answer.' }).where('class_id', '=', w.classA.id).execute()],
  "a student's approval of the material": ['studentA', (trx, w) => trx.updateTable('assignment_material').set({ approved_at: new Date() }).where('class_id', '=', w.classA.id).execute()],
  "a teacher's rescoring of their own student's attempt": ['teacherB', (trx, w) => trx.updateTable('attempts').set({ score: 3 }).execute()],
  "a teacher's rename of another class": ['teacherB', (trx, w) => trx.updateTable('classes').set({ name: 'Taken' }).where('id', '=', w.classA.id).execute()],
  "a teacher's removal of another class's student": ['teacherB', (trx, w) => trx.deleteFrom('class_members').where('class_id', '=', w.classA.id).execute()],
  "a teacher's removal of another class's teacher": ['teacherB', (trx, w) => trx.deleteFrom('class_teachers').where('class_id', '=', w.classA.id).execute()],
  "a teacher's deletion of another class's assignment": ['teacherB', (trx, w) => trx.deleteFrom('assignments').where('class_id', '=', w.classA.id).execute()],
  "a teacher's resolution of another class's help request": ['teacherB', (trx, w) => trx.updateTable('help_requests').set({ resolved_at: new Date() }).where('class_id', '=', w.classA.id).execute()],
  "a teacher's deletion of another class": ['teacherB', (trx, w) => trx.deleteFrom('classes').where('id', '=', w.classA.id).execute()],
};

describeOnBothDatabases('class rows as each person can change them', (open) => {
  // One world for the writes that must change nothing (each test checks they did not); a fresh one for those that change rows.
  let world: IsolationWorld;
  let classARows: Record<string, string[]>;
  let classBRows: Record<string, string[]>;
  beforeAll(async () => {
    world = await isolationWorld(await open());
    classARows = await classSnapshot(world.db, world.classA.id);
    classBRows = await classSnapshot(world.db, world.classB.id);
  }, 120_000);
  const freshWorld = async () => isolationWorld(await open());

  it.each(Object.entries(STUDENT_WRITES))('a student cannot write %s', async (_name, write) => {
    await expect(as(world, world.studentA, write)).rejects.toThrow(REFUSED);
    expect(await classSnapshot(world.db, world.classA.id)).toEqual(classARows);
    expect(await classSnapshot(world.db, world.classB.id)).toEqual(classBRows);
  });

  it.each(Object.entries(TEACHER_WRITES))('a teacher cannot write %s', async (_name, write) => {
    await expect(as(world, world.teacherB, write)).rejects.toThrow(REFUSED);
    expect(await classSnapshot(world.db, world.classA.id)).toEqual(classARows);
    expect(await classSnapshot(world.db, world.classB.id)).toEqual(classBRows);
  });

  it.each(Object.entries(UNSEEN_WRITES))('%s changes nothing', async (_name, [who, write]) => {
    await as(world, world[who], write);
    expect(await classSnapshot(world.db, world.classA.id)).toEqual(classARows);
    expect(await classSnapshot(world.db, world.classB.id)).toEqual(classBRows);
  });

  it('a student finishes their own attempt once: a finished attempt keeps its score', async () => {
    const world = await freshWorld();
    const { attemptId } = world.classA.work;
    const finish = (score: number) =>
      world.db.asUser(world.studentA.id, (trx) => trx.updateTable('attempts').set({ finished_at: new Date(), score }).where('id', '=', attemptId).executeTakeFirst());
    expect(Number((await finish(1)).numUpdatedRows)).toBe(1);
    expect(Number((await finish(3)).numUpdatedRows)).toBe(0);
    expect(await world.db.system.selectFrom('attempts').select('score').where('id', '=', attemptId).executeTakeFirst()).toEqual({ score: 1 });
  });

  it('a teacher adds another teacher as a co-teacher of their class', async () => {
    const world = await freshWorld();
    await as(world, world.teacherA, (trx) => trx.insertInto('class_teachers').values({ class_id: world.classA.id, user_id: world.teacherB.id }).execute());
    expect((await classRowCounts(world.db, world.classA.id)).class_teachers).toBe(2);
  });

  it('a teacher sets a group, renames a member and resolves a help request in their own class', async () => {
    const world = await freshWorld();
    const { db, teacherA, studentA, classA } = world;
    await as(world, teacherA, async (trx) => {
      await trx.updateTable('class_members').set({ group_name: 'Blue', display_name: 'Sam A.' }).where('class_id', '=', classA.id).where('user_id', '=', studentA.id).execute();
      await trx.updateTable('help_requests').set({ resolved_at: new Date() }).where('id', '=', classA.work.helpId).execute();
    });
    expect(await db.system.selectFrom('class_members').select(['group_name', 'display_name']).where('user_id', '=', studentA.id).executeTakeFirst()).toEqual({ group_name: 'Blue', display_name: 'Sam A.' });
    expect((await db.system.selectFrom('help_requests').select('resolved_at').where('id', '=', classA.work.helpId).executeTakeFirstOrThrow()).resolved_at).not.toBeNull();
  });

  it("removing a student from a class removes their work in it, and nobody else's", async () => {
    const world = await freshWorld();
    const { db, teacherA, studentA, classA, classB } = world;
    const classBBefore = await classRowCounts(db, classB.id);
    const before = await classRowCounts(db, classA.id);
    await as(world, teacherA, (trx) => trx.deleteFrom('class_members').where('class_id', '=', classA.id).where('user_id', '=', studentA.id).execute());
    expect(await classRowCounts(db, classA.id)).toEqual({ ...before, class_members: 1, attempts: 1, attempt_answers: 1, class_work: 1, help_requests: 1 });
    expect(await classRowCounts(db, classB.id)).toEqual(classBBefore);
    expect(await db.system.selectFrom('users').select('id').where('id', '=', studentA.id).execute()).toHaveLength(1);
  });
});
