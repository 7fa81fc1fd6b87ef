import { randomUUID } from 'node:crypto';
import type { Context } from 'hono';
import { setCookie } from 'hono/cookie';
import { sql } from 'kysely';
import { CLASS_MESSAGES, joinByNameBody, type JoinReply } from '../../src/kernel/classes/wire';
import { cookieOptions, createSession, userOf } from '../accounts/currentUser';
import type { ClassRouteDeps } from './deps';
import { GUEST_ISSUER } from './retention';
import { ClassRuleError, parsedBody } from './door';
import type { JoinLimit } from './joinLimit';
import { ClassNotFoundByCode, fromOwnApp, liveClassOf } from './joinCheck';

/*
 * Joining with the code and a first name only, for pupils too young for a
 * school account, where the class's teacher allows it. The pupil gets a
 * guest account (no email, no provider: issuer 'studyforge:class-code' and
 * a random subject, so it can never be matched to anyone), is joined as
 * that account through the database's own join function, and is signed in
 * with the same session cookie a sign-in sets. The account lives as long as
 * it belongs to a class (removing the pupil, or deleting the class, ends it).
 */

export const CROSS_SITE_JOIN = 'Refused: joining with a first name works only from StudyForge itself.';
export const SIGNED_IN_USE_JOIN = 'You are already signed in: join the class with your account instead.';

export async function joinAsGuest(c: Context, deps: ClassRouteDeps, limit: JoinLimit): Promise<Response> {
  const { db, settings, now } = deps;
  if (!fromOwnApp(c, settings.publicUrl.origin)) return c.json({ error: CROSS_SITE_JOIN }, 403);
  // A second account in a browser already signed in would end the first session without a word.
  if (await userOf(c, db, settings, now)) throw new ClassRuleError(409, SIGNED_IN_USE_JOIN);
  const { code, firstName } = await parsedBody(c, joinByNameBody);
  const address = deps.clientOf(c);
  const found = await liveClassOf(deps, limit, address, code);
  if (!found.allowNameJoin) throw new ClassRuleError(403, CLASS_MESSAGES.nameJoinOff);
  if (!(await limit.mayMakeGuest(address))) throw new ClassRuleError(429, CLASS_MESSAGES.tooManyJoins);

  const guestId = randomUUID();
  await db.system.insertInto('users').values({ id: guestId, issuer: GUEST_ISSUER, subject: randomUUID(), email: null, name: firstName, role: 'student' }).execute();
  const joined = await db.asUser(guestId, (trx) => sql<{ id: string | null }>`select studyforge_join_class(${found.code}, ${firstName}) as id`.execute(trx));
  const classId = joined.rows[0]?.id;
  if (!classId) {
    // Archived or renewed between the look-up and the join: the account was for this class only.
    await db.system.deleteFrom('users').where('id', '=', guestId).execute();
    throw new ClassNotFoundByCode();
  }
  const session = await createSession(db, guestId, { hours: settings.sessionHours, now: now() });
  await deps.audit('sign-in', guestId, 'class code');
  setCookie(c, settings.sessionCookie, session.cookieValue, cookieOptions(settings, Math.round(settings.sessionHours * 3600)));
  const reply: JoinReply = { classId, csrfToken: session.csrfToken };
  return c.json(reply);
}
