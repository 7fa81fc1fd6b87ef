import { Hono } from 'hono';
import { createMemoryLimitStore } from '../../limitStore/memory';
import type { LimitStore } from '../../limitStore/types';
import type { StudyForgeDb } from '../database';
import { mountAccounts, type AccountRouteDeps } from '../mount';
import { accountSettingsFromEnv, type AccountSettings } from '../settings';
import { GATEWAY_ORIGIN, newBrowser, throughProvider, type Browser } from './browser';

/*
 * A gateway with sign-in mounted on a real database, for tests: its clock
 * can be moved (sessions expire), and the caller's address is whatever the
 * test's browser says it is (the sign-in limit is per address).
 */

export interface SignInWorld {
  app: Hono;
  db: StudyForgeDb;
  settings: AccountSettings & { secret: string };
  limitStore: LimitStore;
  deps: AccountRouteDeps;
  clock: { now: number };
  /** Stops what mounting started (the live sync listener); the database stays open. */
  stop(): Promise<void>;
}

export const TEST_SECRET = 'a-test-deployment-secret-of-forty-characters';

export function signInWorld(db: StudyForgeDb, env: Record<string, string>, secret = TEST_SECRET): SignInWorld {
  const settings = accountSettingsFromEnv({ STUDYFORGE_PUBLIC_URL: GATEWAY_ORIGIN, STUDYFORGE_SESSION_SECRET: secret, ...env });
  if (!settings) throw new Error('the test named no identity provider');
  const clock = { now: Date.now() };
  const limitStore = createMemoryLimitStore(1_000, () => clock.now);
  const app = new Hono();
  const mounted = mountAccounts(app, {
    settings: { ...settings, secret },
    db,
    limitStore,
    clientOf: (c) => c.req.header('x-test-address') ?? 'unknown',
    now: () => clock.now,
  });
  return { app, db, settings: { ...settings, secret }, limitStore, deps: mounted.deps, clock, stop: mounted.stop };
}

/** The environment naming one provider, as an operator writes it. */
export function providerEnv(issuer: string, clientId: string, clientSecret: string, more: Record<string, string> = {}): Record<string, string> {
  return { STUDYFORGE_OIDC_ISSUER: issuer, STUDYFORGE_OIDC_CLIENT_ID: clientId, STUDYFORGE_OIDC_CLIENT_SECRET: clientSecret, ...more };
}

/** Starts a sign-in as a browser does: the gateway's redirect to the provider (its address), with the attempt's cookie in the jar. */
export async function startSignIn(world: SignInWorld, browser: Browser = newBrowser(world.app), provider = 'school', returnTo?: string): Promise<{ browser: Browser; response: Response }> {
  const response = await browser.gateway(`/auth/login?provider=${provider}${returnTo === undefined ? '' : `&return=${encodeURIComponent(returnTo)}`}`);
  return { browser, response };
}

/** A whole sign-in through the provider's form; answers the gateway's last answer (a 302 to the app when it worked). */
export async function signIn(world: SignInWorld, email: string, browser: Browser = newBrowser(world.app), provider = 'school', returnTo?: string): Promise<{ browser: Browser; response: Response; callback: string }> {
  const { response: started } = await startSignIn(world, browser, provider, returnTo);
  const location = started.headers.get('location');
  if (started.status !== 302 || !location) throw new Error(`sign-in did not start: ${started.status} ${await started.text()}`);
  const callback = await throughProvider(browser, location, { email, password: 'studyforge' });
  const response = await browser.gateway(callback.slice(browser.origin.length));
  return { browser, response, callback };
}

export async function rowCounts(db: StudyForgeDb): Promise<{ users: number; sessions: number }> {
  const users = await db.system.selectFrom('users').select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow();
  const sessions = await db.system.selectFrom('sessions').select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow();
  return { users: Number(users.n), sessions: Number(sessions.n) };
}

/** The live and expired session rows of the person with this address. */
export async function sessionsOf(db: StudyForgeDb, email: string): Promise<number> {
  const row = await db.system
    .selectFrom('sessions')
    .innerJoin('users', 'users.id', 'sessions.user_id')
    .where('users.email', '=', email)
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function me(browser: Browser): Promise<{ status: number; body: Record<string, unknown> }> {
  const response = await browser.gateway('/api/me');
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}
