import { expect, it } from 'vitest';
import { CLASS_MESSAGES, JOIN_CODE_ALPHABET, type ClassDetail, type MyClasses } from '../../src/kernel/classes/wire';
import { describeOnBothDatabases } from '../testing/bothDatabases';
import { classSnapshot } from './testing/membershipRows';
import { classWorld, type ClassWorld } from './testing/classWorld';

/*
 * A teacher's classes through the mounted routes, as real sessions: making
 * one (teachers only), the two lists, what a teacher and a member each see,
 * the settings, archiving and restoring, a new code, a co-teacher. Anyone
 * else (another teacher, a pupil of the class) finds the class's teacher
 * routes "Not found." and changes nothing, row for row.
 */

const CODE = new RegExp(`^[${JOIN_CODE_ALPHABET}]{8}$`);

async function json<T>(response: Response, status = 200): Promise<T> {
  const text = await response.text();
  expect(response.status, text).toBe(status);
  return JSON.parse(text) as T;
}

async function classOfTeacher(world: ClassWorld): Promise<ClassDetail> {
  return json<ClassDetail>(await world.request(world.teacher, 'POST', '/api/classes', { name: 'Year 7 Science', grade: '7', subject: 'Science' }));
}

describeOnBothDatabases('a teacher manages their classes', (open) => {
  it('a teacher makes a class with a code; a student is told only teachers can', async () => {
    const world = await classWorld(await open());
    const detail = await classOfTeacher(world);
    expect(detail).toMatchObject({ name: 'Year 7 Science', grade: '7', subject: 'Science', role: 'teacher', archived: false, allowNameJoin: false, roster: [], assignments: [] });
    expect(detail.joinCode).toMatch(CODE);
    expect(detail.teachers).toEqual([{ userId: world.teacher.id, name: world.teacher.name }]);

    const refused = await world.request(world.students[0], 'POST', '/api/classes', { name: 'My own class' });
    expect(await json(refused, 403)).toEqual({ error: CLASS_MESSAGES.teachersOnly });
    const classes = await world.db.system.selectFrom('classes').select('name').execute();
    expect(classes.map((row) => row.name)).toEqual(['Year 7 Science']);
    await world.stop();
  });

  it('a body with a field the route does not take is refused with a sentence, and nothing is made', async () => {
    const world = await classWorld(await open());
    const refused = await world.request(world.teacher, 'POST', '/api/classes', { name: 'Year 8', joinCode: 'AAAAAAAA' });
    expect(await json(refused, 400)).toEqual({ error: 'This request cannot include "joinCode".' });
    expect(await world.db.system.selectFrom('classes').select('id').execute()).toEqual([]);
    await world.stop();
  });

  it('the lists: a teacher sees their classes with student counts, a pupil the classes they belong to', async () => {
    const world = await classWorld(await open());
    const science = await classOfTeacher(world);
    const art = await json<ClassDetail>(await world.request(world.teacher, 'POST', '/api/classes', { name: 'Art club' }));
    await world.joinAs(world.students[0], science.id);
    await world.joinAs(world.students[1], science.id);
    const other = await world.createClassAs(world.secondTeacher, 'Theo’s maths');
    await world.joinAs(world.students[0], other.id);

    const teaching = await json<MyClasses>(await world.request(world.teacher, 'GET', '/api/classes'));
    expect(teaching.member).toEqual([]);
    expect(teaching.teaching.map((c) => [c.name, c.studentCount])).toEqual([
      ['Art club', 0],
      ['Year 7 Science', 2],
    ]);
    expect(teaching.teaching.map((c) => c.id).sort()).toEqual([art.id, science.id].sort());

    const pupil = await json<MyClasses>(await world.request(world.students[0], 'GET', '/api/classes'));
    expect(pupil.teaching).toEqual([]);
    expect(pupil.member.map((c) => [c.name, c.role, c.studentCount])).toEqual([
      ['Theo’s maths', 'member', undefined],
      ['Year 7 Science', 'member', undefined],
    ]);
    expect(await json<MyClasses>(await world.request(world.students[2], 'GET', '/api/classes'))).toEqual({ teaching: [], member: [] });
    await world.stop();
  });

  it("a teacher's view has the code, roster and teachers; a member's has the class and its assignments, no code or roster", async () => {
    const world = await classWorld(await open());
    const made = await classOfTeacher(world);
    await world.joinAs(world.students[0], made.id);
    const assignmentId = await world.assignQuizAs(world.teacher, made.id);

    const teacherView = await json<ClassDetail>(await world.request(world.teacher, 'GET', `/api/classes/${made.id}`));
    expect(teacherView.joinCode).toBe(made.joinCode);
    expect(teacherView.roster).toEqual([{ userId: world.students[0].id, name: 'Sam', group: null, guest: false, joinedAt: expect.any(String) }]);
    expect(teacherView.assignments.map((a) => [a.id, a.title, a.status])).toEqual([[assignmentId, 'Science warm-up', undefined]]);

    const memberView = await json<ClassDetail>(await world.request(world.students[0], 'GET', `/api/classes/${made.id}`));
    expect(memberView).toMatchObject({ id: made.id, name: 'Year 7 Science', role: 'member', teachers: [{ name: world.teacher.name }] });
    expect(memberView.assignments.map((a) => [a.id, a.status, a.score])).toEqual([[assignmentId, 'not-started', null]]);
    for (const teacherOnly of ['joinCode', 'codeExpiresAt', 'allowNameJoin', 'retentionDays', 'archivedAt', 'roster', 'studentCount']) expect(memberView).not.toHaveProperty(teacherOnly);
    await world.stop();
  });

  it('a teacher renames and sets up the class; archived, it takes no change but being restored or how long it is kept', async () => {
    const world = await classWorld(await open());
    const made = await classOfTeacher(world);
    const path = `/api/classes/${made.id}`;
    const changed = await json<ClassDetail>(await world.request(world.teacher, 'PATCH', path, { name: 'Year 7 Biology', grade: '7B', subject: 'Biology', allowNameJoin: true, retentionDays: 30 }));
    expect(changed).toMatchObject({ name: 'Year 7 Biology', grade: '7B', subject: 'Biology', allowNameJoin: true, retentionDays: 30, archived: false });

    const archived = await json<ClassDetail>(await world.request(world.teacher, 'PATCH', path, { archived: true }));
    expect(archived.archived).toBe(true);
    expect(archived.archivedAt).toBe(new Date(world.clock.now).toISOString());
    const before = await classSnapshot(world.db, made.id);
    expect(await json(await world.request(world.teacher, 'PATCH', path, { name: 'Renamed while archived' }), 423)).toEqual({ error: CLASS_MESSAGES.archived });
    expect(await json(await world.request(world.teacher, 'POST', `${path}/code`), 423)).toEqual({ error: CLASS_MESSAGES.archived });
    expect(await classSnapshot(world.db, made.id)).toEqual(before);
    // How long the archived class is kept is still the teacher's to change.
    expect(await json<ClassDetail>(await world.request(world.teacher, 'PATCH', path, { retentionDays: 7 }))).toMatchObject({ archived: true, retentionDays: 7 });

    const restored = await json<ClassDetail>(await world.request(world.teacher, 'PATCH', path, { archived: false, name: 'Year 7 Biology again' }));
    expect(restored).toMatchObject({ archived: false, archivedAt: null, name: 'Year 7 Biology again' });
    expect(await json(await world.request(world.teacher, 'PATCH', path, { retentionDays: 0 }), 400)).toEqual({ error: expect.stringMatching(/^retentionDays: /) });
    await world.stop();
  });

  it('a new code replaces the old one at once', async () => {
    const world = await classWorld(await open());
    const made = await classOfTeacher(world);
    const renewed = await json<ClassDetail>(await world.request(world.teacher, 'POST', `/api/classes/${made.id}/code`));
    expect(renewed.joinCode).toMatch(CODE);
    expect(renewed.joinCode).not.toBe(made.joinCode);
    expect(await json(await world.request(null, 'GET', `/api/join/${made.joinCode}`), 404)).toEqual({ error: CLASS_MESSAGES.badCode });
    expect(await json(await world.request(world.students[0], 'POST', '/api/join', { code: made.joinCode }), 404)).toEqual({ error: CLASS_MESSAGES.badCode });
    expect(await json(await world.request(world.students[0], 'POST', '/api/join', { code: renewed.joinCode }))).toEqual({ classId: made.id });
    await world.stop();
  });

  it('a co-teacher is added by their address; an address that is no teacher’s is not', async () => {
    const world = await classWorld(await open());
    const made = await classOfTeacher(world);
    const path = `/api/classes/${made.id}/teachers`;
    for (const email of [world.students[0].email, 'nobody@school.test']) {
      expect(await json(await world.request(world.teacher, 'POST', path, { email }), 404)).toEqual({ error: CLASS_MESSAGES.noSuchTeacher });
    }
    const added = await json<ClassDetail>(await world.request(world.teacher, 'POST', path, { email: world.secondTeacher.email.toUpperCase() }));
    expect(added.teachers.map((t) => t.userId)).toEqual([world.teacher.id, world.secondTeacher.id]);
    const asCoTeacher = await json<ClassDetail>(await world.request(world.secondTeacher, 'GET', `/api/classes/${made.id}`));
    expect(asCoTeacher).toMatchObject({ role: 'teacher', joinCode: made.joinCode });
    await world.stop();
  });
});
