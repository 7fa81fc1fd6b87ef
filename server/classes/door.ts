import type { Context } from 'hono';
import { sql, type Transaction } from 'kysely';
import type { z } from 'zod';
import { CLASS_MESSAGES, classIdSchema } from '../../src/kernel/classes/wire';
import type { SessionUser } from '../accounts/currentUser';
import type { StudyForgeDb } from '../database/database';
import type { AssignmentRow, Database } from '../database/schema';

/*
 * The one door to a class's rows. Every class route reaches its data
 * through withClass or withAssignment: a transaction as the person asking
 * (db.asUser, so row-level security applies underneath), after checking
 * they teach or belong to the class. Anything they may not see answers
 * "Not found." exactly as a class that does not exist does, so an id of
 * someone else's class, assignment or attempt confirms nothing.
 */

export class NotFoundError extends Error {
  constructor() {
    super(CLASS_MESSAGES.notFound);
  }
}

/** A rule of the class the request broke: its status and the sentence to show. */
export class ClassRuleError extends Error {
  constructor(
    readonly status: 400 | 403 | 409 | 410 | 423 | 429 | 502,
    message: string,
  ) {
    super(message);
  }
}

export type ClassNeed = 'teacher' | 'member' | 'either';

export interface ClassAccess {
  classId: string;
  role: 'teacher' | 'member';
  archived: boolean;
  /** A member's group (null when none; always null for a teacher). */
  groupName: string | null;
  /** The name the class shows for a member (their first name); the account's name for a teacher. */
  displayName: string | null;
}

export type ClassTransaction = Transaction<Database>;

/** A path id, checked before any query: an id of another form is simply not found. */
export function checkedId(value: string | undefined): string {
  const parsed = classIdSchema.safeParse(value);
  if (!parsed.success) throw new NotFoundError();
  return parsed.data;
}

async function accessOf(trx: ClassTransaction, userId: string, classId: string): Promise<ClassAccess | null> {
  const row = await trx
    .selectFrom('classes')
    .select(['id', 'archived_at'])
    .select(sql<boolean>`studyforge_teaches(classes.id)`.as('teaches'))
    .where('id', '=', classId)
    .executeTakeFirst();
  if (!row) return null;
  if (row.teaches) return { classId, role: 'teacher', archived: row.archived_at !== null, groupName: null, displayName: null };
  const member = await trx
    .selectFrom('class_members')
    .select(['group_name', 'display_name'])
    .where('class_id', '=', classId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  if (!member) return null;
  return { classId, role: 'member', archived: row.archived_at !== null, groupName: member.group_name, displayName: member.display_name };
}

function allowed(access: ClassAccess, need: ClassNeed): boolean {
  return need === 'either' || (need === 'teacher' ? access.role === 'teacher' : access.role === 'member');
}

export interface WithClassOptions {
  /** The request changes the class's data: refused while the class is archived (reading stays allowed). */
  writes?: boolean;
}

/** Runs fn as `user` inside the class, or throws NotFoundError when they may not reach it. */
export async function withClass<T>(
  db: StudyForgeDb,
  user: SessionUser,
  classId: string,
  need: ClassNeed,
  fn: (trx: ClassTransaction, access: ClassAccess) => Promise<T>,
  options: WithClassOptions = {},
): Promise<T> {
  const id = checkedId(classId);
  return db.asUser(user.id, async (trx) => {
    const access = await accessOf(trx, user.id, id);
    if (!access || !allowed(access, need)) throw new NotFoundError();
    if (options.writes && access.archived) throw new ClassRuleError(423, CLASS_MESSAGES.archived);
    return fn(trx, access);
  });
}

export type AssignmentAccess = ClassAccess & { assignment: AssignmentRow; open: boolean };

/**
 * Runs fn as `user` with an assignment of the class. For a member, a write
 * (an answer, a run, a report) is refused before the assignment opens and
 * after it is due; reading it is not, so a student sees what is coming.
 */
export async function withAssignment<T>(
  db: StudyForgeDb,
  user: SessionUser,
  classId: string,
  assignmentId: string,
  need: ClassNeed,
  fn: (trx: ClassTransaction, access: AssignmentAccess) => Promise<T>,
  options: WithClassOptions & { now?: () => number } = {},
): Promise<T> {
  const id = checkedId(assignmentId);
  const now = (options.now ?? Date.now)();
  return withClass(
    db,
    user,
    classId,
    need,
    async (trx, access) => {
      const assignment = await trx.selectFrom('assignments').selectAll().where('id', '=', id).where('class_id', '=', access.classId).executeTakeFirst();
      if (!assignment) throw new NotFoundError();
      const opened = assignment.opens_at.getTime() <= now;
      const due = assignment.due_at !== null && assignment.due_at.getTime() <= now;
      if (options.writes && access.role === 'member') {
        if (!opened) throw new ClassRuleError(423, CLASS_MESSAGES.notOpenYet);
        if (due) throw new ClassRuleError(423, CLASS_MESSAGES.closed);
      }
      return fn(trx, { ...access, assignment, open: opened && !due });
    },
    options,
  );
}

/** The reply for a door's refusal or a broken class rule; undefined for any other error (rethrow it). */
export function classErrorResponse(c: Context, error: unknown): Response | undefined {
  if (error instanceof NotFoundError) return c.json({ error: CLASS_MESSAGES.notFound }, 404);
  if (error instanceof ClassRuleError) return c.json({ error: error.message }, error.status);
  return undefined;
}

/**
 * A JSON body read with its wire schema: not JSON, or of another shape, is
 * a ClassRuleError(400) with a sentence naming the field. Bodies are small
 * (the mount sets a byte limit before this reads).
 */
export async function parsedBody<S extends z.ZodType>(c: Context, schema: S): Promise<z.output<S>> {
  let raw: unknown;
  try {
    const text = await c.req.text();
    raw = text.trim() === '' ? {} : JSON.parse(text);
  } catch {
    throw new ClassRuleError(400, 'The request body must be JSON.');
  }
  const parsed = schema.safeParse(raw);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const where = issue?.path.join('.') || 'body';
    throw new ClassRuleError(400, issue?.code === 'unrecognized_keys' ? `This request cannot include ${issue.keys.map((k) => `"${k}"`).join(', ')}.` : `${where}: ${issue?.message ?? 'not valid'}.`);
  }
  return parsed.data;
}
