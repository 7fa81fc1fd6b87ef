import { randomUUID } from 'node:crypto';
import type { StudyForgeDb } from '../../database/database';
import type { ClassWorkKind } from '../../database/schema';
import { WORLD_QUIZ, type WorldPerson } from './classWorld';

/*
 * Work left by students, made by hand (straight into the tables, as the
 * attempt and progress routes would leave it), so a test of the class view
 * says exactly which attempts, answers and reports there are and what the
 * view must count from them. Answers are judged against the world's quiz.
 */

export interface HandMadeAttempt {
  /** [question index, chosen option] in the order answered. */
  answers: [number, string][];
  startedAt: Date;
  /** Absent: the attempt is still going. */
  finishedAt?: Date;
}

export async function addAttempt(db: StudyForgeDb, student: WorldPerson, classId: string, assignmentId: string, attempt: HandMadeAttempt): Promise<string> {
  const id = randomUUID();
  const judged = attempt.answers.map(([question, chosen]) => ({ question, chosen, correct: WORLD_QUIZ[question]?.answer === chosen }));
  const score = judged.filter((answer) => answer.correct).length;
  await db.system
    .insertInto('attempts')
    .values({
      id,
      assignment_id: assignmentId,
      class_id: classId,
      user_id: student.id,
      started_at: attempt.startedAt,
      finished_at: attempt.finishedAt ?? null,
      score: attempt.finishedAt ? score : null,
      total: WORLD_QUIZ.length,
    })
    .execute();
  for (const answer of judged) {
    await db.system.insertInto('attempt_answers').values({ attempt_id: id, class_id: classId, user_id: student.id, ...answer }).execute();
  }
  return id;
}

export async function addWork(db: StudyForgeDb, student: WorldPerson, classId: string, assignmentId: string, kind: ClassWorkKind, detail: Record<string, unknown>): Promise<void> {
  await db.system
    .insertInto('class_work')
    .values({ id: randomUUID(), assignment_id: assignmentId, class_id: classId, user_id: student.id, kind, detail: JSON.stringify(detail) })
    .execute();
}

export async function addHelp(db: StudyForgeDb, student: WorldPerson, classId: string, assignmentId: string, note: string): Promise<string> {
  const id = randomUUID();
  await db.system.insertInto('help_requests').values({ id, assignment_id: assignmentId, class_id: classId, user_id: student.id, note }).execute();
  return id;
}
