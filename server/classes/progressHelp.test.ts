import { randomUUID } from 'node:crypto';
import { expect, it } from 'vitest';
import { CLASS_MESSAGES } from '../../src/kernel/classes/wire';
import { describeOnBothDatabases } from '../testing/bothDatabases';
import { OPEN_HELP_PER_ASSIGNMENT, TOO_MANY_HELP_REQUESTS } from './helpRoutes';
import { REMEMBERED_OVER_REVIEWED, TOO_MUCH_PROGRESS, WORK_ROWS_PER_ASSIGNMENT } from './progressRoutes';
import { attemptWorld } from './testing/attemptWorld';

/*
 * Work flowing back as a student goes (study, time, refinements) and "I
 * need help": stored as the student's own rows, bounded so a script cannot
 * swell the class's tables or the time the teacher sees, and resolved by
 * the class's teachers only.
 */

const notFound = { status: 404, json: { error: CLASS_MESSAGES.notFound } };

describeOnBothDatabases('progress and help', (open) => {
  it('stores study, time and refinements as the student’s work on the assignment, refusing anything else', async () => {
    const world = await attemptWorld(await open());
    const [sam, sara] = world.students;
    expect(await world.post(sam, '/progress', { kind: 'study', reviewed: 12, remembered: 9 })).toMatchObject({ status: 200, json: { ok: true } });
    expect(await world.post(sam, '/progress', { kind: 'time', seconds: 60 })).toMatchObject({ status: 200 });
    expect(await world.post(sam, '/progress', { kind: 'refined', detail: { change: 'Simpler words', versions: 2 } })).toMatchObject({ status: 200 });
    const stored = await world.rows('class_work', 'user_id', sam.id);
    expect(stored.map((row) => [row.kind, row.detail]).sort()).toEqual([
      ['refined', { change: 'Simpler words', versions: 2 }],
      ['study', { reviewed: 12, remembered: 9 }],
      ['time', { seconds: 60 }],
    ]);

    for (const bad of [
      { kind: 'study', reviewed: 3, remembered: 4 },
      { kind: 'time', seconds: 60, userId: sara.id },
      { kind: 'time', seconds: 7_200 },
      { kind: 'generated', detail: {} },
      { kind: 'refined', detail: { change: 'x', versions: 1, script: '<b>' } },
    ]) {
      expect((await world.post(sam, '/progress', bad)).status).toBe(400);
    }
    expect(await world.post(sam, '/progress', { kind: 'study', reviewed: 3, remembered: 4 })).toMatchObject({ json: { error: REMEMBERED_OVER_REVIEWED } });
    expect(await world.rows('class_work', 'user_id', sam.id)).toHaveLength(3);
    expect(await world.rows('class_work', 'user_id', sara.id)).toEqual([]);
  });

  it('never counts more time than has passed: two tabs reporting together count once', async () => {
    const world = await attemptWorld(await open());
    const [sam] = world.students;
    const report = (seconds: number) => world.post(sam, '/progress', { kind: 'time', seconds });
    await report(3_600);
    await report(3_600);
    world.clock.now += 90_000;
    await report(3_600);
    await report(60);
    const seconds = (await world.rows('class_work', 'user_id', sam.id)).map((row) => (row.detail as { seconds: number }).seconds);
    expect(seconds.sort((a, b) => a - b)).toEqual([90, 3_600]);
  });

  it('keeps at most a bounded number of progress rows per student and assignment', async () => {
    const world = await attemptWorld(await open());
    const [sam] = world.students;
    const row = () => ({ id: randomUUID(), assignment_id: world.quizId, class_id: world.classId, user_id: sam.id, kind: 'study' as const, detail: '{"reviewed":1,"remembered":1}' });
    await world.db.system.insertInto('class_work').values(Array.from({ length: WORK_ROWS_PER_ASSIGNMENT }, row)).execute();
    expect(await world.post(sam, '/progress', { kind: 'study', reviewed: 1, remembered: 1 })).toMatchObject({ status: 429, json: { error: TOO_MUCH_PROGRESS } });
    expect(await world.rows('class_work', 'user_id', sam.id)).toHaveLength(WORK_ROWS_PER_ASSIGNMENT);
  });

  it('refuses progress and help from anyone but a member, and on a closed assignment', async () => {
    const world = await attemptWorld(await open());
    const [sam] = world.students;
    const stranger = await world.addPerson('stella', 'student');
    for (const person of [world.teacher, world.secondTeacher, stranger]) {
      expect(await world.post(person, '/progress', { kind: 'time', seconds: 60 })).toMatchObject(notFound);
      expect(await world.post(person, '/help', { note: 'Help' })).toMatchObject(notFound);
    }
    const closed = await world.quiz({ opensAt: new Date(world.clock.now - 7_200_000), dueAt: new Date(world.clock.now - 3_600_000) });
    expect(await world.post(sam, '/progress', { kind: 'time', seconds: 60 }, closed)).toMatchObject({ status: 423, json: { error: CLASS_MESSAGES.closed } });
    expect(await world.post(sam, '/help', { note: 'Help' }, closed)).toMatchObject({ status: 423 });
    expect(await world.rows('class_work', 'class_id', world.classId)).toEqual([]);
    expect(await world.rows('help_requests', 'class_id', world.classId)).toEqual([]);
  });

  it('takes a help note, a few at a time per student, and lets only the class’s teachers resolve it', async () => {
    const world = await attemptWorld(await open());
    const [sam, sara] = world.students;
    const asked = await world.post(sam, '/help', { note: 'I do not get question 2' });
    expect(asked.status).toBe(200);
    const { id } = asked.json as { id: string };
    expect(await world.rows('help_requests', 'id', id)).toMatchObject([{ user_id: sam.id, note: 'I do not get question 2', resolved_at: null }]);
    expect((await world.post(sam, '/help', { note: 'x', userId: sara.id })).status).toBe(400);
    expect((await world.post(sam, '/help', { note: 'x'.repeat(501) })).status).toBe(400);

    for (let i = 1; i < OPEN_HELP_PER_ASSIGNMENT; i++) expect((await world.post(sam, '/help', { note: `Still stuck ${i}` })).status).toBe(200);
    expect(await world.post(sam, '/help', { note: 'One more' })).toMatchObject({ status: 429, json: { error: TOO_MANY_HELP_REQUESTS } });
    expect(await world.rows('help_requests', 'user_id', sam.id)).toHaveLength(OPEN_HELP_PER_ASSIGNMENT);

    const resolve = async (person: typeof sam, helpId: string, body: unknown = { resolved: true }) => {
      const response = await world.request(person, 'PATCH', `/api/classes/${world.classId}/help/${helpId}`, body);
      return { status: response.status, json: await response.json() };
    };
    for (const person of [sam, sara, world.secondTeacher]) expect(await resolve(person, id)).toMatchObject(notFound);
    expect((await resolve(world.teacher, id, { resolved: false })).status).toBe(400);
    expect(await world.rows('help_requests', 'id', id)).toMatchObject([{ resolved_at: null }]);
    expect(await resolve(world.teacher, randomUUID())).toMatchObject(notFound);
    // Another teacher, naming their own class with this class's request.
    const theirs = await world.createClassAs(world.secondTeacher, 'Their class');
    const crossed = await world.request(world.secondTeacher, 'PATCH', `/api/classes/${theirs.id}/help/${id}`, { resolved: true });
    expect(crossed.status).toBe(404);

    expect(await resolve(world.teacher, id)).toMatchObject({ status: 200, json: { ok: true } });
    const [resolved] = await world.rows('help_requests', 'id', id);
    expect(resolved?.resolved_at).not.toBeNull();
    world.clock.now += 60_000;
    expect(await resolve(world.teacher, id)).toMatchObject({ status: 200 });
    expect(await world.rows('help_requests', 'id', id)).toEqual([resolved]);
    // One resolved: there is room for one more.
    expect((await world.post(sam, '/help', { note: 'One more' })).status).toBe(200);
  });
});
