import { sql } from 'kysely';
import type { AssignmentListItem, AssignmentStatus, ClassDetail, ClassSummary, MyClasses, RosterEntry } from '../../src/kernel/classes/wire';
import type { SessionUser } from '../accounts/currentUser';
import type { StudyForgeDb } from '../database/database';
import type { ClassRow } from '../database/schema';
import { withClass, type ClassAccess, type ClassTransaction } from './door';
import { GUEST_ISSUER } from './retention';

/*
 * A class as its teacher and as a member see it. The rows are read inside
 * the door's transaction (as the person, under row-level security); the
 * names of the people in it are read after, as the table owner, because a
 * users row is visible only to its own person. Those are the only facts
 * taken that way: a teacher's name and whether a member is a guest.
 */

interface MemberRow {
  user_id: string;
  display_name: string;
  group_name: string | null;
  joined_at: Date;
}

/** What the door's transaction read; detailFrom adds the names. */
export interface ClassFacts {
  row: ClassRow;
  role: 'teacher' | 'member';
  teacherIds: string[];
  /** Teachers only. */
  members: MemberRow[] | null;
  assignments: AssignmentListItem[];
}

const iso = (date: Date | null): string | null => (date === null ? null : date.toISOString());

function summaryOf(row: Pick<ClassRow, 'id' | 'name' | 'grade' | 'subject' | 'archived_at'>, role: 'teacher' | 'member', studentCount?: number): ClassSummary {
  return { id: row.id, name: row.name, grade: row.grade, subject: row.subject, archived: row.archived_at !== null, role, ...(studentCount === undefined ? {} : { studentCount }) };
}

function statusOf(attempts: { finished_at: Date | null }[], worked: boolean): AssignmentStatus {
  if (attempts.some((attempt) => attempt.finished_at !== null)) return 'finished';
  return attempts.length > 0 || worked ? 'started' : 'not-started';
}

/** The class's assignments, due first (none due last), then by opening; a member's carry their own status and score. */
async function assignmentsOf(trx: ClassTransaction, row: ClassRow, access: ClassAccess, userId: string): Promise<AssignmentListItem[]> {
  const assignments = await trx
    .selectFrom('assignments')
    .select(['id', 'tool_id', 'title', 'note', 'ai_level', 'opens_at', 'due_at'])
    .where('class_id', '=', row.id)
    .orderBy(sql`due_at asc nulls last`)
    .orderBy('opens_at')
    .orderBy('id')
    .execute();
  const items = assignments.map(
    (a): AssignmentListItem => ({ id: a.id, classId: row.id, className: row.name, toolId: a.tool_id, title: a.title, note: a.note, aiLevel: a.ai_level, opensAt: a.opens_at.toISOString(), dueAt: iso(a.due_at) }),
  );
  if (access.role === 'teacher' || items.length === 0) return items;
  const attempts = await trx.selectFrom('attempts').select(['assignment_id', 'finished_at', 'score', 'total']).where('class_id', '=', row.id).where('user_id', '=', userId).orderBy('started_at').execute();
  const work = await trx.selectFrom('class_work').select('assignment_id').distinct().where('class_id', '=', row.id).where('user_id', '=', userId).execute();
  const worked = new Set(work.map((w) => w.assignment_id));
  return items.map((item) => {
    const own = attempts.filter((attempt) => attempt.assignment_id === item.id);
    const finished = own.filter((attempt) => attempt.finished_at !== null && attempt.score !== null).at(-1);
    return { ...item, status: statusOf(own, worked.has(item.id)), score: finished ? { score: finished.score ?? 0, total: finished.total } : null };
  });
}

/** Reads a class inside the door's transaction: a teacher gets the roster too. */
export async function readClass(trx: ClassTransaction, access: ClassAccess, userId: string): Promise<ClassFacts> {
  const row = await trx.selectFrom('classes').selectAll().where('id', '=', access.classId).executeTakeFirstOrThrow();
  const teachers = await trx.selectFrom('class_teachers').select('user_id').where('class_id', '=', row.id).orderBy('added_at').orderBy('user_id').execute();
  const members =
    access.role === 'teacher'
      ? await trx.selectFrom('class_members').select(['user_id', 'display_name', 'group_name', 'joined_at']).where('class_id', '=', row.id).orderBy('display_name').orderBy('joined_at').execute()
      : null;
  return { row, role: access.role, teacherIds: teachers.map((t) => t.user_id), members, assignments: await assignmentsOf(trx, row, access, userId) };
}

async function peopleOf(db: StudyForgeDb, ids: string[]): Promise<Map<string, { name: string | null; guest: boolean }>> {
  if (ids.length === 0) return new Map();
  const rows = await db.system.selectFrom('users').select(['id', 'name', 'issuer']).where('id', 'in', ids).execute();
  return new Map(rows.map((row) => [row.id, { name: row.name, guest: row.issuer === GUEST_ISSUER }]));
}

/** The reply for a class read by readClass: a member's has no code, no settings and no roster. */
export async function detailFrom(db: StudyForgeDb, facts: ClassFacts): Promise<ClassDetail> {
  const { row, role, members } = facts;
  const people = await peopleOf(db, [...facts.teacherIds, ...(members ?? []).map((m) => m.user_id)]);
  const teachers = facts.teacherIds.map((userId) => ({ userId, name: people.get(userId)?.name?.trim() || 'Teacher' }));
  const base: ClassDetail = { ...summaryOf(row, role, members?.length), teachers, assignments: facts.assignments };
  if (role !== 'teacher' || members === null) return base;
  const roster = members.map(
    (m): RosterEntry => ({ userId: m.user_id, name: m.display_name, group: m.group_name, guest: people.get(m.user_id)?.guest ?? false, joinedAt: m.joined_at.toISOString() }),
  );
  return {
    ...base,
    joinCode: row.join_code,
    codeExpiresAt: iso(row.code_expires_at),
    allowNameJoin: row.allow_name_join,
    retentionDays: row.retention_days,
    archivedAt: iso(row.archived_at),
    roster,
  };
}

/** Every class the person teaches or belongs to (row-level security shows no other), unarchived first. */
export async function myClasses(trx: ClassTransaction): Promise<MyClasses> {
  const rows = await trx
    .selectFrom('classes')
    .select(['id', 'name', 'grade', 'subject', 'archived_at'])
    .select(sql<boolean>`studyforge_teaches(classes.id)`.as('teaches'))
    .select((eb) => eb.selectFrom('class_members').select(eb.fn.countAll<string>().as('n')).whereRef('class_members.class_id', '=', 'classes.id').as('members'))
    .orderBy(sql`archived_at is not null`)
    .orderBy('name')
    .orderBy('id')
    .execute();
  return {
    teaching: rows.filter((row) => row.teaches).map((row) => summaryOf(row, 'teacher', Number(row.members ?? 0))),
    member: rows.filter((row) => !row.teaches).map((row) => summaryOf(row, 'member')),
  };
}

/** Runs `change` as a teacher of the class (through the door), then answers the class as they now see it. */
export async function changeClass(
  db: StudyForgeDb,
  user: SessionUser,
  classId: string,
  change: (trx: ClassTransaction, access: ClassAccess) => Promise<void>,
  options: { writes?: boolean } = { writes: true },
) {
  const facts = await withClass(
    db,
    user,
    classId,
    'teacher',
    async (trx, access) => {
      await change(trx, access);
      return readClass(trx, access, user.id);
    },
    options,
  );
  return detailFrom(db, facts);
}
