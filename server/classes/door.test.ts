import { Hono } from 'hono';
import { beforeAll, expect, it } from 'vitest';
import { CLASS_MESSAGES } from '../../src/kernel/classes/wire';
import type { SessionUser } from '../accounts/currentUser';
import type { StudyForgeDb } from '../database/database';
import { describeOnBothDatabases } from '../testing/bothDatabases';
import { ClassRuleError, classErrorResponse, NotFoundError, withAssignment, withClass, type ClassNeed } from './door';
import { addWorldPerson, assignQuizAs, createClassAs, joinAs, type WorldPerson } from './testing/classPeople';

/*
 * The one door every class route goes through. Someone else's class, an
 * unknown one, an id of any other shape, or a role the route does not
 * serve: all answer "Not found." alike, before the route's own work runs.
 * An archived class, and an assignment not yet open or past due, refuse a
 * member's writes with 423 and a sentence, and stay readable.
 */

const HOUR = 3_600_000;
const sessionOf = (person: WorldPerson): SessionUser => ({ id: person.id, role: person.role, name: person.name, email: person.email, sessionIdHash: 'hash', csrfToken: person.csrfToken });

interface DoorWorld {
  db: StudyForgeDb;
  teacherA: SessionUser;
  teacherB: SessionUser;
  studentA: SessionUser;
  studentB: SessionUser;
  classA: string;
  classB: string;
  archived: string;
  quizA: string;
  quizB: string;
  /** Opens in an hour. */
  upcoming: string;
  /** Was due an hour ago. */
  pastDue: string;
  /** A quiz of the archived class, which teacherA teaches and studentA belongs to as well. */
  archivedQuiz: string;
}

async function doorWorld(db: StudyForgeDb): Promise<DoorWorld> {
  const [teacherA, teacherB, studentA, studentB] = [
    await addWorldPerson(db, 'tessa', 'teacher'),
    await addWorldPerson(db, 'theob', 'teacher'),
    await addWorldPerson(db, 'sama', 'student'),
    await addWorldPerson(db, 'sidb', 'student'),
  ];
  const classA = (await createClassAs(db, teacherA, 'Class A')).id;
  const classB = (await createClassAs(db, teacherB, 'Class B')).id;
  const archived = (await createClassAs(db, teacherA, 'Last year')).id;
  await joinAs(db, studentA, classA);
  await joinAs(db, studentA, archived);
  await joinAs(db, studentB, classB);
  const archivedQuiz = await assignQuizAs(db, teacherA, archived);
  await db.system.updateTable('classes').set({ archived_at: new Date() }).where('id', '=', archived).execute();
  const now = Date.now();
  return {
    db,
    teacherA: sessionOf(teacherA),
    teacherB: sessionOf(teacherB),
    studentA: sessionOf(studentA),
    studentB: sessionOf(studentB),
    classA,
    classB,
    archived,
    quizA: await assignQuizAs(db, teacherA, classA),
    quizB: await assignQuizAs(db, teacherB, classB),
    upcoming: await assignQuizAs(db, teacherA, classA, { opensAt: new Date(now + HOUR) }),
    pastDue: await assignQuizAs(db, teacherA, classA, { opensAt: new Date(now - 2 * HOUR), dueAt: new Date(now - HOUR) }),
    archivedQuiz,
  };
}

/** The door's answer, and whether the route's own work ran. */
async function through<T>(call: (fn: () => Promise<string>) => Promise<T>): Promise<{ ran: boolean; outcome: T | Error }> {
  let ran = false;
  try {
    const outcome = await call(async () => {
      ran = true;
      return 'ran';
    });
    return { ran, outcome };
  } catch (error) {
    return { ran, outcome: error as Error };
  }
}

const notFound = { ran: false, outcome: expect.any(NotFoundError) };
const refused = (message: string) => ({ ran: false, outcome: expect.objectContaining({ status: 423, message }) });

