import type { Hono } from 'hono';
import type { AssignmentListItem, AssignmentStatus, MyAssignments } from '../../src/kernel/classes/wire';
import type { ClassRouteDeps } from './deps';
import { classHandler, signedIn } from './routeKit';

/*
 * A student's assignments across every class they belong to, for the
 * dashboard: due soonest first (those with no due time last), then by the
 * time they open; archived classes left out. Read in one transaction as the
 * student, so row-level security gives them their own attempts and work and
 * nobody else's. Their status: finished when an attempt is finished (its
 * score shown), started when an attempt or any work exists.
 */

export function addMyAssignmentRoutes(app: Hono, deps: ClassRouteDeps): void {
  app.get('/api/my/assignments', deps.requireUser, classHandler(async (c) => {
    const user = signedIn(c);
    const assignments = await deps.db.asUser(user.id, async (trx) => {
      const rows = await trx
        .selectFrom('class_members')
        .innerJoin('classes', 'classes.id', 'class_members.class_id')
        .innerJoin('assignments', 'assignments.class_id', 'classes.id')
        .select(['assignments.id', 'assignments.class_id', 'classes.name as class_name', 'assignments.tool_id', 'assignments.title', 'assignments.note', 'assignments.ai_level', 'assignments.opens_at', 'assignments.due_at'])
        .where('class_members.user_id', '=', user.id)
        .where('classes.archived_at', 'is', null)
        .execute();
      if (rows.length === 0) return [];
      const ids = rows.map((row) => row.id);
      const attempts = await trx
        .selectFrom('attempts')
        .select(['assignment_id', 'finished_at', 'score', 'total', 'started_at'])
        .where('user_id', '=', user.id)
        .where('assignment_id', 'in', ids)
        .orderBy('started_at')
        .execute();
      const worked = await trx.selectFrom('class_work').select('assignment_id').distinct().where('user_id', '=', user.id).where('assignment_id', 'in', ids).execute();
      const workedOn = new Set(worked.map((row) => row.assignment_id));
      return rows.map((row): AssignmentListItem => {
        const own = attempts.filter((attempt) => attempt.assignment_id === row.id);
        // The latest finished attempt is the result, as the teacher's results count it.
        const finished = own.filter((attempt) => attempt.finished_at !== null).sort((a, b) => Number(b.finished_at) - Number(a.finished_at))[0];
        const status: AssignmentStatus = finished ? 'finished' : own.length > 0 || workedOn.has(row.id) ? 'started' : 'not-started';
        return {
          id: row.id,
          classId: row.class_id,
          className: row.class_name,
          toolId: row.tool_id,
          title: row.title,
          note: row.note,
          aiLevel: row.ai_level,
          opensAt: new Date(row.opens_at).toISOString(),
          dueAt: row.due_at === null ? null : new Date(row.due_at).toISOString(),
          status,
          score: finished && finished.score !== null ? { score: finished.score, total: finished.total } : null,
        };
      });
    });
    const reply: MyAssignments = { assignments: assignments.sort(byDueThenOpens) };
    return c.json(reply);
  }));
}

const timeOf = (iso: string | null) => (iso === null ? Number.POSITIVE_INFINITY : Date.parse(iso));

/** Due soonest first, no due time last; then the one opening first; then by title, so the order never flickers. */
export function byDueThenOpens(a: AssignmentListItem, b: AssignmentListItem): number {
  return timeOf(a.dueAt) - timeOf(b.dueAt) || timeOf(a.opensAt) - timeOf(b.opensAt) || a.title.localeCompare(b.title) || a.id.localeCompare(b.id);
}
