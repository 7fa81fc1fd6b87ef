import { Hono } from 'hono';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createGateway } from '../app';
import { gatewaySettingsFromEnv } from '../config';
import type { StudyForgeDb } from '../database/database';
import { createMemoryLimitStore } from '../limitStore/memory';
import { describeOnBothDatabases } from '../testing/bothDatabases';
import { mountAccounts } from './mount';
import { accountSettingsFromEnv } from './settings';
import { addPerson, ownRows, request, type Person } from './testing/accountDataWorld';
import { startDevIdp, type DevIdp } from './testing/devIdp';
import { ROUTE_EXPECTATIONS, routeKey, type RouteExpectation } from './testing/routeExpectations';

/*
 * THE proof that every endpoint keeps to its owner. The server is put
 * together as server/node.ts does (the gateway, then everything signed-in
 * through mountAccounts), and its routes are read from the Hono app itself:
 * every /api and /auth route must have a line in routeExpectations.ts saying
 * what another person gets from it, so a new endpoint cannot be added
 * without saying so. Then, for each: signed out it refuses (or, for
 * signing in itself, touches no one's data); signed in as B, called with
 * A's ids and items, it refuses or answers only with B's own; a
 * state-changing call without B's CSRF token is refused; and after every
 * call A's rows are exactly as they were, compared row by row.
 */

const ORIGIN = 'http://127.0.0.1:8787';
const SECRET = 'a-test-deployment-secret-of-forty-characters';

let idp: DevIdp;

beforeAll(async () => {
  idp = await startDevIdp({ port: 0, redirectUris: [`${ORIGIN}/auth/callback`] });
});

afterAll(async () => {
  await idp.close();
});

/** The server as node.ts puts it together when sign-in is configured. */
function server(db: StudyForgeDb) {
  const env = { STUDYFORGE_OIDC_ISSUER: idp.issuer, STUDYFORGE_OIDC_CLIENT_ID: idp.clientId, STUDYFORGE_OIDC_CLIENT_SECRET: idp.clientSecret, STUDYFORGE_PUBLIC_URL: ORIGIN };
  const accounts = accountSettingsFromEnv(env);
  if (!accounts) throw new Error('sign-in settings did not read');
  const limitStore = createMemoryLimitStore(1_000);
  const app = new Hono();
  app.route('/', createGateway({ settings: gatewaySettingsFromEnv({}), text: null, transcription: null, limitStore }));
  const mounted = mountAccounts(app, { settings: { ...accounts, secret: SECRET }, db, limitStore, clientOf: () => '192.0.2.10' });
  return { app, stop: mounted.stop };
}

/** Every /api and /auth route the app answers, as "METHOD /path" (middleware registered for all methods aside). */
function mountedRoutes(app: Hono): string[] {
  const keys = app.routes.filter((route) => route.method !== 'ALL' && /^\/(api|auth)(\/|$)/.test(route.path)).map((route) => routeKey(route.method, route.path));
  return [...new Set(keys)].sort();
}

/** The response's text, without waiting for a stream that never ends (live events): what arrived first is enough. */
async function bodyText(response: Response): Promise<string> {
  if (!(response.headers.get('content-type') ?? '').includes('text/event-stream')) return response.text();
  const reader = response.body?.getReader();
  const first = await reader?.read();
  await reader?.cancel();
  return first?.value ? new TextDecoder().decode(first.value) : '';
}

const leaks = (text: string, person: Person) => person.markers.filter((marker) => text.includes(marker));

async function call(app: Hono, person: Person | null, expectation: RouteExpectation, a: Person, csrf = true): Promise<{ status: number; text: string }> {
  const { path, init } = expectation.request(a);
  const response = await request(app, person, path, { ...init, method: expectation.method, csrf });
  return { status: response.status, text: await bodyText(response) };
}

describeOnBothDatabases('every endpoint keeps to its owner', (open) => {
  it('every /api and /auth route the server mounts says what another person gets from it', async () => {
    const { app, stop } = server(await open());
    try {
      expect(mountedRoutes(app)).toEqual(Object.keys(ROUTE_EXPECTATIONS).sort());
    } finally {
      await stop();
    }
  });

  it("signed out, and signed in as someone else with A's ids, no endpoint shows or changes A's rows", async () => {
    const db = await open();
    const { app, stop } = server(db);
    try {
      const a = await addPerson(db, 'ana');
      const before = await ownRows(db, a.id, SECRET);
      let index = 0;
      for (const key of mountedRoutes(app)) {
        const expectation = ROUTE_EXPECTATIONS[key];
        if (!expectation) throw new Error(`${key} is mounted but has no line in routeExpectations.ts`);
        // A fresh B for each route: some routes end B's session or account.
        const b = await addPerson(db, `b${index++}`);
        const signedOut = await call(app, null, expectation, a);
        expect(signedOut.status, `${key} signed out`).toBe(expectation.signedOut);
        expect(leaks(signedOut.text, a), `${key} signed out`).toEqual([]);
        if (expectation.method !== 'GET') {
          const forged = await call(app, b, expectation, a, false);
          expect(forged.status, `${key} as B without the CSRF token`).toBe(403);
        }
        const other = await call(app, b, expectation, a);
        expect(other.status, `${key} as B with A's ids`).toBe(expectation.asOther);
        expect(leaks(other.text, a), `${key} as B answered with A's data`).toEqual([]);
        expect(await ownRows(db, a.id, SECRET), `${key} changed A's rows`).toEqual(before);
      }
      // A's own session still works after all that: nothing above ended it.
      expect((await request(app, a, '/api/me')).status).toBe(200);
    } finally {
      await stop();
    }
  });
});
