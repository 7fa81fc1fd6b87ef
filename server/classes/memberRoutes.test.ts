import { expect, it } from 'vitest';
import { CLASS_MESSAGES, type ClassDetail } from '../../src/kernel/classes/wire';
import { describeOnBothDatabases } from '../testing/bothDatabases';
import { classWorld, type ClassWorld, type WorldPerson } from './testing/classWorld';
import { addWorkOf, classSnapshot, workCounts } from './testing/membershipRows';

/*
 * What a teacher does to a class's people, and who else may not: a pupil's
 * group, removing a pupil (their work in the class goes with them, counted
 * row by row, and nothing of anyone else's), deleting a class (archived
 * first). Another teacher, and a pupil of the class itself, get "Not found."
 * from every teacher route, and every row of the class stays as it was.
 */

async function json<T>(response: Response, status = 200): Promise<T> {
  const text = await response.text();
  expect(response.status, text).toBe(status);
  return JSON.parse(text) as T;
}

/** A class of the world's teacher with two pupils, a quiz, and both pupils' work in it. */
async function busyClass(world: ClassWorld) {
  const made = await world.createClassAs(world.teacher, 'Year 7 Science');
  const [sam, sara] = world.students;
  await world.joinAs(sam, made.id);
  await world.joinAs(sara, made.id);
  const assignmentId = await world.assignQuizAs(world.teacher, made.id);
  await addWorkOf(world.db, sam, made.id, assignmentId);
  await addWorkOf(world.db, sara, made.id, assignmentId);
  return { ...made, assignmentId };
}

/** Every teacher route of the class, with a body it would take from its teacher. */
function teacherCalls(classId: string, member: WorldPerson): [string, string, unknown?][] {
  const path = `/api/classes/${classId}`;
  return [
    ['PATCH', path, { name: 'Taken over' }],
    ['PATCH', path, { archived: true }],
    ['DELETE', path],
    ['POST', `${path}/code`],
    ['POST', `${path}/teachers`, { email: 'theo@school.test' }],
    ['PATCH', `${path}/members/${member.id}`, { group: 'Red' }],
    ['DELETE', `${path}/members/${member.id}`],
  ];
}

describeOnBothDatabases("a class's people", (open) => {
  it('another teacher, and a pupil of the class, find every teacher route "Not found." and change nothing', async () => {
    const world = await classWorld(await open());
    const made = await busyClass(world);
    const before = await classSnapshot(world.db, made.id);
    const [sam, sara] = world.students;
    for (const person of [world.secondTeacher, sam]) {
      for (const [method, path, body] of teacherCalls(made.id, sara)) {
        expect(await json(await world.request(person, method, path, body), 404), `${method} ${path}`).toEqual({ error: CLASS_MESSAGES.notFound });
      }
    }
    // Reading is a member's right, not another teacher's.
    expect(await json(await world.request(world.secondTeacher, 'GET', `/api/classes/${made.id}`), 404)).toEqual({ error: CLASS_MESSAGES.notFound });
    expect(await classSnapshot(world.db, made.id)).toEqual(before);
    await world.stop();
  });

  it('a teacher puts a pupil in a group; an id that is not a member of the class is not found', async () => {
    const world = await classWorld(await open());
    const made = await busyClass(world);
    const [sam, , sid] = world.students;
    const grouped = await json<ClassDetail>(await world.request(world.teacher, 'PATCH', `/api/classes/${made.id}/members/${sam.id}`, { group: 'Red' }));
    expect(grouped.roster?.find((entry) => entry.userId === sam.id)?.group).toBe('Red');
    const cleared = await json<ClassDetail>(await world.request(world.teacher, 'PATCH', `/api/classes/${made.id}/members/${sam.id}`, { group: null }));
    expect(cleared.roster?.find((entry) => entry.userId === sam.id)?.group).toBeNull();
    const before = await classSnapshot(world.db, made.id);
    for (const id of [sid.id, world.teacher.id, 'not an id!']) {
      expect(await json(await world.request(world.teacher, 'PATCH', `/api/classes/${made.id}/members/${encodeURIComponent(id)}`, { group: 'Blue' }), 404)).toEqual({ error: CLASS_MESSAGES.notFound });
      expect(await json(await world.request(world.teacher, 'DELETE', `/api/classes/${made.id}/members/${encodeURIComponent(id)}`), 404)).toEqual({ error: CLASS_MESSAGES.notFound });
    }
    expect(await classSnapshot(world.db, made.id)).toEqual(before);
    await world.stop();
  });

  it("removing a pupil deletes their attempts, answers, work and help requests in the class, and nothing of anyone else's", async () => {
    const world = await classWorld(await open());
    const made = await busyClass(world);
    const [sam, sara] = world.students;
    // Sam's work in another class stays: only this class's is removed.
    const other = await world.createClassAs(world.secondTeacher, 'Maths');
    await world.joinAs(sam, other.id);
    await addWorkOf(world.db, sam, other.id, await world.assignQuizAs(world.secondTeacher, other.id));
    const full = { attempts: 1, attempt_answers: 1, class_work: 1, help_requests: 1, class_members: 1 };
    expect(await workCounts(world.db, made.id, sam.id)).toEqual(full);

    const after = await json<ClassDetail>(await world.request(world.teacher, 'DELETE', `/api/classes/${made.id}/members/${sam.id}`));
    expect(after.roster?.map((entry) => entry.userId)).toEqual([sara.id]);
    expect(await workCounts(world.db, made.id, sam.id)).toEqual({ attempts: 0, attempt_answers: 0, class_work: 0, help_requests: 0, class_members: 0 });
    expect(await workCounts(world.db, made.id, sara.id)).toEqual(full);
    expect(await workCounts(world.db, other.id, sam.id)).toEqual(full);
    // Removed, Sam no longer reaches the class.
    expect(await json(await world.request(sam, 'GET', `/api/classes/${made.id}`), 404)).toEqual({ error: CLASS_MESSAGES.notFound });
    await world.stop();
  });

  it('a class is deleted only once archived, and then every row of it is gone', async () => {
    const world = await classWorld(await open());
    const made = await busyClass(world);
    const path = `/api/classes/${made.id}`;
    const before = await classSnapshot(world.db, made.id);
    expect(await json(await world.request(world.teacher, 'DELETE', path), 409)).toEqual({ error: CLASS_MESSAGES.archiveFirst });
    expect(await classSnapshot(world.db, made.id)).toEqual(before);

    await json(await world.request(world.teacher, 'PATCH', path, { archived: true }));
    const { deleted } = await json<{ deleted: Record<string, number> }>(await world.request(world.teacher, 'DELETE', path));
    expect(deleted).toMatchObject({ classes: 1, class_teachers: 1, class_members: 2, assignments: 1, attempts: 2, attempt_answers: 2, class_work: 2, help_requests: 2 });
    const left = await classSnapshot(world.db, made.id);
    expect(Object.values(left).flat()).toEqual([]);
    expect(await json(await world.request(world.teacher, 'GET', path), 404)).toEqual({ error: CLASS_MESSAGES.notFound });
    await world.stop();
  });
});