describeOnBothDatabases('the class door', (open) => {
  let w: DoorWorld;
  beforeAll(async () => {
    w = await doorWorld(await open());
  }, 120_000);

  it("answers Not found for another teacher's or another student's class, whatever the need", async () => {
    for (const need of ['teacher', 'member', 'either'] as ClassNeed[]) {
      expect(await through((fn) => withClass(w.db, w.teacherB, w.classA, need, fn))).toEqual(notFound);
      expect(await through((fn) => withClass(w.db, w.studentB, w.classA, need, fn))).toEqual(notFound);
    }
    // The owner gets through, so the refusals above are about who asks.
    expect(await through((fn) => withClass(w.db, w.teacherA, w.classA, 'teacher', fn))).toEqual({ ran: true, outcome: 'ran' });
    expect(await through((fn) => withClass(w.db, w.studentA, w.classA, 'member', fn))).toEqual({ ran: true, outcome: 'ran' });
  });

  it('answers Not found for an unknown id, and for an id of another form without asking the database', async () => {
    expect(await through((fn) => withClass(w.db, w.teacherA, '0b7e1a52-4bd4-4d8f-9a53-3c7b1c7a0f00', 'either', fn))).toEqual(notFound);
    let asked = 0;
    const counting: StudyForgeDb = { ...w.db, asUser: (userId, fn) => ((asked += 1), w.db.asUser(userId, fn)) };
    for (const id of ['../classes', `${w.classA}/../x`, 'a'.repeat(65), '', `${w.classA}'--`, 'class id']) {
      expect(await through((fn) => withClass(counting, w.teacherA, id, 'either', fn)), id).toEqual(notFound);
      expect(await through((fn) => withAssignment(counting, w.teacherA, w.classA, id, 'either', fn)), id).toEqual(notFound);
    }
    expect(asked).toBe(0);
  });

  it('answers Not found when a member asks for what only a teacher may, and a teacher for what only a member may', async () => {
    expect(await through((fn) => withClass(w.db, w.studentA, w.classA, 'teacher', fn))).toEqual(notFound);
    expect(await through((fn) => withClass(w.db, w.teacherA, w.classA, 'member', fn))).toEqual(notFound);
    expect(await through((fn) => withAssignment(w.db, w.studentA, w.classA, w.quizA, 'teacher', fn))).toEqual(notFound);
  });

  it("answers Not found for another class's assignment, even named under one's own class", async () => {
    expect(await through((fn) => withAssignment(w.db, w.teacherA, w.classA, w.quizB, 'teacher', fn))).toEqual(notFound);
    expect(await through((fn) => withAssignment(w.db, w.studentA, w.classA, w.quizB, 'member', fn))).toEqual(notFound);
    expect(await through((fn) => withAssignment(w.db, w.teacherB, w.classB, w.quizA, 'teacher', fn))).toEqual(notFound);
    // Someone in both classes may read both, but an assignment is reached only under its own class: named under
    // the active class, the archived class's quiz would otherwise take writes.
    expect(await through((fn) => withAssignment(w.db, w.teacherA, w.classA, w.archivedQuiz, 'teacher', fn, { writes: true }))).toEqual(notFound);
    expect(await through((fn) => withAssignment(w.db, w.studentA, w.classA, w.archivedQuiz, 'member', fn, { writes: true }))).toEqual(notFound);
  });

  it('refuses a write to an archived class with 423, to its teacher and its members, and still lets them read it', async () => {
    for (const [person, need] of [
      [w.teacherA, 'teacher'],
      [w.studentA, 'member'],
    ] as const) {
      expect(await through((fn) => withClass(w.db, person, w.archived, need, fn, { writes: true }))).toEqual(refused(CLASS_MESSAGES.archived));
      const read = await withClass(w.db, person, w.archived, need, async (_trx, access) => access.archived);
      expect(read).toBe(true);
    }
  });

  it("refuses a member's write to an assignment not yet open, or past due, with 423; reading it stays allowed", async () => {
    const write = (assignmentId: string) => through((fn) => withAssignment(w.db, w.studentA, w.classA, assignmentId, 'member', fn, { writes: true }));
    expect(await write(w.upcoming)).toEqual(refused(CLASS_MESSAGES.notOpenYet));
    expect(await write(w.pastDue)).toEqual(refused(CLASS_MESSAGES.closed));
    expect(await write(w.quizA)).toEqual({ ran: true, outcome: 'ran' });
    for (const assignmentId of [w.upcoming, w.pastDue]) {
      const open = await withAssignment(w.db, w.studentA, w.classA, assignmentId, 'member', async (_trx, access) => access.open);
      expect(open).toBe(false);
    }
    // The clock the route hands in decides: an hour later the upcoming one is open.
    const later = await through((fn) => withAssignment(w.db, w.studentA, w.classA, w.upcoming, 'member', fn, { writes: true, now: () => Date.now() + 2 * HOUR }));
    expect(later).toEqual({ ran: true, outcome: 'ran' });
    // The teacher still edits both.
    expect(await through((fn) => withAssignment(w.db, w.teacherA, w.classA, w.pastDue, 'teacher', fn, { writes: true }))).toEqual({ ran: true, outcome: 'ran' });
  });

  it("turns the door's refusals into their replies, and leaves any other error to the gateway", async () => {
    const app = new Hono();
    const errors: Record<string, Error> = { missing: new NotFoundError(), archived: new ClassRuleError(423, CLASS_MESSAGES.archived), broken: new Error('database down') };
    app.get('/:what', (c) => classErrorResponse(c, errors[c.req.param('what')]) ?? c.text('not ours', 500));
    const reply = async (what: string) => {
      const response = await app.request(`/${what}`);
      return { status: response.status, text: await response.text() };
    };
    expect(await reply('missing')).toEqual({ status: 404, text: JSON.stringify({ error: 'Not found.' }) });
    expect(await reply('archived')).toEqual({ status: 423, text: JSON.stringify({ error: CLASS_MESSAGES.archived }) });
    expect(await reply('broken')).toEqual({ status: 500, text: 'not ours' });
  });
});
