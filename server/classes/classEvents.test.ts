import { Hono } from 'hono';
import { afterEach, expect, it } from 'vitest';
import { requireUser } from '../accounts/currentUser';
import type { LiveLimits } from '../live/eventStreams';
import { describeOnBothDatabases } from '../testing/bothDatabases';
import { readEvents, type EventReader } from '../testing/syncInstances';
import { addClassEventRoutes, announceClass, CLASS_CHANNEL, classKey, TOO_MANY_CLASS_VIEWS, TOO_MANY_FOR_SERVER, type ClassEventRoutes } from './classEvents';
import { classWorld, worldRequest, type ClassWorld, type WorldPerson } from './testing/classWorld';

/*
 * The teacher's live class view: a stream told which assignment changed
 * when a student's work arrives, only for the class's own teachers, that
 * ends when the session does, and is bounded per person and per process.
 * (Two gateway instances on one database: classEventsTwoInstances.test.ts.)
 */

const worlds: ClassWorld[] = [];
const routes: ClassEventRoutes[] = [];
const readers: EventReader[] = [];

afterEach(async () => {
  await Promise.all(readers.splice(0).map((reader) => reader.close()));
  await Promise.all(routes.splice(0).map((route) => route.stop()));
  await Promise.all(worlds.splice(0).map((world) => world.stop()));
});

describeOnBothDatabases('class events', (open) => {
  async function classWithQuiz() {
    const world = await classWorld(await open());
    worlds.push(world);
    const { id: classId } = await world.createClassAs(world.teacher, 'Year 7 Science');
    for (const student of world.students) await world.joinAs(student, classId);
    return { world, classId, assignmentId: await world.assignQuizAs(world.teacher, classId) };
  }

  /** The events route alone on the world's database, with bounds a test can reach. */
  function eventsApp(world: ClassWorld, limits: Partial<LiveLimits>) {
    const app = new Hono();
    routes.push(addClassEventRoutes(app, { db: world.db, requireUser: requireUser(world.db, world.settings, () => world.clock.now), now: () => world.clock.now }, limits));
    return async (person: WorldPerson, classId: string) => {
      const reader = readEvents(await worldRequest(app, world.settings, person, 'GET', `/api/classes/${classId}/events`));
      // A refusal's body is read as JSON by the test; only open streams are closed afterwards.
      if (reader.response.status === 200) readers.push(reader);
      return reader;
    };
  }

  async function follow(world: ClassWorld, person: WorldPerson, classId: string): Promise<EventReader> {
    const reader = readEvents(await world.request(person, 'GET', `/api/classes/${classId}/events`));
    readers.push(reader);
    expect(reader.response.status).toBe(200);
    expect(reader.response.headers.get('content-type')).toMatch(/^text\/event-stream/);
    return reader;
  }

  it("tells every teacher of the class which assignment changed, and never another class's teacher", async () => {
    const { world, classId, assignmentId } = await classWithQuiz();
    const { db, teacher, secondTeacher } = world;
    await db.system.insertInto('class_teachers').values({ class_id: classId, user_id: secondTeacher.id }).execute();
    const stranger = await world.addPerson('tara', 'teacher');
    const { id: otherClass } = await world.createClassAs(stranger, 'Year 9 Art');

    const teacherView = await follow(world, teacher, classId);
    const coTeacherView = await follow(world, secondTeacher, classId);
    const strangerView = await follow(world, stranger, otherClass);
    await announceClass(db, classId, assignmentId);

    const changed = { event: 'changed', data: JSON.stringify({ assignmentId }) };
    expect(await teacherView.next()).toEqual(changed);
    expect(await coTeacherView.next()).toEqual(changed);
    expect(await strangerView.next(300)).toBe('quiet');
  });

  it('names the class by a one-way hash in the notification: no class id, no names', async () => {
    const { world, classId, assignmentId } = await classWithQuiz();
    const heard: string[] = [];
    const unlisten = await world.db.listen(CLASS_CHANNEL, (payload) => heard.push(payload));
    try {
      await announceClass(world.db, classId, assignmentId);
      await expect.poll(() => heard.length).toBe(1);
      expect(heard[0]).toBe(`${classKey(classId)}:${assignmentId}`);
      expect(heard[0]).not.toContain(classId);
    } finally {
      await unlisten();
    }
  });

  it('ends the stream at the next heartbeat once the session has ended, and when the teacher no longer teaches the class', async () => {
    const { world, classId, assignmentId } = await classWithQuiz();
    const { db, teacher, secondTeacher } = world;
    await db.system.insertInto('class_teachers').values({ class_id: classId, user_id: secondTeacher.id }).execute();
    const open = eventsApp(world, { heartbeatMs: 100 });
    const signedOutLater = await open(teacher, classId);
    const removedLater = await open(secondTeacher, classId);
    expect([signedOutLater.response.status, removedLater.response.status]).toEqual([200, 200]);

    await db.system.deleteFrom('sessions').where('user_id', '=', teacher.id).execute();
    expect(await signedOutLater.next(5_000)).toBe('end');

    await db.system.deleteFrom('class_teachers').where('class_id', '=', classId).where('user_id', '=', secondTeacher.id).execute();
    await announceClass(db, classId, assignmentId);
    expect(await removedLater.next(5_000)).toBe('end');
  });

  it('refuses a stream past the per-person and the per-process bounds with 429 and a sentence', async () => {
    const { world, classId } = await classWithQuiz();
    const { db, teacher, secondTeacher } = world;
    await db.system.insertInto('class_teachers').values({ class_id: classId, user_id: secondTeacher.id }).execute();
    const open = eventsApp(world, { perUser: 2, perProcess: 3 });
    expect((await open(teacher, classId)).response.status).toBe(200);
    expect((await open(teacher, classId)).response.status).toBe(200);
    const third = await open(teacher, classId);
    expect(third.response.status).toBe(429);
    expect(await third.response.json()).toEqual({ error: TOO_MANY_CLASS_VIEWS });

    expect((await open(secondTeacher, classId)).response.status).toBe(200);
    const overServer = await open(secondTeacher, classId);
    expect(overServer.response.status).toBe(429);
    expect(await overServer.response.json()).toEqual({ error: TOO_MANY_FOR_SERVER });

    // A stream that goes away frees its place.
    await readers[0]?.close();
    await expect.poll(async () => (await open(secondTeacher, classId)).response.status).toBe(200);
  });
});
