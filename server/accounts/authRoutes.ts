import type { Context, Hono } from 'hono';
import { getCookie, setCookie } from 'hono/cookie';
import type { LimitStore } from '../limitStore/types';
import type { Audit } from './audit';
import { clearCookie, cookieOptions, createSession, requireUser, SIGN_IN_NEEDED, userOf } from './currentUser';
import type { StudyForgeDb } from './database';
import { ATTEMPT_LIFETIME_MS, openAttempt, returnRoute, sealAttempt, useOnce } from './loginAttempt';
import { newAttempt, ProviderUnreachable, SignInRefused, type OidcClients } from './oidc';
import type { AccountSettings } from './settings';
import { roleOf, upsertUser } from './users';

/*
 *   GET  /auth/login?provider=<id>[&return=<class route>]   -> 302 to the school's sign-in
 *   GET  /auth/callback              -> 302 to /#/account (or the class route it started from), signed in
 *   POST /auth/logout                -> ends this session          (CSRF)
 *   POST /auth/logout-everywhere     -> ends all of the user's      (CSRF)
 *   GET  /api/me                     -> { user, csrfToken } or 401
 *
 * The two GETs are browser navigations, so their failures are a short page a
 * person can read, with a way back; nothing is written when one fails.
 */

export interface AuthRouteDeps {
  settings: AccountSettings & { secret: string };
  db: StudyForgeDb;
  limitStore: LimitStore;
  oidc: OidcClients;
  audit: Audit;
  /** The caller's address as the gateway's own proxies saw it (clientAddress.ts). */
  clientOf: (c: Context) => string;
  now: () => number;
}

const MAX_CALLBACK_URL = 4_096;
const SIGN_IN_WINDOW_MS = 60_000;

const MESSAGES = {
  unknownProvider: 'There is no such sign-in on this StudyForge. Go back and choose one of the sign-in buttons.',
  tooMany: (seconds: number) => `Too many sign-in attempts from your network. Try again in ${seconds} seconds.`,
  unreachable: "Your school's sign-in service could not be reached. Try again in a minute.",
  incomplete: 'This sign-in link is incomplete. Start again from StudyForge.',
  expired: 'This sign-in has expired or was started in another browser. Start again from StudyForge.',
  used: 'This sign-in link has already been used. Start again from StudyForge.',
  cancelled: 'Sign-in was cancelled, so you are not signed in.',
  unverified: "Your school's answer could not be verified, so you are not signed in. Start again from StudyForge.",
};

function page(c: Context, status: 400 | 429 | 502, message: string, headers: Record<string, string> = {}): Response {
  // Every message is one of ours above: nothing the request said is echoed.
  const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Sign-in did not work: StudyForge</title></head><body><main><h1>Sign-in did not work</h1><p>${message}</p><p><a href="/">Back to StudyForge</a></p></main></body></html>`;
  return c.html(html, status, { 'Cache-Control': 'no-store', ...headers });
}

function appAddress(settings: AccountSettings, route = '/account'): string {
  const base = settings.publicUrl.pathname.endsWith('/') ? settings.publicUrl.pathname : `${settings.publicUrl.pathname}/`;
  return `${base}#${route}`;
}

