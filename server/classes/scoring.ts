import type { Selectable } from 'kysely';
import type { AnswerVerdict, AttemptScore, AttemptState } from '../../src/kernel/classes/wire';
import type { AttemptsTable } from '../database/schema';
import { checkedId, NotFoundError, type AssignmentAccess, type ClassTransaction } from './door';
import type { KeyQuestion } from './quizKey';

/*
 * A quiz attempt's score, always counted by the server from the answers it
 * stored and checked itself: no request can carry a score (the wire's
 * strict bodies refuse the key), and an answer once stored is never
 * changed, so sending it again cannot move the score.
 *
 * A student has one attempt per quiz (a start on a new id resumes it), as
 * each verdict teaches a right option: a second attempt would score what
 * the first one taught. The results still read the latest finished attempt
 * (finished_at descending), else the latest started one as 'started', so
 * rows from before that rule read the same. attempts.score is set when an
 * attempt finishes and equals the count of correct rows in attempt_answers.
 */

export type AttemptRow = Selectable<AttemptsTable>;

/**
 * The asker's own attempt at this assignment. An unfinished one is locked
 * until the transaction ends, so an answer and the finish of the same
 * attempt happen one after the other (a finish never counts answers while
 * one is being stored); a finished one is final and needs no lock (nor
 * could it have one: row-level security lets no one update it). Any other
 * attempt id (another student's, another assignment's, or none) is not
 * found: the door's 404.
 */
export async function ownAttempt(trx: ClassTransaction, access: AssignmentAccess, userId: string, attemptId: string | undefined): Promise<AttemptRow> {
  const id = checkedId(attemptId);
  const query = trx
    .selectFrom('attempts')
    .selectAll()
    .where('id', '=', id)
    .where('assignment_id', '=', access.assignment.id)
    .where('class_id', '=', access.classId)
    .where('user_id', '=', userId);
  const found = await query.executeTakeFirst();
  if (!found) throw new NotFoundError();
  if (found.finished_at !== null) return found;
  // Absent under the lock only when another request finished it meanwhile: then read as it is now.
  return (await query.forUpdate().executeTakeFirst()) ?? (await query.executeTakeFirstOrThrow());
}

interface StoredAnswer {
  question: number;
  chosen: string;
  correct: boolean;
}

async function storedAnswers(trx: ClassTransaction, attemptId: string): Promise<StoredAnswer[]> {
  return trx.selectFrom('attempt_answers').select(['question', 'chosen', 'correct']).where('attempt_id', '=', attemptId).orderBy('question').execute();
}

const isoOf = (time: Date | string | null): string | null => (time === null ? null : new Date(time).toISOString());

function scoreFrom(attempt: AttemptRow, answers: readonly StoredAnswer[]): AttemptScore {
  return {
    score: answers.filter((answer) => answer.correct).length,
    total: attempt.total,
    answered: answers.length,
    finishedAt: isoOf(attempt.finished_at),
  };
}

/** The verdict of a stored answer, with the right option: only ever for a question already answered. */
function verdictOf(answer: StoredAnswer, key: readonly KeyQuestion[], score: AttemptScore): AnswerVerdict {
  return { question: answer.question, chosen: answer.chosen, correct: answer.correct, correctOption: key[answer.question]?.answer ?? '', score };
}

/** The attempt as the student may see it: verdicts of the questions answered, nothing of the others. */
export async function attemptStateOf(trx: ClassTransaction, attempt: AttemptRow, key: readonly KeyQuestion[]): Promise<AttemptState> {
  const answers = await storedAnswers(trx, attempt.id);
  const score = scoreFrom(attempt, answers);
  return { attemptId: attempt.id, verdicts: answers.map((answer) => verdictOf(answer, key, score)), score };
}

/** The stored verdict of one question (after it was stored, by this request or an earlier one). */
export async function verdictFor(trx: ClassTransaction, attempt: AttemptRow, key: readonly KeyQuestion[], question: number): Promise<AnswerVerdict | null> {
  const answers = await storedAnswers(trx, attempt.id);
  const answer = answers.find((candidate) => candidate.question === question);
  return answer ? verdictOf(answer, key, scoreFrom(attempt, answers)) : null;
}

/**
 * Finishes the attempt (locked by ownAttempt) with the score counted from
 * its stored answers; finishing again changes nothing.
 */
export async function finishAttempt(trx: ClassTransaction, attempt: AttemptRow, now: Date): Promise<AttemptScore> {
  const answers = await storedAnswers(trx, attempt.id);
  if (attempt.finished_at !== null) return scoreFrom(attempt, answers);
  const { score } = scoreFrom(attempt, answers);
  const finished = await trx.updateTable('attempts').set({ finished_at: now, score }).where('id', '=', attempt.id).returningAll().executeTakeFirstOrThrow();
  return scoreFrom(finished, answers);
}

/** The student's latest attempt at an assignment (for the assignment's student view), or null. */
export async function latestAttempt(trx: ClassTransaction, assignmentId: string, userId: string): Promise<AttemptRow | null> {
  const attempt = await trx.selectFrom('attempts').selectAll().where('assignment_id', '=', assignmentId).where('user_id', '=', userId).orderBy('started_at', 'desc').orderBy('id').executeTakeFirst();
  return attempt ?? null;
}
