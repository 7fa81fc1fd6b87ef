import type { Hono } from 'hono';
import { sql } from 'kysely';
import { CLASS_MESSAGES, answerBody, finishBody, startAttemptBody } from '../../src/kernel/classes/wire';
import type { ClassRouteDeps } from './deps';
import { ClassRuleError, NotFoundError } from './door';
import { addMemberWrite } from './memberWrites';
import { checkedChoice, isRight, quizFor } from './quizKey';
import { attemptStateOf, finishAttempt, latestAttempt, ownAttempt, verdictFor } from './scoring';

/*
 * A student's quiz attempt, driven by the server: the browser starts an
 * attempt with an id it made (so sending the start twice is the same
 * attempt), sends one answer at a time and gets that question's verdict
 * and right option back, and finishing counts the score from what was
 * stored. The answer key never leaves before its question is answered.
 *
 * Every change is written as the student (row-level security underneath)
 * inside the door, which refuses a class they do not belong to and an
 * assignment not open yet or closed; the teacher's live view is told after
 * the transaction has committed.
 */

const ATTEMPTS = '/api/classes/:classId/assignments/:assignmentId/attempts';

export function addAttemptRoutes(app: Hono, deps: ClassRouteDeps): void {
  const now = () => new Date(deps.now());

  addMemberWrite(app, deps, ATTEMPTS, startAttemptBody, async ({ body: { attemptId }, user, trx, access }) => {
    // Reading first: a start sent again answers the attempt as it is now, without asking the key's group again.
    const existing = await trx.selectFrom('attempts').selectAll().where('id', '=', attemptId).executeTakeFirst();
    if (existing) {
      if (existing.assignment_id !== access.assignment.id || existing.user_id !== user.id) throw new NotFoundError();
      return { reply: await attemptStateOf(trx, existing, (await quizFor(trx, access, existing.group_name, true)).key), changed: false };
    }
    // One attempt per student: a quiz whose verdicts teach the key must not be taken again on a fresh id for a clean score.
    // A start from another tab or device (its own id) resumes the attempt the student already has.
    // Two starts on two ids at the same instant would both find none: one student's starts wait for each other.
    await sql`select pg_advisory_xact_lock(hashtextextended(${`${access.assignment.id}:${user.id}`}, 0))`.execute(trx);
    const earlier = await latestAttempt(trx, access.assignment.id, user.id);
    if (earlier) return { reply: await attemptStateOf(trx, earlier, (await quizFor(trx, access, earlier.group_name, true)).key), changed: false };
    const quiz = await quizFor(trx, access, access.groupName);
    const started = await trx
      .insertInto('attempts')
      .values({ id: attemptId, assignment_id: access.assignment.id, class_id: access.classId, user_id: user.id, group_name: quiz.groupName, total: quiz.key.length, started_at: now() })
      // The id is taken (by a start of the same attempt sent side by side, or by someone else's): never overwritten.
      .onConflict((conflict) => conflict.column('id').doNothing())
      .returningAll()
      .executeTakeFirst();
    // Taken meanwhile: by the same start sent side by side, or by another of the student's starts (one attempt each).
    const attempt = started ?? (await latestAttempt(trx, access.assignment.id, user.id)) ?? (await ownAttempt(trx, access, user.id, attemptId));
    // A started attempt moves the student from "not started" in the teacher's view.
    return { reply: await attemptStateOf(trx, attempt, quiz.key), changed: started !== undefined };
  });

  addMemberWrite(app, deps, `${ATTEMPTS}/:attemptId/answers`, answerBody, async ({ body, user, trx, access, param }) => {
    const attempt = await ownAttempt(trx, access, user.id, param('attemptId'));
    if (attempt.finished_at !== null) throw new ClassRuleError(409, CLASS_MESSAGES.attemptFinished);
    const { key } = await quizFor(trx, access, attempt.group_name, true);
    const question = key[body.question];
    if (!question) throw new ClassRuleError(400, CLASS_MESSAGES.noSuchQuestion);
    // Answered before: the verdict as it was stored, whatever is sent now, so the score cannot be moved.
    const earlier = await verdictFor(trx, attempt, key, body.question);
    if (earlier) return { reply: earlier, changed: false };
    const chosen = checkedChoice(question, body.chosen);
    await trx
      .insertInto('attempt_answers')
      .values({ attempt_id: attempt.id, class_id: access.classId, user_id: user.id, question: body.question, chosen, correct: isRight(question, chosen), answered_at: now() })
      .onConflict((conflict) => conflict.columns(['attempt_id', 'question']).doNothing())
      .execute();
    const verdict = await verdictFor(trx, attempt, key, body.question);
    if (!verdict) throw new Error('An answer just stored could not be read back.');
    return { reply: verdict, changed: true };
  });

  // The body is {} and nothing else: a score (or anything) sent is refused whole, before anything is read.
  addMemberWrite(app, deps, `${ATTEMPTS}/:attemptId/finish`, finishBody, async ({ user, trx, access, param }) => {
    const attempt = await ownAttempt(trx, access, user.id, param('attemptId'));
    return { reply: await finishAttempt(trx, attempt, now()), changed: attempt.finished_at === null };
  });
}
