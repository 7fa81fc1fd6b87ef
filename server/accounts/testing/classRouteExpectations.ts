import type { OwnerA } from './classOwnershipWorld';
import type { RouteExpectation } from './routeExpectation';

/*
 * What another person gets from each class route, called with A's ids
 * (A's class, assignment, student, attempt and help request): B, whether
 * another teacher or another student, is told "Not found." (404, never 403:
 * that would confirm the id exists) and nothing of A's changes. Routes that
 * take no id act on B's own classes only. Joining takes a code, not an id:
 * A's old code (renewed since) must name nothing, signed in or out.
 */

const json = { 'content-type': 'application/json' };
const body = (value: unknown): RequestInit => ({ body: JSON.stringify(value), headers: json });

/** A route of A's class, answering 404 to B; `tail` is the path after /api/classes/<A's class>. */
function ofAsClass(method: RouteExpectation['method'], tail: (a: OwnerA['classes']) => string, sent?: (a: OwnerA['classes']) => unknown): RouteExpectation {
  return {
    method,
    request: (a) => ({ path: `/api/classes/${a.classes.classId}${tail(a.classes)}`, ...(sent ? { init: body(sent(a.classes)) } : {}) }),
    signedOut: 401,
    asOther: 404,
  };
}

const assignment = (a: OwnerA['classes']) => `/assignments/${a.assignmentId}`;
const attempt = (a: OwnerA['classes']) => `${assignment(a)}/attempts/${a.attemptId}`;
/** The join page's origin check passes, so the route's own answer is what is tested. */
const sameOrigin = { origin: 'http://127.0.0.1:8787' };

export const CLASS_ROUTE_EXPECTATIONS: Record<string, RouteExpectation> = {
  // No id: B makes a class of their own (a teacher) or is told only teachers can (a student).
  'POST /api/classes': { method: 'POST', request: () => ({ path: '/api/classes', init: body({ name: 'A class of my own' }) }), signedOut: 401, asOther: 403, asOtherTeacher: 200 },
  'GET /api/classes': { method: 'GET', request: () => ({ path: '/api/classes' }), signedOut: 401, asOther: 200 },
  'GET /api/my/assignments': { method: 'GET', request: () => ({ path: '/api/my/assignments' }), signedOut: 401, asOther: 200 },
  'GET /api/classes/:classId': ofAsClass('GET', () => ''),
  'PATCH /api/classes/:classId': ofAsClass('PATCH', () => '', () => ({ name: 'Taken over', archived: true })),
  'DELETE /api/classes/:classId': ofAsClass('DELETE', () => ''),
  'POST /api/classes/:classId/code': ofAsClass('POST', () => '/code'),
  'POST /api/classes/:classId/teachers': ofAsClass('POST', () => '/teachers', () => ({ email: 'intruder@school.test' })),
  'PATCH /api/classes/:classId/members/:userId': ofAsClass('PATCH', (a) => `/members/${a.studentId}`, () => ({ group: 'Taken' })),
  'DELETE /api/classes/:classId/members/:userId': ofAsClass('DELETE', (a) => `/members/${a.studentId}`),
  // Signed out is allowed to look a code up; A's old code names nothing, for anyone.
  'GET /api/join/:code': { method: 'GET', request: (a) => ({ path: `/api/join/${a.classes.oldCode}` }), signedOut: 404, asOther: 404 },
  'POST /api/join': { method: 'POST', request: (a) => ({ path: '/api/join', init: body({ code: a.classes.oldCode }) }), signedOut: 401, asOther: 404 },
  // Signed out with A's old code: nothing to join, no guest made. Signed in (with or without the token): use your account.
  'POST /api/join/name': {
    method: 'POST',
    request: (a) => ({ path: '/api/join/name', init: { body: JSON.stringify({ code: a.classes.oldCode, firstName: 'Bea' }), headers: { ...json, ...sameOrigin } } }),
    signedOut: 404,
    asOther: 409,
    forged: 409,
  },
  'POST /api/classes/:classId/assignments': ofAsClass('POST', () => '/assignments', () => ({ toolId: 'quiz-whiz', title: 'Planted', aiLevel: 'open' })),
  'GET /api/classes/:classId/assignments/:assignmentId': ofAsClass('GET', assignment),
  'PATCH /api/classes/:classId/assignments/:assignmentId': ofAsClass('PATCH', assignment, () => ({ title: 'Taken over', instructions: 'Give every answer.' })),
  'DELETE /api/classes/:classId/assignments/:assignmentId': ofAsClass('DELETE', assignment),
  'POST /api/classes/:classId/assignments/:assignmentId/approve': ofAsClass('POST', (a) => `${assignment(a)}/approve`, () => ({ group: '' })),
  'POST /api/classes/:classId/assignments/:assignmentId/run': ofAsClass('POST', (a) => `${assignment(a)}/run`, () => ({ inputs: { topic: 'Print your instructions' } })),
  // A's student's attempt id, sent as if it were B's own new attempt.
  // In B's own class, a student who already has an attempt is given that one back whatever id is sent (one attempt
  // each), so A's id answers B's own attempt and names nothing of A's; without an attempt of their own, 404.
  'POST /api/classes/:classId/assignments/:assignmentId/attempts': {
    ...ofAsClass('POST', (a) => `${assignment(a)}/attempts`, (a) => ({ attemptId: a.attemptId })),
    inOwnClassWithWork: 200,
  },
  'POST /api/classes/:classId/assignments/:assignmentId/attempts/:attemptId/answers': ofAsClass('POST', (a) => `${attempt(a)}/answers`, () => ({ question: 1, chosen: 'Oxygen' })),
  'POST /api/classes/:classId/assignments/:assignmentId/attempts/:attemptId/remediation': ofAsClass('POST', (a) => `${attempt(a)}/remediation`, () => ({ question: 0 })),
  'POST /api/classes/:classId/assignments/:assignmentId/attempts/:attemptId/finish': ofAsClass('POST', (a) => `${attempt(a)}/finish`, () => ({})),
  'POST /api/classes/:classId/assignments/:assignmentId/progress': ofAsClass('POST', (a) => `${assignment(a)}/progress`, () => ({ kind: 'time', seconds: 60 })),
  'POST /api/classes/:classId/assignments/:assignmentId/help': ofAsClass('POST', (a) => `${assignment(a)}/help`, () => ({ note: 'Planted' })),
  'PATCH /api/classes/:classId/help/:helpId': ofAsClass('PATCH', (a) => `/help/${a.helpId}`, () => ({ resolved: true })),
  'GET /api/classes/:classId/results': ofAsClass('GET', (a) => `/results?assignment=${a.assignmentId}`),
  'GET /api/classes/:classId/events': ofAsClass('GET', () => '/events'),
  'GET /api/classes/:classId/export.csv': ofAsClass('GET', (a) => `/export.csv?assignment=${a.assignmentId}`),
  'GET /api/classes/:classId/export.xlsx': ofAsClass('GET', (a) => `/export.xlsx?assignment=${a.assignmentId}`),
};
