import { sql } from 'kysely';
import { beforeEach, expect, it } from 'vitest';
import { describeOnBothDatabases } from '../testing/bothDatabases';
import { classRowCounts, type FilledClass } from './testing/classRows';
import type { WorldPerson } from './testing/classPeople';
import { classesIn, countsOf, isolationWorld, peopleIn, REFUSED, seenBy, type IsolationWorld } from './testing/isolationWorld';

/*
 * What each person can read of the class tables, decided by the database
 * alone: every query here is an unfiltered select inside db.asUser, so a
 * route that forgot its where clause would still show only this. A
 * teacher of one class and a member of another see nothing of each other;
 * a student sees their class and their own work, never the hidden
 * instructions or the answer key; a class is made only by a teacher, and
 * joined only with its live code.
 */

const WORK_TABLES = ['attempts', 'attempt_answers', 'class_work', 'help_requests'] as const;

/** Each class with its teacher, or with its first student. */
function sidesOf(w: IsolationWorld, who: 'teacher' | 'student'): [WorldPerson, FilledClass][] {
  return who === 'teacher' ? [[w.teacherA, w.classA], [w.teacherB, w.classB]] : [[w.studentA, w.classA], [w.studentB, w.classB]];
}

async function materialFor(world: IsolationWorld, person: WorldPerson, assignmentId: string): Promise<unknown[]> {
  const result = await world.db.asUser(person.id, (trx) => sql`select * from studyforge_material_for_student(${assignmentId})`.execute(trx));
  return result.rows;
}

async function joinWithCode(world: IsolationWorld, person: WorldPerson, code: string): Promise<string | null> {
  const result = await world.db.asUser(person.id, (trx) => sql<{ id: string | null }>`select studyforge_join_class(${code}, ${'Otto'}) as id`.execute(trx));
  return result.rows[0]?.id ?? null;
}

async function membersOf(world: IsolationWorld, classId: string): Promise<string[]> {
  const rows = await world.db.system.selectFrom('class_members').select('user_id').where('class_id', '=', classId).orderBy('user_id').execute();
  return rows.map((row) => row.user_id);
}

