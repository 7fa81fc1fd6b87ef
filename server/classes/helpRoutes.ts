import { randomUUID } from 'node:crypto';
import type { Hono } from 'hono';
import { sql } from 'kysely';
import { helpBody, resolveHelpBody } from '../../src/kernel/classes/wire';
import { announceClass } from './classEvents';
import type { ClassRouteDeps } from './deps';
import { checkedId, ClassRuleError, NotFoundError, parsedBody, withClass } from './door';
import { addMemberWrite } from './memberWrites';
import { classBodyLimit, classHandler, signedIn } from './routeKit';

/*
 * "I need help": a student's short note on an assignment, which the
 * teacher's class view shows live until a teacher marks it resolved. A
 * student may have only a few requests waiting on one assignment, so a
 * held-down button cannot bury the teacher's list.
 */

export const OPEN_HELP_PER_ASSIGNMENT = 5;
export const TOO_MANY_HELP_REQUESTS = 'Your teacher has your requests for help on this assignment. They will get back to you.';

export function addHelpRoutes(app: Hono, deps: ClassRouteDeps): void {
  const { db } = deps;

  addMemberWrite(app, deps, '/api/classes/:classId/assignments/:assignmentId/help', helpBody, async ({ body: { note }, user, trx, access }) => {
    const open = await trx
      .selectFrom('help_requests')
      .select(sql<string | number>`count(*)`.as('n'))
      .where('assignment_id', '=', access.assignment.id)
      .where('user_id', '=', user.id)
      .where('resolved_at', 'is', null)
      .executeTakeFirst();
    if (Number(open?.n ?? 0) >= OPEN_HELP_PER_ASSIGNMENT) throw new ClassRuleError(429, TOO_MANY_HELP_REQUESTS);
    const id = randomUUID();
    await trx.insertInto('help_requests').values({ id, assignment_id: access.assignment.id, class_id: access.classId, user_id: user.id, note, created_at: new Date(deps.now()) }).execute();
    return { reply: { id }, changed: true };
  });

  app.patch(
    '/api/classes/:classId/help/:helpId',
    deps.requireUser,
    classBodyLimit,
    classHandler(async (c) => {
      await parsedBody(c, resolveHelpBody);
      const classId = c.req.param('classId') ?? '';
      const assignmentId = await withClass(
        db,
        signedIn(c),
        classId,
        'teacher',
        async (trx, access) => {
          const helpId = checkedId(c.req.param('helpId'));
          // Resolved twice keeps the first time it was resolved.
          const resolved = await trx
            .updateTable('help_requests')
            .set({ resolved_at: sql<Date>`coalesce(resolved_at, ${new Date(deps.now())})` })
            .where('id', '=', helpId)
            .where('class_id', '=', access.classId)
            .returning('assignment_id')
            .executeTakeFirst();
          if (!resolved) throw new NotFoundError();
          return resolved.assignment_id;
        },
        { writes: true },
      );
      await announceClass(db, classId, assignmentId);
      return c.json({ ok: true });
    }),
  );
}
