import type { AccountUser } from '../accountApi';

/*
 * A stand-in for the gateway's account routes that answers as the shared
 * contract says: GET /api/me is the person and the session's CSRF token, or
 * 401; every state-changing call without that token is refused with 403; a
 * signed-out caller gets 401; `offline` makes every call fail as a refused
 * connection does. It records what it was asked, so tests see what left.
 */

export interface RecordedRequest {
  method: string;
  path: string;
  csrfToken: string | null;
}

export const signInFirst = 'Sign in to use this.';
export const notVerified = 'This request could not be verified. Reload the page and try again.';

export function fakeAccountServer(initial: { user: AccountUser | null; csrfToken?: string }) {
  const server = {
    user: initial.user,
    csrfToken: initial.csrfToken ?? 'csrf-token-1',
    offline: false,
    accountDeleted: false,
    requests: [] as RecordedRequest[],
    exportBody: { format: 'studyforge-projects', projects: [], account: { name: initial.user?.name ?? null } },
  };

  const json = (status: number, body: unknown, headers: Record<string, string> = {}) =>
    new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json', ...headers } });

  function answer(method: string, path: string, csrfToken: string | null): Response {
    if (method === 'GET' && path === '/api/me') {
      return server.user ? json(200, { user: server.user, csrfToken: server.csrfToken }) : json(401, { error: signInFirst });
    }
    if (!server.user) return json(401, { error: signInFirst });
    if (method !== 'GET' && csrfToken !== server.csrfToken) return json(403, { error: notVerified });
    if (method === 'POST' && (path === '/auth/logout' || path === '/auth/logout-everywhere')) {
      server.user = null;
      return new Response(null, { status: 204 });
    }
    if (method === 'DELETE' && path === '/api/account') {
      server.user = null;
      server.accountDeleted = true;
      return new Response(null, { status: 204 });
    }
    if (method === 'GET' && path === '/api/account/export') {
      return json(200, server.exportBody, { 'Content-Disposition': 'attachment; filename="studyforge-account.json"' });
    }
    return json(404, { error: 'Not found.' });
  }

  const fetch: typeof globalThis.fetch = async (input, init) => {
    const method = (init?.method ?? 'GET').toUpperCase();
    const path = new URL(String(input), 'https://school.example/').pathname;
    const csrfToken = new Headers(init?.headers).get('X-CSRF-Token');
    server.requests.push({ method, path, csrfToken });
    if (server.offline) throw new TypeError('Failed to fetch');
    return answer(method, path, csrfToken);
  };

  return Object.assign(server, { fetch });
}

export type FakeAccountServer = ReturnType<typeof fakeAccountServer>;

export const teacher: AccountUser = { id: 'user-teacher', name: 'Ada Teacher', email: 'teacher@studyforge.test', role: 'teacher' };
export const student: AccountUser = { id: 'user-student', name: null, email: 'student01@studyforge.test', role: 'student' };
