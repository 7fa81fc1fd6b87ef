import type { Person } from './accountDataWorld';
import { CLASS_ROUTE_EXPECTATIONS } from './classRouteExpectations';
import type { RouteExpectation } from './routeExpectation';

export { routeKey, type RouteExpectation } from './routeExpectation';

/*
 * What another person gets from each /api and /auth route: the table
 * ownership.test.ts holds the mounted server to. A route the server mounts
 * with no line here fails that test, so whoever adds an endpoint says here
 * how it is called with someone else's ids and what it must answer.
 */

const stamp = `${Date.now()}-0001-deviceb`;

/** B's push naming A's project and A's saved item: it may only ever reach B's own rows. */
const pushOfAsIds = (a: Person) =>
  JSON.stringify({
    items: [
      { c: 'project', id: a.projectId, f: { name: { v: 'Taken over by B', t: stamp } } },
      { c: 'artifact', id: a.artifactItemId, f: {}, d: stamp },
    ],
  });

const json = { 'content-type': 'application/json' };

export const ROUTE_EXPECTATIONS: Record<string, RouteExpectation> = {
  'GET /api/me': { method: 'GET', request: () => ({ path: '/api/me' }), signedOut: 401, asOther: 200 },
  // Signing in is for anyone: it sends the browser to the school's provider and touches no one's rows.
  'GET /auth/login': { method: 'GET', request: () => ({ path: '/auth/login?provider=school' }), signedOut: 302, asOther: 302 },
  // A callback this browser did not start is refused, whoever is signed in.
  'GET /auth/callback': { method: 'GET', request: () => ({ path: '/auth/callback?code=stolen-code&state=stolen-state' }), signedOut: 400, asOther: 400 },
  'POST /auth/logout': { method: 'POST', request: () => ({ path: '/auth/logout' }), signedOut: 401, asOther: 200 },
  'POST /auth/logout-everywhere': { method: 'POST', request: () => ({ path: '/auth/logout-everywhere' }), signedOut: 401, asOther: 200 },
  'POST /api/sync/push': { method: 'POST', request: (a) => ({ path: '/api/sync/push', init: { body: pushOfAsIds(a), headers: json } }), signedOut: 401, asOther: 200 },
  'GET /api/sync/pull': { method: 'GET', request: () => ({ path: '/api/sync/pull?since=0' }), signedOut: 401, asOther: 200 },
  'GET /api/sync/events': { method: 'GET', request: () => ({ path: '/api/sync/events' }), signedOut: 401, asOther: 200 },
  'GET /api/account/export': { method: 'GET', request: () => ({ path: '/api/account/export' }), signedOut: 401, asOther: 200 },
  'DELETE /api/account': { method: 'DELETE', request: () => ({ path: '/api/account' }), signedOut: 401, asOther: 200 },
  ...CLASS_ROUTE_EXPECTATIONS,
};
