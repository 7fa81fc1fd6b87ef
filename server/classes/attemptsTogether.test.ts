import { randomUUID } from 'node:crypto';
import { expect, it } from 'vitest';
import { describeOnBothDatabases } from '../testing/bothDatabases';
import { CLASS_CHANNEL, classKey } from './classEvents';
import { attemptWorld } from './testing/attemptWorld';
import { WORLD_QUIZ } from './testing/classWorld';

/*
 * A whole class answering at once, as it does when the teacher says "go":
 * every answer stored once, whatever arrives side by side, and the
 * teacher's view told of each change (and only of changes).
 */

const CLASS_SIZE = 35;

describeOnBothDatabases('a class answering together', (open) => {
  it(`stores each of ${CLASS_SIZE} students' answer to the same question once, each sent twice at the same moment`, async () => {
    const world = await attemptWorld(await open());
    const students = await Promise.all(Array.from({ length: CLASS_SIZE }, (_, i) => world.addPerson(`pupil${i}`, 'student')));
    for (const student of students) await world.joinAs(student, world.classId);
    const attempts = await Promise.all(students.map((student) => world.start(student)));
    const question = WORLD_QUIZ[0];
    // Half choose the right option, half a wrong one; every request is sent twice in a row, all at once.
    const chosen = (i: number) => (i % 2 === 0 ? question.answer : question.options[0]);
    const sends = students.flatMap((student, i) => [i, i].map(() => ({ student, attemptId: attempts[i]?.attemptId ?? '', choice: chosen(i) })));
    const verdicts = await Promise.all(sends.map(({ student, attemptId, choice }) => world.answer(student, attemptId, 0, choice)));
    expect(verdicts.map((verdict) => verdict.correct)).toEqual(sends.map(({ choice }) => choice === question.answer));
    const rows = await world.rows('attempt_answers', 'class_id', world.classId);
    expect(rows).toHaveLength(CLASS_SIZE);
    expect(new Set(rows.map((row) => row.attempt_id)).size).toBe(CLASS_SIZE);
    expect(rows.filter((row) => row.correct)).toHaveLength(Math.ceil(CLASS_SIZE / 2));
    // A whole class on the embedded database of a busy 2-core machine: room to finish, not a speed limit.
  }, 180_000);

  it('tells the teacher’s view when an attempt starts, an answer is stored and it finishes, and not when nothing changed', async () => {
    const world = await attemptWorld(await open());
    const [sam] = world.students;
    const heard: string[] = [];
    const unlisten = await world.db.listen(CLASS_CHANNEL, (payload) => heard.push(payload));
    try {
      const { attemptId } = await world.start(sam, randomUUID());
      await world.start(sam, attemptId);
      await world.answer(sam, attemptId, 0, 'Mercury');
      await world.answer(sam, attemptId, 0, 'Mercury');
      await world.finish(sam, attemptId);
      await world.finish(sam, attemptId);
      const expected = `${classKey(world.classId)}:${world.quizId}`;
      await expect.poll(() => heard.length).toBe(3);
      // Anything late would show here.
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(heard).toEqual([expected, expected, expected]);
    } finally {
      await unlisten();
    }
  });
});
