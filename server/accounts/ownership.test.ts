import { Hono } from 'hono';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createGateway } from '../app';
import { joinAs } from '../classes/testing/classPeople';
import { gatewaySettingsFromEnv } from '../config';
import type { StudyForgeDb } from '../database/database';
import { createMemoryLimitStore } from '../limitStore/memory';
import { describeOnBothDatabases } from '../testing/bothDatabases';
import { mountAccounts } from './mount';
import { accountSettingsFromEnv } from './settings';
import { addPerson, request, type Person } from './testing/accountDataWorld';
import { addClassOwner, addOtherSide, intoOtherClass, ownerRows, type OwnerA } from './testing/classOwnershipWorld';
import { CLASS_ROUTE_EXPECTATIONS } from './testing/classRouteExpectations';
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
 *
 * A also teaches a class (with a quiz, and a student with an attempt, an
 * answer and a help request): every class route is called as B, as another
 * teacher and as another student, with A's ids, and again with A's ids
 * inside B's own class; each answers "Not found." (or, where a route gives
 * a student back their own work, only that) and A's class is unchanged.
 * Class routes are added by several people at once, so a class route's line
 * may come before its route; every other line must name a mounted route.
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

type Call = { path: string; init?: RequestInit };

async function send(app: Hono, person: Person | null, method: string, { path, init }: Call, csrf = true): Promise<{ status: number; text: string }> {
  const response = await request(app, person, path, { ...init, method, csrf });
  return { status: response.status, text: await bodyText(response) };
}

const call = (app: Hono, person: Person | null, expectation: RouteExpectation, a: OwnerA, csrf = true) => send(app, person, expectation.method, expectation.request(a), csrf);

/** The request with A's ids pointed into B's own class (see intoOtherClass), or null when it names only A's class. */
function mixedCall(expectation: RouteExpectation, a: OwnerA, b: Awaited<ReturnType<typeof addOtherSide>>): Call | null {
  const { path, init } = expectation.request(a);
  const sent = typeof init?.body === 'string' ? init.body : undefined;
  const mixed = intoOtherClass(path, sent, a.classes, b.classes);
  return mixed && { path: mixed.path, init: { ...init, ...(mixed.body === undefined ? {} : { body: mixed.body }) } };
}

describeOnBothDatabases('every endpoint keeps to its owner', (open) => {
  it('every /api and /auth route the server mounts says what another person gets from it', async () => {
    const { app, stop } = server(await open());
    try {
      const mounted = mountedRoutes(app);
      expect(mounted.filter((key) => !ROUTE_EXPECTATIONS[key])).toEqual([]);
      // A line for a route that is not there is a class route still being written, or a mistake.
      expect(Object.keys(ROUTE_EXPECTATIONS).filter((key) => !mounted.includes(key) && !CLASS_ROUTE_EXPECTATIONS[key])).toEqual([]);
    } finally {
      await stop();
    }
  });

  it("signed out, and signed in as someone else with A's ids, no endpoint shows or changes A's rows", async () => {
    const db = await open();
    const { app, stop } = server(db);
    try {
      const a = await addClassOwner(db, 'ana');
      const other = await addOtherSide(db, 'bo');
      const before = await ownerRows(db, a, SECRET);
      const mixedRoutes: string[] = [];
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
          expect(forged.status, `${key} as B without the CSRF token`).toBe(expectation.forged ?? 403);
        }
        const others: [string, Person, number][] = [['B', b, expectation.asOther]];
        if (CLASS_ROUTE_EXPECTATIONS[key]) others.push(['another teacher', other.teacher, expectation.asOtherTeacher ?? expectation.asOther], ['another student', other.student, expectation.asOther]);
        for (const [who, person, status] of others) {
          const answer = await call(app, person, expectation, a);
          expect(answer.status, `${key} as ${who} with A's ids`).toBe(status);
          expect(leaks(answer.text, a), `${key} as ${who} answered with A's data`).toEqual([]);
        }
        const mixed = CLASS_ROUTE_EXPECTATIONS[key] ? mixedCall(expectation, a, other) : null;
        if (mixed) mixedRoutes.push(key);
        if (mixed) await joinAs(db, { ...b, role: 'student' }, other.classes.classId);
        const inOwnClass: [string, Person, number][] = [
          ['another teacher', other.teacher, 404],
          ['another student with work there', other.student, expectation.inOwnClassWithWork ?? 404],
          ['another student with no work there', b, 404],
        ];
        for (const [who, person, status] of mixed ? inOwnClass : []) {
          const answer = await send(app, person, expectation.method, mixed as Call);
          expect(answer.status, `${key} as ${who} with A's ids in their own class: ${mixed?.path}`).toBe(status);
          expect(leaks(answer.text, a), `${key} as ${who} in their own class answered with A's data`).toEqual([]);
        }
        expect(await ownerRows(db, a, SECRET), `${key} changed A's rows`).toEqual(before);
      }
      // Every route naming an assignment, attempt, help request or member of A's was also tried inside B's class.
      expect(mixedRoutes.length).toBeGreaterThanOrEqual(17);
      // A's own session still works after all that: nothing above ended it.
      expect((await request(app, a, '/api/me')).status).toBe(200);
    } finally {
      await stop();
    }
    // Forty routes, each called up to seven ways with A's rows read back after each: minutes on a loaded machine.
  }, 600_000);
});