describeOnBothDatabases('class rows as each person can read them', (open) => {
  let world: IsolationWorld;
  beforeEach(async () => {
    world = await isolationWorld(await open());
  });

  it("a teacher sees every row of their class in every table, and not one of another teacher's class", async () => {
    for (const [teacher, own] of sidesOf(world, 'teacher')) {
      const seen = await seenBy(world.db, teacher);
      expect(classesIn(seen)).toEqual([own.id]);
      expect(countsOf(seen)).toEqual(await classRowCounts(world.db, own.id));
    }
  });

  it('a student sees their class, its teachers and assignments, and only their own work; nothing of another class', async () => {
    for (const [student, own] of sidesOf(world, 'student')) {
      const seen = await seenBy(world.db, student);
      expect(classesIn(seen)).toEqual([own.id]);
      expect(countsOf(seen)).toEqual({
        classes: 1,
        class_teachers: 1,
        class_members: 1,
        assignments: 1,
        assignment_secrets: 0,
        assignment_material: 0,
        attempts: 1,
        attempt_answers: 1,
        class_work: 1,
        help_requests: 1,
      });
      expect(peopleIn(seen, ['class_members', ...WORK_TABLES])).toEqual([student.id]);
    }
  });

  it('someone in no class sees no class row at all', async () => {
    const seen = await seenBy(world.db, world.outsider);
    expect(classesIn(seen)).toEqual([]);
  });

  it('a student never selects the hidden instructions or the material, even of their own class, even by name', async () => {
    const { assignmentId } = world.classA;
    const picked = await world.db.asUser(world.studentA.id, async (trx) => ({
      secrets: await trx.selectFrom('assignment_secrets').selectAll().where('assignment_id', '=', assignmentId).execute(),
      material: await trx.selectFrom('assignment_material').selectAll().where('assignment_id', '=', assignmentId).execute(),
    }));
    expect(picked).toEqual({ secrets: [], material: [] });
    // The teacher of the class does read them: the rows are there.
    const asTeacher = await world.db.asUser(world.teacherA.id, (trx) => trx.selectFrom('assignment_secrets').select('instructions').where('assignment_id', '=', assignmentId).execute());
    expect(asTeacher).toEqual([{ instructions: 'Hidden instructions of Class A' }]);
  });

  it("the material function answers a member of the assignment's class, and no one else", async () => {
    const { assignmentId } = world.classA;
    expect(await materialFor(world, world.studentA, assignmentId)).toHaveLength(1);
    expect(await materialFor(world, world.classmateA, assignmentId)).toHaveLength(1);
    expect(await materialFor(world, world.studentB, assignmentId)).toEqual([]);
    expect(await materialFor(world, world.outsider, assignmentId)).toEqual([]);
    // Another class's teacher is no member either; and a student asking for another class's assignment gets nothing.
    expect(await materialFor(world, world.teacherB, assignmentId)).toEqual([]);
    expect(await materialFor(world, world.studentA, world.classB.assignmentId)).toEqual([]);
  });

  it('only a teacher creates a class, and only through the function that makes them its teacher', async () => {
    const create = (person: WorldPerson, id: string) =>
      world.db.asUser(person.id, (trx) => sql`select studyforge_create_class(${id}, ${'Made here'}, ${''}, ${''}, ${`CODE${id.slice(-4)}`}, ${false})`.execute(trx));
    await expect(create(world.studentA, 'class-by-student')).rejects.toThrow(/only teachers create classes/);
    await expect(world.db.asUser(world.teacherA.id, (trx) => trx.insertInto('classes').values({ id: 'class-direct', name: 'Direct', join_code: 'DIRECT23' }).execute())).rejects.toThrow(REFUSED);
    expect(await world.db.system.selectFrom('classes').select('id').where('id', 'in', ['class-by-student', 'class-direct']).execute()).toEqual([]);

    await create(world.teacherB, 'class-by-teacher');
    const teachers = await world.db.system.selectFrom('class_teachers').select('user_id').where('class_id', '=', 'class-by-teacher').execute();
    expect(teachers).toEqual([{ user_id: world.teacherB.id }]);
  });

  it('nobody joins a class by writing a member row: only the join function, with the live code', async () => {
    const { classA, outsider, db } = world;
    await expect(db.asUser(outsider.id, (trx) => trx.insertInto('class_members').values({ class_id: classA.id, user_id: outsider.id, display_name: 'Otto' }).execute())).rejects.toThrow(REFUSED);
    // A teacher cannot enrol anyone by writing rows either.
    await expect(db.asUser(world.teacherA.id, (trx) => trx.insertInto('class_members').values({ class_id: classA.id, user_id: outsider.id, display_name: 'Otto' }).execute())).rejects.toThrow(REFUSED);
    expect(await joinWithCode(world, outsider, 'WRONGC0D')).toBeNull();
    expect(await membersOf(world, classA.id)).not.toContain(outsider.id);

    // An expired code, and an archived class, admit no one.
    await db.system.updateTable('classes').set({ code_expires_at: new Date(Date.now() - 60_000) }).where('id', '=', classA.id).execute();
    expect(await joinWithCode(world, outsider, classA.joinCode)).toBeNull();
    await db.system.updateTable('classes').set({ code_expires_at: null, archived_at: new Date() }).where('id', '=', classA.id).execute();
    expect(await joinWithCode(world, outsider, classA.joinCode)).toBeNull();
    expect(await membersOf(world, classA.id)).not.toContain(outsider.id);

    await db.system.updateTable('classes').set({ archived_at: null }).where('id', '=', classA.id).execute();
    expect(await joinWithCode(world, outsider, classA.joinCode)).toBe(classA.id);
    expect(await joinWithCode(world, outsider, classA.joinCode)).toBe(classA.id);
    expect((await membersOf(world, classA.id)).filter((id) => id === outsider.id)).toHaveLength(1);
  });
});
