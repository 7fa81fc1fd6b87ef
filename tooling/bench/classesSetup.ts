import { randomInt, randomUUID } from 'node:crypto';
import { CLASS_LIMITS, JOIN_CODE_ALPHABET } from '../../src/kernel/classes/wire';
import type { StudyForgeDb } from '../../server/database/database';
import type { Session } from './syncDevice';
import { createBenchSessions } from './syncUsers';

/*
 * The classes bench's world, written straight into the database as the
 * class routes would leave it (creating classes and joining them is not
 * what is measured): teachers and students with signed-in sessions, classes
 * with their members, and in each class one open quiz of five questions with
 * its answer key in the material, as QuizWhiz makes it.
 */

export const QUIZ = [
  { question: 'Which planet is closest to the Sun?', options: ['Venus', 'Mercury', 'Mars', 'Earth'], answer: 'Mercury', difficulty: 'Easy' },
  { question: 'What gas do plants take in for photosynthesis?', options: ['Oxygen', 'Nitrogen', 'Carbon dioxide', 'Helium'], answer: 'Carbon dioxide', difficulty: 'Easy' },
  { question: 'How many sides has a hexagon?', options: ['Five', 'Six', 'Seven', 'Eight'], answer: 'Six', difficulty: 'Easy' },
  { question: 'What is water made of?', options: ['Hydrogen and oxygen', 'Carbon and oxygen', 'Salt', 'Nitrogen'], answer: 'Hydrogen and oxygen', difficulty: 'Medium' },
  { question: 'Which organ pumps blood?', options: ['Lungs', 'Liver', 'Heart', 'Brain'], answer: 'Heart', difficulty: 'Easy' },
] as const;

export interface BenchClass {
  classId: string;
  assignmentId: string;
  teacher: Session;
  students: Session[];
}

/** A random code (the column is unique; the bench never joins by it). */
const joinCode = () => Array.from({ length: CLASS_LIMITS.joinCodeLength }, () => JOIN_CODE_ALPHABET[randomInt(JOIN_CODE_ALPHABET.length)]).join('');

/** `classCount` classes sharing `studentCount` students as evenly as they go (35 in one; 1,000 in 30: 33 or 34 each). */
export async function createBenchClasses(db: StudyForgeDb, classCount: number, studentCount: number, label: string): Promise<BenchClass[]> {
  const teachers = await createBenchSessions(db, classCount, `${label}-teacher`);
  await db.system
    .updateTable('users')
    .set({ role: 'teacher' })
    .where('id', 'in', teachers.map((teacher) => teacher.userId))
    .execute();
  const students = await createBenchSessions(db, studentCount, `${label}-student`);
  const classes: BenchClass[] = [];
  for (let index = 0; index < classCount; index += 1) {
    const classId = randomUUID();
    const assignmentId = randomUUID();
    const teacher = teachers[index] as Session;
    const mine = students.filter((_, position) => position % classCount === index);
    await db.system.insertInto('classes').values({ id: classId, name: `Bench class ${index + 1}`, join_code: joinCode() }).execute();
    await db.system.insertInto('class_teachers').values({ class_id: classId, user_id: teacher.userId }).execute();
    await db.system
      .insertInto('class_members')
      .values(mine.map((student, position) => ({ class_id: classId, user_id: student.userId, display_name: `Student ${position + 1}` })))
      .execute();
    await db.system
      .insertInto('assignments')
      .values({
        id: assignmentId,
        class_id: classId,
        tool_id: 'quiz-whiz',
        title: 'Science warm-up',
        ai_level: 'practice',
        opens_at: new Date(Date.now() - 60 * 60 * 1000),
        created_by: teacher.userId,
      })
      .execute();
    await db.system.insertInto('assignment_material').values({ assignment_id: assignmentId, class_id: classId, content: JSON.stringify(QUIZ), approved_at: new Date() }).execute();
    classes.push({ classId, assignmentId, teacher, students: mine });
  }
  return classes;
}
