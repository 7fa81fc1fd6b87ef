import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Context, MiddlewareHandler } from 'hono';
import { deleteCookie, getCookie } from 'hono/cookie';
import type { StudyForgeDb } from './database';
import type { AccountSettings } from './settings';

/*
 * THE one place that says who is calling. Every route that touches a user's
 * data sits behind `requireUser`, and reads the user only from c.var.user.
 *
 * A session is a random 32-byte id in an httpOnly cookie; the database keeps
 * only its SHA-256, so a copy of the sessions table signs no one in. A state-
 * changing request must also carry the session's CSRF token in X-CSRF-Token:
 * a page on another site can make the browser send the cookie, but cannot
 * read the token (it comes only in /api/me's answer to this origin).
 */

export type Role = 'student' | 'teacher';

export interface SessionUser {
  id: string;
  role: Role;
  name: string | null;
  email: string | null;
  sessionIdHash: string;
  csrfToken: string;
}

declare module 'hono' {
  interface ContextVariableMap {
    user: SessionUser;
  }
}

export const SIGN_IN_NEEDED = 'Sign in to use this.';
export const NOT_VERIFIED = 'This request could not be verified. Reload the page and try again.';

const SESSION_ID = /^[A-Za-z0-9_-]{43}$/;
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
/** How stale last_seen_at may get before a request writes it again: one write per session per few minutes, not per request. */
const SEEN_EVERY_MS = 5 * 60_000;

export function hashSessionId(id: string): string {
  return createHash('sha256').update(id).digest('hex');
}

/** A new session for the user: a fresh random id every time (never one the browser brought), stored only as its hash. */
export async function createSession(db: StudyForgeDb, userId: string, options: { hours?: number; now?: number } = {}): Promise<{ cookieValue: string; csrfToken: string }> {
  const now = options.now ?? Date.now();
  const cookieValue = randomBytes(32).toString('base64url');
  const csrfToken = randomBytes(32).toString('base64url');
  await db.system
    .insertInto('sessions')
    .values({
      id_hash: hashSessionId(cookieValue),
      user_id: userId,
      csrf_token: csrfToken,
      created_at: new Date(now),
      expires_at: new Date(now + (options.hours ?? 12) * 3_600_000),
      last_seen_at: new Date(now),
    })
    .execute();
  return { cookieValue, csrfToken };
}

/** How both of our cookies (the session and the sign-in attempt) are set: httpOnly, SameSite=Lax, Secure behind TLS. */
export function cookieOptions(settings: Pick<AccountSettings, 'secureCookies'>, maxAgeSeconds: number) {
  return { path: '/', httpOnly: true, secure: settings.secureCookies, sameSite: 'Lax' as const, maxAge: maxAgeSeconds };
}

/** Tells the browser to drop one of our cookies (sign-out, a finished sign-in attempt, a deleted account). */
export function clearCookie(c: Context, settings: Pick<AccountSettings, 'secureCookies'>, name: string): void {
  deleteCookie(c, name, { path: '/', secure: settings.secureCookies });
}

function sameText(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

/** Each request's session, looked up once however many middlewares ask. */
const looked = new WeakMap<Request, SessionUser | null>();

async function findSession(c: Context, db: StudyForgeDb, settings: AccountSettings, time: number): Promise<SessionUser | null> {
  const id = getCookie(c, settings.sessionCookie);
  // Anything not shaped like our id (another app's cookie, a forged one) is no session, without a query.
  if (!id || !SESSION_ID.test(id)) return null;
  const row = await db.system
    .selectFrom('sessions')
    .innerJoin('users', 'users.id', 'sessions.user_id')
    .select(['users.id', 'users.role', 'users.name', 'users.email', 'sessions.id_hash', 'sessions.csrf_token', 'sessions.last_seen_at'])
    .where('sessions.id_hash', '=', hashSessionId(id))
    .where('sessions.expires_at', '>', new Date(time))
    .executeTakeFirst();
  if (!row) return null;
  if (time - new Date(row.last_seen_at).getTime() > SEEN_EVERY_MS) {
    // Retention counts from last use, so a long session keeps its account alive.
    await db.system.updateTable('sessions').set({ last_seen_at: new Date(time) }).where('id_hash', '=', row.id_hash).execute();
    await db.system.updateTable('users').set({ last_active_at: new Date(time) }).where('id', '=', row.id).execute();
  }
  return { id: row.id, role: row.role === 'teacher' ? 'teacher' : 'student', name: row.name, email: row.email, sessionIdHash: row.id_hash, csrfToken: row.csrf_token };
}

/** The request's signed-in user, or null; also sets c.var.user. */
export async function userOf(c: Context, db: StudyForgeDb, settings: AccountSettings, now: () => number = Date.now): Promise<SessionUser | null> {
  const known = looked.get(c.req.raw);
  if (known !== undefined) return known;
  const user = await findSession(c, db, settings, now());
  looked.set(c.req.raw, user);
  if (user) c.set('user', user);
  return user;
}

/** Sets c.var.user when the request has a live session; never refuses (for /api/me and pages that work either way). */
export function sessionUser(db: StudyForgeDb, settings: AccountSettings, now: () => number = Date.now): MiddlewareHandler {
  return async (c, next) => {
    await userOf(c, db, settings, now);
    await next();
  };
}

/** 401 without a live session; 403 when a state-changing request lacks the session's CSRF token. */
export function requireUser(db: StudyForgeDb, settings: AccountSettings, now: () => number = Date.now): MiddlewareHandler {
  return async (c, next) => {
    const user = await userOf(c, db, settings, now);
    if (!user) return c.json({ error: SIGN_IN_NEEDED }, 401);
    if (!SAFE_METHODS.has(c.req.method)) {
      const sent = c.req.header('x-csrf-token') ?? '';
      if (!sameText(sent, user.csrfToken)) return c.json({ error: NOT_VERIFIED }, 403);
    }
    await next();
    return undefined;
  };
}