export function addAuthRoutes(app: Hono, deps: AuthRouteDeps): void {
  const { settings, db, limitStore, oidc, audit, now } = deps;
  const mustBeSignedIn = requireUser(db, settings, now);

  app.get('/auth/login', async (c) => {
    const wanted = c.req.query('provider') ?? (settings.providers.length === 1 ? settings.providers[0]?.id : undefined);
    const provider = settings.providers.find((p) => p.id === wanted);
    if (!provider) return page(c, 400, MESSAGES.unknownProvider);
    const decision = await limitStore.consume(`signin:${deps.clientOf(c)}`, SIGN_IN_WINDOW_MS, settings.signInsPerMinute);
    if (!decision.allowed) return page(c, 429, MESSAGES.tooMany(decision.retryAfterSeconds), { 'Retry-After': String(decision.retryAfterSeconds) });
    const returnTo = returnRoute(c.req.query('return'));
    const attempt = { ...newAttempt(provider.id, now()), ...(returnTo ? { returnTo } : {}) };
    let target: URL;
    try {
      target = await oidc.authorizationUrl(provider, attempt, settings.callbackUrl);
    } catch (error) {
      if (error instanceof ProviderUnreachable) {
        console.warn(`[studyforge] sign-in: ${new URL(provider.issuer).host} could not be reached: ${error.message.slice(0, 200)}`);
        return page(c, 502, MESSAGES.unreachable);
      }
      throw error;
    }
    setCookie(c, settings.loginCookie, sealAttempt(settings.secret, attempt), cookieOptions(settings, ATTEMPT_LIFETIME_MS / 1000));
    c.header('Cache-Control', 'no-store');
    return c.redirect(target.href, 302);
  });

  app.get('/auth/callback', async (c) => {
    const sealed = getCookie(c, settings.loginCookie);
    // Whatever happens next, this attempt is over.
    if (sealed !== undefined) clearCookie(c, settings, settings.loginCookie);
    const state = c.req.query('state');
    if (!state || c.req.url.length > MAX_CALLBACK_URL) return page(c, 400, MESSAGES.incomplete);
    const attempt = openAttempt(settings.secret, sealed, now());
    if (!attempt || attempt.state !== state) return page(c, 400, MESSAGES.expired);
    const provider = settings.providers.find((p) => p.id === attempt.provider);
    if (!provider) return page(c, 400, MESSAGES.expired);
    if (!(await useOnce(limitStore, attempt))) return page(c, 400, MESSAGES.used);

    // The address the provider was told to come back to, whatever host a proxy in front forwarded this as.
    const callbackUrl = new URL(settings.callbackUrl);
    callbackUrl.search = new URL(c.req.url).search;
    let identity;
    try {
      identity = await oidc.finish(provider, attempt, callbackUrl);
    } catch (error) {
      if (error instanceof ProviderUnreachable) return page(c, 502, MESSAGES.unreachable);
      if (!(error instanceof SignInRefused)) throw error;
      // The reason is for the operator's log (no token or code in it); the person gets the plain sentence.
      console.warn(`[studyforge] sign-in refused (${new URL(provider.issuer).host}): ${error.message.slice(0, 300)}`);
      return page(c, 400, error.cancelled ? MESSAGES.cancelled : MESSAGES.unverified);
    }

    const time = now();
    const userId = await upsertUser(db, identity, roleOf(identity, settings), time);
    // The session this browser had before (if any) ends: every sign-in gets a new id, never an old one carried over.
    const previous = await userOf(c, db, settings, now);
    if (previous) await db.system.deleteFrom('sessions').where('id_hash', '=', previous.sessionIdHash).execute();
    await db.system.deleteFrom('sessions').where('user_id', '=', userId).where('expires_at', '<=', new Date(time)).execute();
    const session = await createSession(db, userId, { hours: settings.sessionHours, now: time });
    await audit('sign-in', userId, new URL(identity.issuer).host);
    setCookie(c, settings.sessionCookie, session.cookieValue, cookieOptions(settings, Math.round(settings.sessionHours * 3600)));
    c.header('Cache-Control', 'no-store');
    return c.redirect(appAddress(settings, attempt.returnTo), 302);
  });

  app.post('/auth/logout', mustBeSignedIn, async (c) => {
    const user = c.var.user;
    await db.system.deleteFrom('sessions').where('id_hash', '=', user.sessionIdHash).execute();
    await audit('sign-out', user.id);
    clearCookie(c, settings, settings.sessionCookie);
    return c.json({ ok: true });
  });

  app.post('/auth/logout-everywhere', mustBeSignedIn, async (c) => {
    const user = c.var.user;
    const ended = await db.system.deleteFrom('sessions').where('user_id', '=', user.id).executeTakeFirst();
    await audit('sign-out-everywhere', user.id);
    clearCookie(c, settings, settings.sessionCookie);
    return c.json({ ok: true, ended: Number(ended.numDeletedRows) });
  });

  app.get('/api/me', async (c) => {
    c.header('Cache-Control', 'no-store');
    const user = await userOf(c, db, settings, now);
    if (!user) return c.json({ error: SIGN_IN_NEEDED }, 401);
    return c.json({ user: { id: user.id, name: user.name, email: user.email, role: user.role }, csrfToken: user.csrfToken });
  });
}
