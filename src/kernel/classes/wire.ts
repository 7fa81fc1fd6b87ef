import { z } from 'zod';
import type { AssignmentListItem } from './assignmentWire';
import { CLASS_LIMITS, JOIN_CODE_ALPHABET } from './limits';
import { id, requiredText, text } from './wireFields';

/*
 * What travels between the app and the gateway for classes: every request
 * body and every reply, said once and read by both sides. The gateway parses
 * each body with these schemas before any query; they are strict, so a body
 * that names anything else (a score, an owner, a user id) is refused whole.
 * Replies never carry an assignment's hidden instructions or, for a student,
 * an answer key: the student-facing shapes have no place for them.
 *
 * This file holds the classes' and joining's shapes and re-exports the rest
 * (limits.ts, assignmentWire.ts, attemptWire.ts), so both sides import one name.
 */

export * from './limits';
export * from './assignmentWire';
export * from './attemptWire';

export const classIdSchema = id;
export const joinCodeSchema = z
  .string()
  .trim()
  .transform((code) => code.toUpperCase().replace(/[\s-]/g, ''))
  .pipe(z.string().regex(new RegExp(`^[${JOIN_CODE_ALPHABET}]{${CLASS_LIMITS.joinCodeLength}}$`), 'is not a class code'));

export const createClassBody = z.strictObject({
  name: requiredText(CLASS_LIMITS.nameChars),
  grade: text(CLASS_LIMITS.gradeChars).default(''),
  subject: text(CLASS_LIMITS.subjectChars).default(''),
  allowNameJoin: z.boolean().default(false),
});
export type CreateClassBody = z.input<typeof createClassBody>;

export const updateClassBody = z.strictObject({
  name: requiredText(CLASS_LIMITS.nameChars).optional(),
  grade: text(CLASS_LIMITS.gradeChars).optional(),
  subject: text(CLASS_LIMITS.subjectChars).optional(),
  allowNameJoin: z.boolean().optional(),
  archived: z.boolean().optional(),
  retentionDays: z.number().int().min(CLASS_LIMITS.retentionDaysMin).max(CLASS_LIMITS.retentionDaysMax).optional(),
});
export type UpdateClassBody = z.input<typeof updateClassBody>;

export const addTeacherBody = z.strictObject({ email: z.email().max(320) });
export const updateMemberBody = z.strictObject({ group: text(CLASS_LIMITS.groupChars).nullable() });
export const joinBody = z.strictObject({ code: joinCodeSchema });
export const joinByNameBody = z.strictObject({ code: joinCodeSchema, firstName: requiredText(CLASS_LIMITS.firstNameChars) });

export interface ClassSummary {
  id: string;
  name: string;
  grade: string;
  subject: string;
  archived: boolean;
  /** As the asker sees it: a teacher's class or one they belong to. */
  role: 'teacher' | 'member';
  studentCount?: number;
}

export interface MyClasses {
  teaching: ClassSummary[];
  member: ClassSummary[];
}

export interface RosterEntry {
  userId: string;
  name: string;
  group: string | null;
  /** Joined with the code and a first name only: no school account. */
  guest: boolean;
  joinedAt: string;
}

export interface ClassDetail extends ClassSummary {
  teachers: { userId: string; name: string }[];
  assignments: AssignmentListItem[];
  /** Teachers only. */
  joinCode?: string;
  codeExpiresAt?: string | null;
  allowNameJoin?: boolean;
  retentionDays?: number;
  archivedAt?: string | null;
  roster?: RosterEntry[];
}

export interface JoinInfo {
  className: string;
  teacherNames: string[];
  allowNameJoin: boolean;
}

export interface JoinReply {
  classId: string;
  /** For a guest who has just been given a session. */
  csrfToken?: string;
}
