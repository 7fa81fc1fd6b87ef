import { randomUUID } from 'node:crypto';
import { expect, it } from 'vitest';
import { CLASS_MESSAGES, type ClassResults } from '../../src/kernel/classes/wire';
import { describeOnBothDatabases } from '../testing/bothDatabases';
import { WORLD_QUIZ } from './testing/classWorld';
import { attemptWorld } from './testing/attemptWorld';

/*
 * A quiz the class can trust, through the mounted routes: the answer key
 * stays on the server until each question is answered, the score is the
 * server's count of stored answers, and an attempt is the student's own.
 */

const [first, second, third] = WORLD_QUIZ;
const HOUR = 3_600_000;

describeOnBothDatabases('quiz attempts', (open) => {
  it('keeps the answer key out of every reply until that question is answered, then gives its verdict', async () => {
    const world = await attemptWorld(await open());
    const [sam] = world.students;
    const attemptId = randomUUID();
    const started = await world.post(sam, '/attempts', { attemptId });
    expect(started.status).toBe(200);
    expect(started.json).toEqual({ attemptId, verdicts: [], score: { score: 0, total: 3, answered: 0, finishedAt: null } });
    // The right options are options too, so what must not appear is which one is right: no answer, no verdict.
    expect(started.text).not.toMatch(/answer"|correct/i);

    const wrong = await world.post(sam, `/attempts/${attemptId}/answers`, { question: 0, chosen: 'Venus' });
    expect(wrong.json).toEqual({ question: 0, chosen: 'Venus', correct: false, correctOption: 'Mercury', score: { score: 0, total: 3, answered: 1, finishedAt: null } });
    // Nothing of the questions not yet answered.
    for (const later of [second, third]) expect(wrong.text).not.toContain(later.answer);

    const again = await world.post(sam, '/attempts', { attemptId });
    expect(again.json).toMatchObject({ verdicts: [{ question: 0, correctOption: 'Mercury' }] });
    for (const later of [second, third]) expect(again.text).not.toContain(later.answer);
  });

  it('answers a forged attempt id (another student’s, another assignment’s, an unknown one) as not found, changing nothing', async () => {
    const world = await attemptWorld(await open());
    const [sam, sara] = world.students;
    const samsAttempt = (await world.start(sam)).attemptId;
    await world.answer(sam, samsAttempt, 0, first.options[1]);
    const otherQuiz = await world.quiz({ title: 'Second quiz' });
    const before = { attempts: await world.rows('attempts', 'id', samsAttempt), answers: await world.rows('attempt_answers', 'attempt_id', samsAttempt) };

    const notFound = { status: 404, json: { error: CLASS_MESSAGES.notFound } };
    // Sara with Sam's attempt id: starting it, answering in it, finishing it.
    expect(await world.post(sara, '/attempts', { attemptId: samsAttempt })).toMatchObject(notFound);
    expect(await world.post(sara, `/attempts/${samsAttempt}/answers`, { question: 1, chosen: first.options[0] })).toMatchObject(notFound);
    expect(await world.post(sara, `/attempts/${samsAttempt}/finish`, {})).toMatchObject(notFound);
    expect(await world.post(sara, `/attempts/${samsAttempt}/remediation`, { question: 0 })).toMatchObject(notFound);
    // Sam with his own attempt id under another assignment of the class.
    expect(await world.post(sam, '/attempts', { attemptId: samsAttempt }, otherQuiz)).toMatchObject(notFound);
    expect(await world.post(sam, `/attempts/${samsAttempt}/answers`, { question: 1, chosen: second.options[0] }, otherQuiz)).toMatchObject(notFound);
    expect(await world.post(sam, `/attempts/${samsAttempt}/finish`, {}, otherQuiz)).toMatchObject(notFound);
    // An id that is no one's, and one that is not an id.
    expect(await world.post(sam, `/attempts/${randomUUID()}/answers`, { question: 1, chosen: second.options[0] })).toMatchObject(notFound);
    expect(await world.post(sam, '/attempts/..%2F..%2Fx/finish', {})).toMatchObject(notFound);

    expect(await world.rows('attempts', 'id', samsAttempt)).toEqual(before.attempts);
    expect(await world.rows('attempt_answers', 'attempt_id', samsAttempt)).toEqual(before.answers);
    expect(await world.rows('attempts', 'user_id', sara.id)).toEqual([]);
    expect(await world.rows('attempts', 'assignment_id', otherQuiz)).toEqual([]);
  });

  it('is idempotent: the same start and the same answer sent again change nothing, whatever the second one says', async () => {
    const world = await attemptWorld(await open());
    const [sam] = world.students;
    const attemptId = randomUUID();
    const starts = await Promise.all([world.start(sam, attemptId), world.start(sam, attemptId), world.start(sam, attemptId)]);
    expect(new Set(starts.map((state) => JSON.stringify(state))).size).toBe(1);
    expect(await world.rows('attempts', 'user_id', sam.id)).toHaveLength(1);

    const right = await world.answer(sam, attemptId, 1, second.answer);
    expect(right).toMatchObject({ correct: true, score: { score: 1, answered: 1 } });
    // A second answer to the same question, right or wrong, gets the first verdict back.
    expect(await world.answer(sam, attemptId, 1, second.options[0])).toEqual(right);
    const side = await Promise.all([0, 1, 2, 3].map(() => world.answer(sam, attemptId, 2, third.answer)));
    expect(new Set(side.map((verdict) => JSON.stringify(verdict))).size).toBe(1);
    const answers = await world.rows('attempt_answers', 'attempt_id', attemptId);
    expect(answers.map((row) => [row.question, row.chosen, row.correct]).sort()).toEqual([
      [1, second.answer, true],
      [2, third.answer, true],
    ]);
  });

  it('refuses a choice that is not one of the options, a question outside the quiz, and an answer after finishing', async () => {
    const world = await attemptWorld(await open());
    const [sam] = world.students;
    const { attemptId } = await world.start(sam);
    const answer = (question: number, chosen: string) => world.post(sam, `/attempts/${attemptId}/answers`, { question, chosen });
    expect(await answer(0, 'Pluto')).toMatchObject({ status: 400, json: { error: CLASS_MESSAGES.notAnOption } });
    expect(await answer(0, ' Mercury')).toMatchObject({ status: 400, json: { error: CLASS_MESSAGES.notAnOption } });
    expect(await answer(3, 'Mercury')).toMatchObject({ status: 400, json: { error: CLASS_MESSAGES.noSuchQuestion } });
    expect(await world.rows('attempt_answers', 'attempt_id', attemptId)).toEqual([]);

    await world.answer(sam, attemptId, 0, 'Mercury');
    expect(await world.finish(sam, attemptId)).toMatchObject({ score: 1, total: 3, answered: 1 });
    expect(await answer(1, second.answer)).toMatchObject({ status: 409, json: { error: CLASS_MESSAGES.attemptFinished } });
    expect(await world.rows('attempt_answers', 'attempt_id', attemptId)).toHaveLength(1);
  });

  it('refuses a forged score in any body, stores none, and keeps the score the server counted', async () => {
    const world = await attemptWorld(await open());
    const [sam] = world.students;
    const forgedId = randomUUID();
    const refused = await world.post(sam, '/attempts', { attemptId: forgedId, score: 3 });
    expect(refused).toMatchObject({ status: 400, json: { error: 'This request cannot include "score".' } });
    expect(await world.rows('attempts', 'id', forgedId)).toEqual([]);

    const { attemptId } = await world.start(sam);
    expect((await world.post(sam, `/attempts/${attemptId}/answers`, { question: 0, chosen: 'Venus', correct: true, score: 3 })).status).toBe(400);
    expect(await world.rows('attempt_answers', 'attempt_id', attemptId)).toEqual([]);
    await world.answer(sam, attemptId, 0, 'Venus');
    await world.answer(sam, attemptId, 1, second.answer);
    for (const forged of [{ score: 3 }, { score: 3, total: 3 }, { finishedAt: new Date().toISOString() }]) {
      expect((await world.post(sam, `/attempts/${attemptId}/finish`, forged)).status).toBe(400);
    }
    expect(await world.rows('attempts', 'id', attemptId)).toMatchObject([{ score: null, finished_at: null }]);

    expect(await world.finish(sam, attemptId)).toMatchObject({ score: 1, total: 3, answered: 2 });
    // Finishing again (and a forged finish after) leaves the counted score.
    expect(await world.finish(sam, attemptId)).toMatchObject({ score: 1 });
    expect((await world.post(sam, `/attempts/${attemptId}/finish`, { score: 3 })).status).toBe(400);
    expect(await world.rows('attempts', 'id', attemptId)).toMatchObject([{ score: 1, total: 3 }]);
    // What the teacher sees is the counted score.
    const results = await world.request(world.teacher, 'GET', `/api/classes/${world.classId}/results?assignment=${world.quizId}`);
    const { students } = (await results.json()) as ClassResults;
    expect(students.find((student) => student.userId === sam.id)).toMatchObject({ status: 'finished', score: 1, total: 3 });
  });

  it('keeps one attempt per student: a start on a new id (another tab, or a try for a clean score) resumes it', async () => {
    const world = await attemptWorld(await open());
    const [sam] = world.students;
    const firstTry = (await world.start(sam)).attemptId;
    expect(await world.answer(sam, firstTry, 0, 'Venus')).toMatchObject({ correct: false, correctOption: 'Mercury' });
    // Another tab's start, before finishing: the same attempt, its verdict so far.
    expect(await world.start(sam)).toMatchObject({ attemptId: firstTry, score: { answered: 1 } });
    await world.finish(sam, firstTry);
    // Having learnt the right option, a fresh id cannot start over: the finished attempt is the answer.
    const again = await world.start(sam);
    expect(again).toMatchObject({ attemptId: firstTry, score: { score: 0, answered: 1 } });
    expect(again.score.finishedAt).not.toBeNull();
    const late = await world.post(sam, `/attempts/${firstTry}/answers`, { question: 1, chosen: 'Venus' });
    expect(late.status).toBe(409);
    expect(await world.rows('attempts', 'user_id', sam.id)).toHaveLength(1);
    // Starts on new ids sent side by side still make one attempt.
    const [, pat] = world.students;
    const starts = await Promise.all([world.start(pat), world.start(pat), world.start(pat)]);
    expect(new Set(starts.map((state) => state.attemptId)).size).toBe(1);
    expect(await world.rows('attempts', 'user_id', pat.id)).toHaveLength(1);
  });

  it('refuses work on a quiz not open yet, past its due time, or awaiting the teacher’s approval, storing nothing', async () => {
    const world = await attemptWorld(await open());
    const [sam] = world.students;
    const now = world.clock.now;
    const later = await world.quiz({ opensAt: new Date(now + HOUR) });
    expect(await world.post(sam, '/attempts', { attemptId: randomUUID() }, later)).toMatchObject({ status: 423, json: { error: CLASS_MESSAGES.notOpenYet } });
    const closed = await world.quiz({ opensAt: new Date(now - 2 * HOUR), dueAt: new Date(now - HOUR) });
    expect(await world.post(sam, '/attempts', { attemptId: randomUUID() }, closed)).toMatchObject({ status: 423, json: { error: CLASS_MESSAGES.closed } });
    const unapproved = await world.quiz({ needsApproval: true });
    expect(await world.post(sam, '/attempts', { attemptId: randomUUID() }, unapproved)).toMatchObject({ status: 423, json: { error: CLASS_MESSAGES.awaitingApproval } });

    // An attempt under way when the quiz closes takes no more answers and cannot be finished.
    const dueSoon = await world.quiz({ dueAt: new Date(now + HOUR) });
    const { attemptId } = await world.start(sam, randomUUID(), dueSoon);
    world.clock.now = now + 2 * HOUR;
    expect(await world.post(sam, `/attempts/${attemptId}/answers`, { question: 0, chosen: 'Mercury' }, dueSoon)).toMatchObject({ status: 423, json: { error: CLASS_MESSAGES.closed } });
    expect((await world.post(sam, `/attempts/${attemptId}/finish`, {}, dueSoon)).status).toBe(423);
    expect(await world.rows('attempt_answers', 'attempt_id', attemptId)).toEqual([]);
    expect(await world.rows('attempts', 'user_id', sam.id)).toMatchObject([{ id: attemptId, finished_at: null, score: null }]);
  });

  it('refuses an attempt at an assignment that is not a quiz (a deck of flashcards), storing nothing', async () => {
    const world = await attemptWorld(await open());
    const [sam] = world.students;
    const deckId = await world.quiz({ title: 'Planet cards' });
    await world.db.asUser(world.teacher.id, (trx) =>
      trx.updateTable('assignment_material').set({ content: JSON.stringify([{ front: 'Mercury', back: 'Closest to the Sun' }]) }).where('assignment_id', '=', deckId).execute(),
    );
    expect(await world.post(sam, '/attempts', { attemptId: randomUUID() }, deckId)).toMatchObject({ status: 400, json: { error: CLASS_MESSAGES.notAQuiz } });
    expect(await world.rows('attempts', 'assignment_id', deckId)).toEqual([]);
  });

  it('lets only a member of the class take its quiz: its teacher, another teacher and a stranger are answered not found', async () => {
    const world = await attemptWorld(await open());
    const stranger = await world.addPerson('stella', 'student');
    for (const person of [world.teacher, world.secondTeacher, stranger]) {
      expect(await world.post(person, '/attempts', { attemptId: randomUUID() })).toMatchObject({ status: 404, json: { error: CLASS_MESSAGES.notFound } });
    }
    expect(await world.rows('attempts', 'assignment_id', world.quizId)).toEqual([]);
  });
});
