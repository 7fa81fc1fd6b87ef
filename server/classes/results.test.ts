import { afterEach, expect, it } from 'vitest';
import type { ClassResults } from '../../src/kernel/classes/wire';
import { describeOnBothDatabases } from '../testing/bothDatabases';
import { classWorld, type ClassWorld } from './testing/classWorld';
import { addAttempt, addHelp, addWork } from './testing/resultRows';

/*
 * The teacher's class view of one assignment, counted from the students'
 * attempts and reports (made by hand here, so the test says exactly what
 * the view must count): the attempt that counts per student, every member
 * listed, the questions most missed and the wrong options most chosen, time
 * and study summed, help requests by name. Only the class's teachers see
 * it; anyone else is told "Not found.".
 */

const worlds: ClassWorld[] = [];
afterEach(async () => {
  await Promise.all(worlds.splice(0).map((world) => world.stop()));
});

const at = (minute: number) => new Date(Date.UTC(2026, 10, 27, 9, minute));

describeOnBothDatabases('class results', (open) => {
  async function quizClass() {
    const world = await classWorld(await open());
    worlds.push(world);
    const { teacher, students } = world;
    const { id: classId } = await world.createClassAs(teacher, 'Year 7 Science');
    for (const student of students) await world.joinAs(student, classId);
    const assignmentId = await world.assignQuizAs(teacher, classId);
    return { world, classId, assignmentId };
  }

  it('counts each student\'s latest finished attempt, lists every member, and puts the most-missed question and the most-chosen wrong option first', async () => {
    const { world, classId, assignmentId } = await quizClass();
    const { db, teacher, students } = world;
    const [sam, sara, sid] = students;
    const nia = await world.addPerson('nia', 'student');
    await world.joinAs(nia, classId);
    // Sam: an older finished attempt, a newer finished one (this counts), then a retake still going.
    await addAttempt(db, sam, classId, assignmentId, { answers: [[0, 'Venus'], [1, 'Carbon dioxide'], [2, 'Five']], startedAt: at(0), finishedAt: at(5) });
    await addAttempt(db, sam, classId, assignmentId, { answers: [[0, 'Mercury'], [1, 'Oxygen'], [2, 'Six']], startedAt: at(10), finishedAt: at(15) });
    await addAttempt(db, sam, classId, assignmentId, { answers: [[0, 'Earth']], startedAt: at(20) });
    // Sara: only an attempt still going; Sid: one finished attempt.
    await addAttempt(db, sara, classId, assignmentId, { answers: [[0, 'Venus'], [1, 'Oxygen']], startedAt: at(1) });
    await addAttempt(db, sid, classId, assignmentId, { answers: [[0, 'Venus'], [1, 'Nitrogen'], [2, 'Six']], startedAt: at(2), finishedAt: at(8) });
    await addWork(db, sam, classId, assignmentId, 'time', { seconds: 60 });
    await addWork(db, sam, classId, assignmentId, 'time', { seconds: 90 });
    await addWork(db, sam, classId, assignmentId, 'study', { reviewed: 10, remembered: 7 });
    await addWork(db, sam, classId, assignmentId, 'study', { reviewed: 5, remembered: 3 });
    await addWork(db, sam, classId, assignmentId, 'generated', { text: 'notes' });
    await addHelp(db, sara, classId, assignmentId, 'I am stuck on the plants question.');
    // Work on another assignment of the class counts for that one only.
    const other = await world.assignQuizAs(teacher, classId, { title: 'Another quiz' });
    await addAttempt(db, nia, classId, other, { answers: [[0, 'Mars']], startedAt: at(3), finishedAt: at(4) });

    const response = await world.request(teacher, 'GET', `/api/classes/${classId}/results?assignment=${assignmentId}`);
    expect(response.status).toBe(200);
    const results = (await response.json()) as ClassResults;

    const byName = Object.fromEntries(results.students.map((student) => [student.name, student]));
    expect(Object.keys(byName).sort()).toEqual(['Nia', 'Sam', 'Sara', 'Sid']);
    expect(byName.Sam).toMatchObject({ status: 'finished', score: 2, total: 3, timeSeconds: 150, studied: { reviewed: 15, remembered: 10 }, workCount: 1 });
    expect(byName.Sam?.answers.map((answer) => answer.chosen)).toEqual(['Mercury', 'Oxygen', 'Six']);
    expect(byName.Sara).toMatchObject({ status: 'started', score: 0, total: 3, timeSeconds: 0, workCount: 0 });
    expect(byName.Sid).toMatchObject({ status: 'finished', score: 1, total: 3 });
    expect(byName.Nia).toMatchObject({ status: 'not-started', score: null, total: null, answers: [] });

    expect(results.questions).toEqual([
      { question: 0, text: 'Which planet is closest to the Sun?', correctOption: 'Mercury', answered: 3, correct: 1, wrongOptions: [{ option: 'Venus', count: 2 }] },
      {
        question: 1,
        text: 'What gas do plants take in for photosynthesis?',
        correctOption: 'Carbon dioxide',
        answered: 3,
        correct: 0,
        wrongOptions: [
          { option: 'Oxygen', count: 2 },
          { option: 'Nitrogen', count: 1 },
        ],
      },
      { question: 2, text: 'How many sides has a hexagon?', correctOption: 'Six', answered: 2, correct: 2, wrongOptions: [] },
    ]);
    expect(results.mostMissed).toEqual([1, 0]);
    expect(results.help).toEqual([expect.objectContaining({ userId: sara.id, name: 'Sara', note: 'I am stuck on the plants question.', resolved: false })]);
  });

  it('answers "Not found." to a teacher of another class, to a student of the class, and for another class\'s assignment', async () => {
    const { world, classId, assignmentId } = await quizClass();
    const { secondTeacher, students, teacher } = world;
    await addAttempt(world.db, students[0], classId, assignmentId, { answers: [[0, 'Venus']], startedAt: at(0) });
    const { id: otherClass } = await world.createClassAs(secondTeacher, 'Year 8 History');
    const otherAssignment = await world.assignQuizAs(secondTeacher, otherClass);

    for (const path of [`/results?assignment=${assignmentId}`, `/export.csv?assignment=${assignmentId}`, `/export.xlsx?assignment=${assignmentId}`, '/events']) {
      for (const stranger of [secondTeacher, students[0]]) {
        const response = await world.request(stranger, 'GET', `/api/classes/${classId}${path}`);
        expect({ path, status: response.status }).toEqual({ path, status: 404 });
        expect(await response.json()).toEqual({ error: 'Not found.' });
      }
    }
    // The class's own teacher asking with another class's assignment: not found either.
    const crossed = await world.request(teacher, 'GET', `/api/classes/${classId}/results?assignment=${otherAssignment}`);
    expect(crossed.status).toBe(404);
    const signedOut = await world.request(null, 'GET', `/api/classes/${classId}/results?assignment=${assignmentId}`);
    expect(signedOut.status).toBe(401);
  });
});
