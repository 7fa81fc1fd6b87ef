import { randomUUID } from 'node:crypto';
import type { AnswerVerdict, AttemptScore, AttemptState } from '../../../src/kernel/classes/wire';
import type { StudyForgeDb } from '../../database/database';
import type { ClassModel } from '../deps';
import { classWorld, type ClassWorld, type QuizOptions, type WorldPerson } from './classWorld';

/*
 * A class world with a class, its students joined and a quiz assigned, and
 * the attempt routes called as the app calls them: for the tests of quiz
 * attempts, remediation, progress and help.
 */

export interface AttemptWorld extends ClassWorld {
  classId: string;
  quizId: string;
  /** POST to an attempt route of `assignmentId` (the world's quiz unless said) as `person`; the reply's status and JSON. */
  post(person: WorldPerson | null, path: string, body?: unknown, assignmentId?: string): Promise<{ status: number; json: unknown; text: string }>;
  start(person: WorldPerson, attemptId?: string, assignmentId?: string): Promise<AttemptState>;
  answer(person: WorldPerson, attemptId: string, question: number, chosen: string): Promise<AnswerVerdict>;
  finish(person: WorldPerson, attemptId: string): Promise<AttemptScore>;
  /** Rows of a class table matching a column's value, read as the table owner (past row-level security). */
  rows(table: 'attempts' | 'attempt_answers' | 'class_work' | 'help_requests', column: 'id' | 'attempt_id' | 'assignment_id' | 'user_id' | 'class_id', value: string): Promise<Record<string, unknown>[]>;
  quiz(options?: QuizOptions): Promise<string>;
}

export async function attemptWorld(db: StudyForgeDb, options: { classModel?: ClassModel } = {}): Promise<AttemptWorld> {
  const world = await classWorld(db, options);
  const { id: classId } = await world.createClassAs(world.teacher, 'Science 7B');
  for (const student of world.students) await world.joinAs(student, classId);
  // Opened a minute before the world's clock (the database's own now() is later than the clock, which stands still).
  const quiz = (quizOptions: QuizOptions = {}) => world.assignQuizAs(world.teacher, classId, { opensAt: new Date(world.clock.now - 60_000), ...quizOptions });
  const quizId = await quiz();

  const post: AttemptWorld['post'] = async (person, path, body, assignmentId = quizId) => {
    const response = await world.request(person, 'POST', `/api/classes/${classId}/assignments/${assignmentId}${path}`, body);
    const text = await response.text();
    let json: unknown = null;
    try {
      json = JSON.parse(text);
    } catch {
      // Not JSON: the text says what it was.
    }
    return { status: response.status, json, text };
  };
  const ok = async <T>(reply: Promise<{ status: number; json: unknown; text: string }>): Promise<T> => {
    const { status, json, text } = await reply;
    if (status !== 200) throw new Error(`Expected 200, got ${status}: ${text}`);
    return json as T;
  };
  return {
    ...world,
    classId,
    quizId,
    post,
    start: (person, attemptId = randomUUID(), assignmentId = quizId) => ok(post(person, '/attempts', { attemptId }, assignmentId)),
    answer: (person, attemptId, question, chosen) => ok(post(person, `/attempts/${attemptId}/answers`, { question, chosen })),
    finish: (person, attemptId) => ok(post(person, `/attempts/${attemptId}/finish`, {})),
    rows: (table, column, value) => db.system.selectFrom(table).selectAll().where(column, '=', value).execute() as Promise<Record<string, unknown>[]>,
    quiz,
  };
}
