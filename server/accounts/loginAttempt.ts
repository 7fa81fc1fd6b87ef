import { createCipheriv, createDecipheriv, createHash, createHmac, randomBytes } from 'node:crypto';
import type { LimitStore } from '../limitStore/types';

/*
 * One sign-in attempt, between /auth/login and /auth/callback: the PKCE
 * verifier, state and nonce, kept in the browser that started it, in an
 * httpOnly cookie sealed with AES-256-GCM under the deployment's secret.
 *
 * Why a cookie and not a table row or this process's memory: the schema has
 * no table for it, and a school runs several gateway instances behind one
 * address, where the callback may reach another instance than the start; a
 * sealed cookie travels with the browser to whichever answers. The seal
 * means nobody can read the verifier or write an attempt of their own, and
 * an attempt started in one browser cannot be finished in another (login
 * CSRF: the state must match this browser's cookie).
 *
 * A cookie alone could be sent twice, so each attempt is also one-use: its
 * state is marked used in the shared limit store (the same Redis or memory
 * every instance already counts in), and a second callback is refused.
 * Both live 10 minutes.
 */

export const ATTEMPT_LIFETIME_MS = 10 * 60_000;
const MAX_COOKIE_LENGTH = 1_024;

export interface LoginAttempt {
  provider: string;
  state: string;
  nonce: string;
  verifier: string;
  startedAt: number;
  /** The app's route to come back to (a class's join link), checked by returnRoute; absent: the Account page. */
  returnTo?: string;
}

/*
 * Only the class screens a signed-out person is sent to sign in from: a
 * class's join link and its pages. Anything else, or a malformed path, is
 * ignored (the Account page), so the parameter cannot send anyone elsewhere.
 */
const RETURN_ROUTE = /^\/(join\/[A-Za-z0-9-]{1,20}|classes(\/[A-Za-z0-9-]{1,64}){0,3})$/;

/** The app route to return to after signing in, when it is one of the class screens'; undefined otherwise. */
export function returnRoute(value: string | undefined): string | undefined {
  return value !== undefined && RETURN_ROUTE.test(value) ? value : undefined;
}

function keyOf(secret: string): Buffer {
  return createHmac('sha256', secret).update('studyforge sign-in attempt cookie').digest();
}

export function sealAttempt(secret: string, attempt: LoginAttempt): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', keyOf(secret), iv);
  const body = Buffer.concat([cipher.update(JSON.stringify(attempt), 'utf8'), cipher.final()]);
  return [iv, body, cipher.getAuthTag()].map((part) => part.toString('base64url')).join('.');
}

function isAttempt(value: unknown): value is LoginAttempt {
  if (typeof value !== 'object' || value === null) return false;
  const record = value as Record<string, unknown>;
  return (
    ['provider', 'state', 'nonce', 'verifier'].every((key) => typeof record[key] === 'string') &&
    typeof record.startedAt === 'number' &&
    (record.returnTo === undefined || returnRoute(String(record.returnTo)) !== undefined)
  );
}

/** The attempt sealed in the cookie, or undefined when it is absent, altered, from another deployment or too old. */
export function openAttempt(secret: string, sealed: string | undefined, now: number): LoginAttempt | undefined {
  if (!sealed || sealed.length > MAX_COOKIE_LENGTH) return undefined;
  const [iv, body, tag, extra] = sealed.split('.').map((part) => Buffer.from(part, 'base64url'));
  if (!iv || !body || !tag || extra || iv.length !== 12 || tag.length !== 16) return undefined;
  try {
    const decipher = createDecipheriv('aes-256-gcm', keyOf(secret), iv);
    decipher.setAuthTag(tag);
    const attempt: unknown = JSON.parse(Buffer.concat([decipher.update(body), decipher.final()]).toString('utf8'));
    if (!isAttempt(attempt)) return undefined;
    return now - attempt.startedAt < ATTEMPT_LIFETIME_MS && attempt.startedAt <= now ? attempt : undefined;
  } catch {
    return undefined;
  }
}

/** True the first time an attempt's state is used, on any instance sharing the store; false ever after (until it expires anyway). */
export async function useOnce(store: LimitStore, attempt: LoginAttempt): Promise<boolean> {
  const key = `signin-state:${createHash('sha256').update(attempt.state).digest('hex')}`;
  const [total] = await store.add([{ key, amount: 1, expiresAt: attempt.startedAt + ATTEMPT_LIFETIME_MS }]);
  return total === 1;
}
