import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ClassResults } from '../../src/kernel/classes/wire';
import { openDatabase } from '../database/database';
import { startPostgres, type PostgresServer } from '../testing/postgresServer';
import { readEvents, type EventReader } from '../testing/syncInstances';
import { attemptWorld, type AttemptWorld } from './testing/attemptWorld';
import { classWorld, worldRequest, type ClassWorld } from './testing/classWorld';

/*
 * Two gateway instances on one PostgreSQL, as a district runs them behind a
 * load balancer: each opens the database itself (its own pool, its own
 * LISTEN connection). A student's answer through instance 1 reaches the
 * teacher's class view streaming from instance 2, and instance 2's results
 * then count it.
 */

let postgres: PostgresServer;
let one: AttemptWorld;
let two: ClassWorld;
const readers: EventReader[] = [];

beforeAll(async () => {
  postgres = await startPostgres();
  const url = await postgres.createDatabase();
  one = await attemptWorld(await openDatabase({ url }));
  two = await classWorld(await openDatabase({ url }));
}, 120_000);

afterAll(async () => {
  await Promise.all(readers.map((reader) => reader.close()));
  for (const world of [one, two]) {
    await world?.stop();
    await world?.db.close();
  }
  await postgres?.stop();
});

describe('the class view across two gateway instances', () => {
  it("an answer through instance 1 reaches the teacher's stream on instance 2, and instance 2's results count it", async () => {
    const { classId, quizId, teacher, students } = one;
    const onTwo = (path: string) => worldRequest(two.app, two.settings, teacher, 'GET', `/api/classes/${classId}${path}`);
    // Started before the teacher looks, so the one event the view can get is the answer's.
    const attempt = await one.start(students[1]);
    const view = readEvents(await onTwo('/events'));
    readers.push(view);
    expect(view.response.status).toBe(200);

    await one.answer(students[1], attempt.attemptId, 0, 'Venus');
    expect(await view.next()).toEqual({ event: 'changed', data: JSON.stringify({ assignmentId: quizId }) });

    const results = (await (await onTwo(`/results?assignment=${quizId}`)).json()) as ClassResults;
    expect(results.students.find((student) => student.userId === students[1].id)).toMatchObject({ status: 'started', answers: [expect.objectContaining({ question: 0, chosen: 'Venus', correct: false })] });
    expect(results.questions[0]?.wrongOptions).toEqual([{ option: 'Venus', count: 1 }]);
  });
});
