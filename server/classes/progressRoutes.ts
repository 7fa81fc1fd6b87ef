import { randomUUID } from 'node:crypto';
import type { Hono } from 'hono';
import { sql } from 'kysely';
import { progressBody } from '../../src/kernel/classes/wire';
import type { ClassRouteDeps } from './deps';
import { ClassRuleError, type ClassTransaction } from './door';
import { addMemberWrite } from './memberWrites';

/*
 * A student's work flowing back to the class as they go: study of the
 * assignment's cards, time spent with it open, and refinements of what a
 * tool made. Each report is one class_work row:
 *   study    {reviewed, remembered}  the cards studied since the last report (the results add them up)
 *   time     {seconds}               time on the assignment since the last report (added up)
 *   refined  {change, versions}      one refinement
 *
 * Bounded two ways, so a script cannot make the class's tables grow or the
 * teacher's view lie: a student has at most WORK_ROWS_PER_ASSIGNMENT rows
 * of progress on an assignment, and a time report never claims more than
 * the time since their previous one (two tabs open together count once).
 */

export const WORK_ROWS_PER_ASSIGNMENT = 2_000;
export const TOO_MUCH_PROGRESS = 'This assignment has all the progress it can keep from you. Your work so far is saved.';
export const REMEMBERED_OVER_REVIEWED = 'remembered: cannot be more than the cards reviewed.';

async function progressRows(trx: ClassTransaction, assignmentId: string, userId: string): Promise<number> {
  const row = await trx
    .selectFrom('class_work')
    .select(sql<string | number>`count(*)`.as('n'))
    .where('assignment_id', '=', assignmentId)
    .where('user_id', '=', userId)
    .where('kind', 'in', ['study', 'time', 'refined'])
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

/** The seconds a time report may add: what it says, but never more than has passed since the previous one. */
async function creditedSeconds(trx: ClassTransaction, assignmentId: string, userId: string, seconds: number, now: Date): Promise<number> {
  const previous = await trx
    .selectFrom('class_work')
    .select('created_at')
    .where('assignment_id', '=', assignmentId)
    .where('user_id', '=', userId)
    .where('kind', '=', 'time')
    .orderBy('created_at', 'desc')
    .executeTakeFirst();
  if (!previous) return seconds;
  const since = Math.floor((now.getTime() - new Date(previous.created_at).getTime()) / 1000);
  return Math.max(0, Math.min(seconds, since));
}

export function addProgressRoutes(app: Hono, deps: ClassRouteDeps): void {
  addMemberWrite(app, deps, '/api/classes/:classId/assignments/:assignmentId/progress', progressBody, async ({ body, user, trx, access }) => {
    if (body.kind === 'study' && body.remembered > body.reviewed) throw new ClassRuleError(400, REMEMBERED_OVER_REVIEWED);
    if ((await progressRows(trx, access.assignment.id, user.id)) >= WORK_ROWS_PER_ASSIGNMENT) throw new ClassRuleError(429, TOO_MUCH_PROGRESS);
    const now = new Date(deps.now());
    let detail: Record<string, unknown>;
    if (body.kind === 'time') {
      const seconds = await creditedSeconds(trx, access.assignment.id, user.id, body.seconds, now);
      if (seconds === 0) return { reply: { ok: true }, changed: false };
      detail = { seconds };
    } else if (body.kind === 'study') {
      detail = { reviewed: body.reviewed, remembered: body.remembered };
    } else {
      detail = body.detail;
    }
    await trx
      .insertInto('class_work')
      .values({ id: randomUUID(), assignment_id: access.assignment.id, class_id: access.classId, user_id: user.id, kind: body.kind, detail: JSON.stringify(detail), created_at: now })
      .execute();
    return { reply: { ok: true }, changed: true };
  });
}
