/*
 * The gateway's account routes, as the app calls them: at the root of the
 * origin that served the app, as the sync routes and the sign-in's own
 * redirects are. Every state-changing call carries the session's CSRF token,
 * which the gateway requires; every failure becomes an AccountRequestError
 * with a message fit to show: the server's own plain message when it sent one.
 */

export interface AccountUser {
  id: string;
  name: string | null;
  email: string | null;
  role: 'student' | 'teacher';
}

export interface SignedInReply {
  user: AccountUser;
  csrfToken: string;
}

export class AccountRequestError extends Error {
  constructor(
    message: string,
    readonly status: number | null,
  ) {
    super(message);
  }
}

export const accountPaths = {
  me: '/api/me',
  signOut: '/auth/logout',
  signOutEverywhere: '/auth/logout-everywhere',
  account: '/api/account',
  exportData: '/api/account/export',
  signIn: (providerId: string) => `/auth/login?provider=${encodeURIComponent(providerId)}`,
} as const;

export const unreachable = 'The server cannot be reached. Check your connection and try again.';

async function serverMessage(response: Response): Promise<string> {
  try {
    const body: unknown = await response.json();
    if (body && typeof body === 'object' && 'error' in body && typeof body.error === 'string' && body.error.trim() !== '') {
      // Bounded: a message is a sentence, not a page.
      return body.error.slice(0, 300);
    }
  } catch {
    // Not JSON: the status says what there is to say.
  }
  return `The server could not do this (status ${response.status}). Try again in a moment.`;
}

/** A same-origin call with the session cookie; a refused connection becomes the "cannot be reached" message. */
export async function callAccount(fetchFn: typeof fetch, path: string, init: RequestInit = {}): Promise<Response> {
  let response: Response;
  try {
    response = await fetchFn(path, { credentials: 'same-origin', ...init, headers: { Accept: 'application/json', ...init.headers } });
  } catch {
    throw new AccountRequestError(unreachable, null);
  }
  if (!response.ok) throw new AccountRequestError(await serverMessage(response), response.status);
  return response;
}

function isUser(value: unknown): value is AccountUser {
  if (!value || typeof value !== 'object') return false;
  const user = value as Record<string, unknown>;
  const text = (field: unknown) => field === null || field === undefined || typeof field === 'string';
  return typeof user.id === 'string' && text(user.name) && text(user.email) && (user.role === 'student' || user.role === 'teacher');
}

/** Who is signed in, or null when no one is (the gateway answers 401). */
export async function fetchSignedIn(fetchFn: typeof fetch): Promise<SignedInReply | null> {
  let response: Response;
  try {
    response = await callAccount(fetchFn, accountPaths.me);
  } catch (error) {
    if (error instanceof AccountRequestError && error.status === 401) return null;
    throw error;
  }
  const body: unknown = await response.json().catch(() => null);
  const reply = body as Partial<SignedInReply> | null;
  if (!reply || !isUser(reply.user) || typeof reply.csrfToken !== 'string') {
    throw new AccountRequestError('The server sent an answer the app cannot read. Try again in a moment.', response.status);
  }
  return { user: { ...reply.user, name: reply.user.name ?? null, email: reply.user.email ?? null }, csrfToken: reply.csrfToken };
}

/** A state-changing call: the gateway refuses it (403) without the session's CSRF token. */
export function changeAccount(fetchFn: typeof fetch, path: string, method: 'POST' | 'DELETE', csrfToken: string): Promise<Response> {
  return callAccount(fetchFn, path, { method, headers: { 'X-CSRF-Token': csrfToken } });
}

/** The file name the server gave the export, else a plain one. */
export function exportFileName(response: Response): string {
  const disposition = response.headers.get('Content-Disposition') ?? '';
  const named = /filename="?([^";]+)"?/i.exec(disposition)?.[1];
  return named && /^[\w.\- ]{1,120}$/.test(named) ? named : 'studyforge-my-data.json';
}
