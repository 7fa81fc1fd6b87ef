import { randomInt } from 'node:crypto';
import { CLASS_LIMITS, JOIN_CODE_ALPHABET } from '../../src/kernel/classes/wire';
import type { StudyForgeDb } from '../database/database';

/*
 * Join codes: eight characters from an alphabet with nothing that reads as
 * something else (no 0/O, 1/I/L), drawn with the operating system's random
 * source, so a code is short enough to copy from a board and too many to
 * guess (31^8, near 10^12; the join routes also limit wrong tries). A code
 * is stored bare and shown grouped ("ABCD-EFGH"); joinCodeSchema takes it
 * either way and in any case.
 *
 * Uniqueness is the database's (classes.join_code is unique): two classes
 * drawing the same code at once is left to the constraint, and the whole
 * step is tried again with a new code. Not a read first: a teacher cannot
 * see other classes' codes, and a read would race anyway.
 */

/** How many draws before giving up: a clash is about one in 10^12 per draw, so a second clash means something else is wrong. */
const CODE_TRIES = 5;

export type CodeSource = () => string;

/** A fresh code from the crypto random source. */
export const randomJoinCode: CodeSource = () => Array.from({ length: CLASS_LIMITS.joinCodeLength }, () => JOIN_CODE_ALPHABET[randomInt(JOIN_CODE_ALPHABET.length)]).join('');

/** Whether the database refused a write because another class has that code. */
export function isCodeClash(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const { code, constraint, message } = error as { code?: unknown; constraint?: unknown; message?: unknown };
  if (code !== '23505') return false;
  const said = `${typeof constraint === 'string' ? constraint : ''} ${typeof message === 'string' ? message : ''}`;
  return said.includes('join_code');
}

/**
 * Runs `step` (one whole transaction: a clash aborts it) with a new code,
 * again with another when the code is taken. Any other error is the caller's.
 */
export async function withFreshCode<T>(step: (code: string) => Promise<T>, source: CodeSource = randomJoinCode): Promise<T> {
  for (let tried = 1; ; tried += 1) {
    try {
      return await step(source());
    } catch (error) {
      if (!isCodeClash(error) || tried >= CODE_TRIES) throw error;
    }
  }
}

export type CodeLookup =
  | { state: 'live'; classId: string; className: string; allowNameJoin: boolean }
  | { state: 'bad' }
  | { state: 'expired' };

/**
 * The class a code names, read as the table owner: a stranger cannot select
 * a class, and the join page must say whose it is before anyone joins. An
 * archived class's code is simply not valid (its teacher may restore it).
 */
export async function lookUpCode(db: StudyForgeDb, code: string, now: number): Promise<CodeLookup> {
  const row = await db.system
    .selectFrom('classes')
    .select(['id', 'name', 'allow_name_join', 'archived_at', 'code_expires_at'])
    .where('join_code', '=', code)
    .executeTakeFirst();
  if (!row || row.archived_at !== null) return { state: 'bad' };
  if (row.code_expires_at !== null && row.code_expires_at.getTime() <= now) return { state: 'expired' };
  return { state: 'live', classId: row.id, className: row.name, allowNameJoin: row.allow_name_join };
}

/** The names of a class's teachers, as the join page and a member's view show them. */
export async function teacherNamesOf(db: StudyForgeDb, classId: string): Promise<string[]> {
  const rows = await db.system
    .selectFrom('class_teachers')
    .innerJoin('users', 'users.id', 'class_teachers.user_id')
    .select(['users.name'])
    .where('class_teachers.class_id', '=', classId)
    .orderBy('class_teachers.added_at')
    .execute();
  return rows.map((row) => row.name?.trim() || 'Teacher');
}
