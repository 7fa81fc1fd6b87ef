import type { Hono } from 'hono';
import { sql } from 'kysely';
import { CLASS_MESSAGES, joinBody, type JoinInfo, type JoinReply } from '../../src/kernel/classes/wire';
import type { SessionUser } from '../accounts/currentUser';
import type { ClassRouteDeps } from './deps';
import { teacherNamesOf } from './codes';
import { ClassRuleError, parsedBody } from './door';
import { joinAsGuest } from './guestJoin';
import { ClassNotFoundByCode, joinHandler, liveClassOf } from './joinCheck';
import { createJoinLimit } from './joinLimit';
import { classBodyLimit, signedIn } from './routeKit';

/*
 * Joining a class with its code: what the join page shows before anyone
 * joins (signed out too), joining with one's account, and joining with a
 * first name only where the teacher allows it (guestJoin.ts).
 *
 * Codes are looked up as the table owner (a stranger cannot select a class);
 * each that names no live class counts against the caller's address
 * (joinCheck.ts, joinLimit.ts).
 */

/**
 * The name a member shows in the class: the account's name as the school's
 * provider gives it (a teacher tells two Marias apart by the surname), else
 * the address before the @.
 */
export function memberNameOf(user: Pick<SessionUser, 'name' | 'email'>): string {
  const clean = (text: string | null | undefined) => text?.trim().replace(/\s+/g, ' ') ?? '';
  const name = clean(user.name) || clean(user.email?.split('@')[0]) || 'Student';
  return name.slice(0, 60);
}

export function addJoinRoutes(app: Hono, deps: ClassRouteDeps): void {
  const { db, requireUser } = deps;
  const limit = createJoinLimit(deps.limitStore, deps.now);

  app.get(
    '/api/join/:code',
    joinHandler(async (c) => {
      const found = await liveClassOf(deps, limit, deps.clientOf(c), c.req.param('code') ?? '');
      const info: JoinInfo = { className: found.className, teacherNames: await teacherNamesOf(db, found.classId), allowNameJoin: found.allowNameJoin };
      return c.json(info);
    }),
  );

  app.post(
    '/api/join',
    requireUser,
    classBodyLimit,
    joinHandler(async (c) => {
      const user = signedIn(c);
      // A malformed code is refused by the schema before any look-up; a well-formed wrong one counts as a miss.
      const { code } = await parsedBody(c, joinBody);
      const found = await liveClassOf(deps, limit, deps.clientOf(c), code);
      const teaches = await db.system.selectFrom('class_teachers').select('user_id').where('class_id', '=', found.classId).where('user_id', '=', user.id).executeTakeFirst();
      if (teaches) throw new ClassRuleError(409, CLASS_MESSAGES.alreadyTeacher);
      // Joining twice changes nothing: the function keeps the first membership as it is.
      const joined = await db.asUser(user.id, (trx) => sql<{ id: string | null }>`select studyforge_join_class(${found.code}, ${memberNameOf(user)}) as id`.execute(trx));
      const classId = joined.rows[0]?.id;
      // Archived or renewed between the look-up and the join.
      if (!classId) throw new ClassNotFoundByCode();
      const reply: JoinReply = { classId };
      return c.json(reply);
    }),
  );

  app.post(
    '/api/join/name',
    classBodyLimit,
    joinHandler(async (c) => joinAsGuest(c, deps, limit)),
  );
}
