import { randomUUID } from 'node:crypto';
import { expect, it } from 'vitest';
import { CLASS_MESSAGES, type AssignmentForTeacher, type MyAssignments } from '../../src/kernel/classes/wire';
import { describeOnBothDatabases } from '../testing/bothDatabases';
import { exampleAnswer, inAssignmentWorld } from './testing/assignmentWorld';

/*
 * The assignment routes as a teacher and a student meet them: a quiz made
 * on the server for each group, presets checked against the tool, a model
 * failure that stores nothing, approval, changes, and the student's list.
 */

const quizBody = { toolId: 'quiz-whiz', title: 'Depression quiz', aiLevel: 'practice' as const, presets: { topic: { value: 'The Great Depression', shown: true, locked: true } } };

describeOnBothDatabases('assignments', (open) => {
  it('makes a quiz on the server for each group, in the group’s language and level, and keeps its answers for the teacher', async () =>
    inAssignmentWorld(await open(), async (world) => {
      const quiz = await exampleAnswer('quiz-whiz');
      world.provider.answer = () => quiz;
      const made = await world.create({ ...quizBody, instructions: 'Focus on banks.', groups: [{ name: 'Spanish readers', language: 'Spanish', readingLevel: 'Grade 4' }] });
      expect(made.material.map((entry) => entry.group)).toEqual(['', 'Spanish readers']);
      expect(made.material.every((entry) => entry.approvedAt !== null)).toBe(true);
      expect(JSON.stringify(made.material[0]?.content)).toContain('"answer"');
      expect(made.instructions).toBe('Focus on banks.');
      // One prompt per group; only the group's asks for Spanish at grade 4, both carry the teacher's instructions.
      expect(world.provider.prompts).toHaveLength(2);
      const spanish = world.provider.prompts.filter((prompt) => prompt.includes('write every part of your answer in Spanish (es)'));
      expect(spanish).toHaveLength(1);
      expect(spanish[0]).toContain('Reading level: write for a US grade 4 reader');
      expect(world.provider.prompts.every((prompt) => prompt.includes('Focus on banks.'))).toBe(true);
      const again = await world.json<AssignmentForTeacher>(world.teacher, 'GET', `/api/classes/${world.classId}/assignments/${made.id}`);
      expect(again.body.view).toBe('teacher');
      expect(again.body.material).toHaveLength(2);
    }));

  it('refuses presets the tool cannot take, by name, and stores nothing', async () =>
    inAssignmentWorld(await open(), async (world) => {
      const path = `/api/classes/${world.classId}/assignments`;
      const unknown = await world.json<{ error: string }>(world.teacher, 'POST', path, { ...quizBody, presets: { topik: { value: 'x' } } });
      expect(unknown.status).toBe(400);
      expect(unknown.body.error).toContain('"topik"');
      const wrongKind = await world.json<{ error: string }>(world.teacher, 'POST', path, { ...quizBody, presets: { topic: { value: 42 } } });
      expect(wrongKind.status).toBe(400);
      expect(wrongKind.body.error).toContain('takes text');
      const badGroup = await world.json<{ error: string }>(world.teacher, 'POST', path, { ...quizBody, groups: [{ name: 'A', language: 'Klingon' }] });
      expect(badGroup.status).toBe(400);
      expect(world.provider.prompts).toHaveLength(0);
      expect(await world.rowCount('assignments')).toBe(0);
    }));

  it('answers 502 when the model fails, storing no assignment, no instructions and no material', async () =>
    inAssignmentWorld(await open(), async (world) => {
      world.provider.answer = () => 'not json at all';
      const failed = await world.json<{ error: string }>(world.teacher, 'POST', `/api/classes/${world.classId}/assignments`, quizBody);
      expect(failed.status).toBe(502);
      expect(failed.body.error).toBe(CLASS_MESSAGES.modelFailed);
      for (const table of ['assignments', 'assignment_secrets', 'assignment_material'] as const) expect(await world.rowCount(table)).toBe(0);
    }));

  it('keeps material from students until the teacher approves it, then shows the questions without answers', async () =>
    inAssignmentWorld(await open(), async (world) => {
      const quiz = await exampleAnswer('quiz-whiz');
      world.provider.answer = () => quiz;
      const made = await world.create({ ...quizBody, needsApproval: true });
      expect(made.material[0]?.approvedAt).toBeNull();
      const [student] = world.students;
      expect((await world.asStudent(student, made.id)).quiz).toBeNull();
      const approved = await world.json<AssignmentForTeacher>(world.teacher, 'POST', `/api/classes/${world.classId}/assignments/${made.id}/approve`, { group: '' });
      expect(approved.body.material[0]?.approvedAt).not.toBeNull();
      const view = await world.asStudent(student, made.id);
      expect(view.quiz).toHaveLength(5);
      expect(Object.keys(view.quiz?.[0] ?? {}).sort()).toEqual(['difficulty', 'options', 'question']);
      // A student cannot approve, change or delete it: to them it is not there.
      for (const [method, suffix, body] of [['POST', '/approve', { group: '' }], ['PATCH', '', { title: 'Mine now' }], ['DELETE', '', undefined]] as const) {
        expect((await world.json(student, method, `/api/classes/${world.classId}/assignments/${made.id}${suffix}`, body)).status).toBe(404);
      }
    }));

  it('shows a student their attempt so far with the verdicts of answered questions only', async () =>
    inAssignmentWorld(await open(), async (world) => {
      const quiz = await exampleAnswer('quiz-whiz');
      world.provider.answer = () => quiz;
      const made = await world.create(quizBody);
      const key = JSON.parse(quiz) as { answer: string }[];
      const [student] = world.students;
      const attempts = `/api/classes/${world.classId}/assignments/${made.id}/attempts`;
      const attemptId = randomUUID();
      expect((await world.json(student, 'POST', attempts, { attemptId })).status).toBe(200);
      expect((await world.json(student, 'POST', `${attempts}/${attemptId}/answers`, { question: 0, chosen: key[0]?.answer })).status).toBe(200);
      const view = await world.asStudent(student, made.id);
      expect(view.attempt?.verdicts.map((verdict) => [verdict.question, verdict.correct, verdict.correctOption])).toEqual([[0, true, key[0]?.answer]]);
      expect(view.attempt?.score).toMatchObject({ score: 1, answered: 1 });
      expect(JSON.stringify(view)).not.toContain('correctOption":' + JSON.stringify(key[1]?.answer));
    }));

  it('lets its teacher change the hidden instructions and times, and delete it; another teacher gets Not found', async () =>
    inAssignmentWorld(await open(), async (world) => {
      world.provider.answer = () => 'An analogy.';
      const made = await world.create({ toolId: 'analogy-generator', title: 'Analogies', aiLevel: 'support', instructions: 'Old.' });
      const path = `/api/classes/${world.classId}/assignments/${made.id}`;
      const changed = await world.json<AssignmentForTeacher>(world.teacher, 'PATCH', path, { instructions: 'Ask a guiding question.', dueAt: '2030-01-01T00:00:00.000Z' });
      expect(changed.body.instructions).toBe('Ask a guiding question.');
      expect(changed.body.dueAt).toBe('2030-01-01T00:00:00.000Z');
      expect((await world.json(world.teacher, 'PATCH', path, { dueAt: '2000-01-01T00:00:00.000Z' })).status).toBe(400);
      expect((await world.json(world.secondTeacher, 'GET', path)).status).toBe(404);
      expect((await world.json(world.secondTeacher, 'DELETE', path)).status).toBe(404);
      expect(await world.rowCount('assignments')).toBe(1);
      expect((await world.json(world.teacher, 'DELETE', path)).body).toEqual({ ok: true });
      expect(await world.rowCount('assignment_secrets')).toBe(0);
    }));

  it('runs a tool whose number box the student cleared, with the tool’s default, as the browser’s form does', async () =>
    inAssignmentWorld(await open(), async (world) => {
      const slides = await exampleAnswer('presentation-generator');
      world.provider.answer = () => slides;
      const made = await world.create({ toolId: 'presentation-generator', title: 'Slides', aiLevel: 'support' });
      const run = await world.json(world.students[0], 'POST', `/api/classes/${world.classId}/assignments/${made.id}/run`, { inputs: { topic: 'Volcanoes', slideCount: '' } });
      expect(run.status).toBe(200);
      expect(world.provider.prompts.at(-1)).toMatch(/\b5\b/);
      const wrong = await world.json<{ error: string }>(world.students[0], 'POST', `/api/classes/${world.classId}/assignments/${made.id}/run`, { inputs: { topic: 'Volcanoes', slideCount: 'seven' } });
      expect(wrong.status).toBe(400);
      expect(wrong.body.error).toContain('takes a number');
    }));

  it('lists a student’s assignments due soonest first, none-due last, archived classes left out, with their status', async () =>
    inAssignmentWorld(await open(), async (world) => {
      world.provider.answer = () => 'An analogy.';
      const base = { toolId: 'analogy-generator', aiLevel: 'support' as const };
      await world.create({ ...base, title: 'No due time' });
      await world.create({ ...base, title: 'Due later', dueAt: '2031-02-01T00:00:00.000Z' });
      const soon = await world.create({ ...base, title: 'Due soon', dueAt: '2031-01-01T00:00:00.000Z' });
      const [student, other] = world.students;
      const run = await world.json(student, 'POST', `/api/classes/${world.classId}/assignments/${soon.id}/run`, { inputs: { concept: 'Current', field: 'water' } });
      expect(run.status).toBe(200);
      const archived = await world.createClassAs(world.teacher, 'Old class');
      await world.joinAs(student, archived.id);
      const old = await world.json<AssignmentForTeacher>(world.teacher, 'POST', `/api/classes/${archived.id}/assignments`, { ...base, title: 'From an archived class' });
      expect(old.status).toBe(200);
      await world.db.system.updateTable('classes').set({ archived_at: new Date() }).where('id', '=', archived.id).execute();
      const mine = await world.json<MyAssignments>(student, 'GET', '/api/my/assignments');
      expect(mine.body.assignments.map((item) => [item.title, item.status])).toEqual([['Due soon', 'started'], ['Due later', 'not-started'], ['No due time', 'not-started']]);
      const theirs = await world.json<MyAssignments>(other, 'GET', '/api/my/assignments');
      expect(theirs.body.assignments.map((item) => item.status)).toEqual(['not-started', 'not-started', 'not-started']);
    }));
});
