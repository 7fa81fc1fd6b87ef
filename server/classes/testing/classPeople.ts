import { randomInt, randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { CLASS_LIMITS, JOIN_CODE_ALPHABET } from '../../../src/kernel/classes/wire';
import { createSession } from '../../accounts/currentUser';
import type { StudyForgeDb } from '../../database/database';
import type { UserRole } from '../../database/schema';

/*
 * People, classes, memberships and a quiz assignment for tests, made
 * directly in the database: people as the sign-in would leave them (an
 * account and a session), the rest as the people themselves (db.asUser,
 * through the security-definer functions and row-level security). Nothing
 * here imports a route, so a test of the database does not depend on them.
 */

export interface WorldPerson {
  id: string;
  name: string;
  email: string;
  role: UserRole;
  cookieValue: string;
  csrfToken: string;
}

export interface WorldClass {
  id: string;
  joinCode: string;
}

/** The quiz every world assignment holds, answers included (as the material table keeps it). */
export const WORLD_QUIZ = [
  { question: 'Which planet is closest to the Sun?', options: ['Venus', 'Mercury', 'Mars', 'Earth'], answer: 'Mercury', difficulty: 'Easy' },
  { question: 'What gas do plants take in for photosynthesis?', options: ['Oxygen', 'Nitrogen', 'Carbon dioxide', 'Helium'], answer: 'Carbon dioxide', difficulty: 'Easy' },
  { question: 'How many sides has a hexagon?', options: ['Five', 'Six', 'Seven', 'Eight'], answer: 'Six', difficulty: 'Easy' },
] as const;

export interface QuizOptions {
  title?: string;
  /** Hidden instructions (assignment_secrets). */
  instructions?: string;
  opensAt?: Date;
  dueAt?: Date | null;
  needsApproval?: boolean;
}

function newJoinCode(): string {
  return Array.from({ length: CLASS_LIMITS.joinCodeLength }, () => JOIN_CODE_ALPHABET[randomInt(JOIN_CODE_ALPHABET.length)]).join('');
}

/** A person with an account (issued by a test school) and one session. */
export async function addWorldPerson(db: StudyForgeDb, key: string, role: UserRole): Promise<WorldPerson> {
  const id = `user-${key}-${randomUUID().slice(0, 8)}`;
  const name = `${key.charAt(0).toUpperCase()}${key.slice(1)} Example`;
  const email = `${key}-${id.slice(-8)}@school.test`;
  await db.system.insertInto('users').values({ id, issuer: 'https://idp.test/school', subject: `subject-${id}`, email, name, role }).execute();
  return { id, name, email, role, ...(await createSession(db, id)) };
}

export async function createClassAs(db: StudyForgeDb, teacher: WorldPerson, name: string, options: { allowNameJoin?: boolean } = {}): Promise<WorldClass> {
  const id = randomUUID();
  const joinCode = newJoinCode();
  await db.asUser(teacher.id, (trx) => sql`select studyforge_create_class(${id}, ${name}, ${''}, ${''}, ${joinCode}, ${options.allowNameJoin ?? false})`.execute(trx));
  return { id, joinCode };
}

export async function joinAs(db: StudyForgeDb, student: WorldPerson, classId: string): Promise<void> {
  const row = await db.system.selectFrom('classes').select('join_code').where('id', '=', classId).executeTakeFirstOrThrow();
  const firstName = student.name.split(' ')[0] ?? student.name;
  const joined = await db.asUser(student.id, (trx) => sql<{ id: string | null }>`select studyforge_join_class(${row.join_code}, ${firstName}) as id`.execute(trx));
  if (joined.rows[0]?.id !== classId) throw new Error('joinAs: the class is archived or its code has expired');
}

export async function assignQuizAs(db: StudyForgeDb, teacher: WorldPerson, classId: string, options: QuizOptions = {}): Promise<string> {
  const id = randomUUID();
  await db.asUser(teacher.id, async (trx) => {
    await trx
      .insertInto('assignments')
      .values({
        id,
        class_id: classId,
        tool_id: 'quiz-whiz',
        title: options.title ?? 'Science warm-up',
        note: 'Answer each question, then press Finish.',
        ai_level: 'practice',
        presets: JSON.stringify({ topic: { value: 'The solar system', shown: true, locked: true } }),
        created_by: teacher.id,
        ...(options.opensAt ? { opens_at: options.opensAt } : {}),
        ...(options.dueAt !== undefined ? { due_at: options.dueAt } : {}),
        needs_approval: options.needsApproval ?? false,
      })
      .execute();
    await trx.insertInto('assignment_secrets').values({ assignment_id: id, class_id: classId, instructions: options.instructions ?? 'Never give the answer; ask a guiding question.' }).execute();
    await trx
      .insertInto('assignment_material')
      .values({ assignment_id: id, class_id: classId, content: JSON.stringify(WORLD_QUIZ), approved_at: options.needsApproval ? null : new Date() })
      .execute();
  });
  return id;
}

