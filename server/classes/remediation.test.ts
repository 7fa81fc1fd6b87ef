import { expect, it } from 'vitest';
import { CLASS_MESSAGES } from '../../src/kernel/classes/wire';
import { scriptedBackend } from '../../src/kernel/testing/scriptedBackend';
import type { Backend } from '../../src/kernel/backend/types';
import { describeOnBothDatabases } from '../testing/bothDatabases';
import { WORLD_QUIZ } from './testing/classWorld';
import { RUNS_PER_MINUTE } from './runRoutes';
import { loadServerTool } from './serverTools';
import { attemptWorld } from './testing/attemptWorld';

/*
 * "Show me why" after a wrong answer, made on the server by the quiz
 * tool's own remediation follow-up: only after a wrong answer to that
 * question, with the question, its options, the student's choice and the
 * right answer, and marked as used for the teacher. A model that fails
 * changes nothing.
 */

// The tool's own example lesson: what the sample model answers offline, and what the scripted model answers here.
const lesson = (await loadServerTool('quiz-whiz'))?.followUps?.remediation?.example;
const [first, second, third] = WORLD_QUIZ;

describeOnBothDatabases('remediation after a wrong answer', (open) => {
  it('asks the tool’s remediation with the question, its options, the choice and the right answer, and marks it used', async () => {
    const model = scriptedBackend([lesson]);
    const world = await attemptWorld(await open(), { classModel: { backend: model.backend, sample: false } });
    const [sam] = world.students;
    const { attemptId } = await world.start(sam);
    await world.answer(sam, attemptId, 1, 'Oxygen');

    const reply = await world.post(sam, `/attempts/${attemptId}/remediation`, { question: 1 });
    expect(reply).toMatchObject({ status: 200, json: lesson });
    expect(model.requests).toHaveLength(1);
    const prompt = model.requests[0]?.prompt ?? '';
    for (const text of [second.question, ...second.options, 'Oxygen', second.answer]) expect(prompt).toContain(text);
    // Nothing of the questions the student has not answered.
    for (const other of [first, third]) expect(prompt).not.toContain(other.question);
    expect(await world.rows('attempt_answers', 'attempt_id', attemptId)).toMatchObject([{ question: 1, remediation_used: true }]);
  });

  it('is given only after a wrong answer to that question: not before answering, not after a right answer', async () => {
    const model = scriptedBackend([lesson]);
    const world = await attemptWorld(await open(), { classModel: { backend: model.backend, sample: false } });
    const [sam] = world.students;
    const { attemptId } = await world.start(sam);
    await world.answer(sam, attemptId, 0, first.answer);
    const afterWrong = { status: 400, json: { error: CLASS_MESSAGES.remediationAfterWrong } };
    expect(await world.post(sam, `/attempts/${attemptId}/remediation`, { question: 0 })).toMatchObject(afterWrong);
    expect(await world.post(sam, `/attempts/${attemptId}/remediation`, { question: 2 })).toMatchObject(afterWrong);
    expect(await world.post(sam, `/attempts/${attemptId}/remediation`, { question: 7 })).toMatchObject({ status: 400, json: { error: CLASS_MESSAGES.noSuchQuestion } });
    expect(model.requests).toHaveLength(0);
    expect(await world.rows('attempt_answers', 'attempt_id', attemptId)).toMatchObject([{ question: 0, remediation_used: false }]);
  });

  it('answers a model failure with a clear error and leaves the answer unmarked', async () => {
    const failing: Backend = {
      kind: 'contract',
      generate: async () => {
        throw new Error('The provider is down.');
      },
    };
    const world = await attemptWorld(await open(), { classModel: { backend: failing, sample: false } });
    const [sam] = world.students;
    const { attemptId } = await world.start(sam);
    await world.answer(sam, attemptId, 2, third.options[0]);
    expect(await world.post(sam, `/attempts/${attemptId}/remediation`, { question: 2 })).toMatchObject({ status: 502, json: { error: CLASS_MESSAGES.modelFailed } });
    expect(await world.rows('attempt_answers', 'attempt_id', attemptId)).toMatchObject([{ question: 2, remediation_used: false }]);
  });

  it('keeps to the group whose quiz the attempt started with, and writes the lesson in that group’s language and level', async () => {
    const model = scriptedBackend([lesson]);
    const world = await attemptWorld(await open(), { classModel: { backend: model.backend, sample: false } });
    const [sam] = world.students;
    const spanishQuiz = WORLD_QUIZ.map((question) => ({ ...question, question: `(ES) ${question.question}` }));
    const asTeacher = (change: Parameters<typeof world.db.asUser>[1]) => world.db.asUser(world.teacher.id, change);
    await asTeacher(async (trx) => {
      await trx.updateTable('assignments').set({ groups: JSON.stringify([{ name: 'Grupo ES', language: 'Spanish', readingLevel: 'Grade 4' }]) }).where('id', '=', world.quizId).execute();
      await trx.insertInto('assignment_material').values({ assignment_id: world.quizId, class_id: world.classId, group_name: 'Grupo ES', content: JSON.stringify(spanishQuiz), approved_at: new Date() }).execute();
      await trx.updateTable('class_members').set({ group_name: 'Grupo ES' }).where('user_id', '=', sam.id).execute();
    });
    const { attemptId } = await world.start(sam);
    // Moved out of the group mid-quiz: the attempt is still marked against the quiz it was shown.
    await asTeacher((trx) => trx.updateTable('class_members').set({ group_name: null }).where('user_id', '=', sam.id).execute());
    await world.answer(sam, attemptId, 1, 'Oxygen');
    expect(await world.post(sam, `/attempts/${attemptId}/remediation`, { question: 1 })).toMatchObject({ status: 200 });
    const prompt = model.requests[0]?.prompt ?? '';
    expect(prompt).toContain(spanishQuiz[1]?.question);
    expect(prompt).toContain('write every part of your answer in Spanish');
    expect(prompt).toContain('US grade 4 reader');
  });

  it('counts each lesson against the student’s per-minute budget of model calls', async () => {
    const model = scriptedBackend(Array.from({ length: RUNS_PER_MINUTE + 1 }, () => lesson));
    const world = await attemptWorld(await open(), { classModel: { backend: model.backend, sample: false } });
    const [sam] = world.students;
    const { attemptId } = await world.start(sam);
    await world.answer(sam, attemptId, 0, first.options[0]);
    for (let i = 0; i < RUNS_PER_MINUTE; i++) expect((await world.post(sam, `/attempts/${attemptId}/remediation`, { question: 0 })).status).toBe(200);
    const refused = await world.post(sam, `/attempts/${attemptId}/remediation`, { question: 0 });
    expect(refused.status).toBe(429);
    expect((refused.json as { error: string }).error).toMatch(/^Too many requests in a minute\. Try again in \d+ seconds\.$/);
    expect(model.requests).toHaveLength(RUNS_PER_MINUTE);
    world.clock.now += 60_000;
    expect((await world.post(sam, `/attempts/${attemptId}/remediation`, { question: 0 })).status).toBe(200);
  });

  it('works offline with the sample model: the tool’s own example lesson', async () => {
    const world = await attemptWorld(await open());
    const [sam] = world.students;
    const { attemptId } = await world.start(sam);
    await world.answer(sam, attemptId, 0, first.options[0]);
    expect(await world.post(sam, `/attempts/${attemptId}/remediation`, { question: 0 })).toMatchObject({ status: 200, json: lesson });
  });
});
