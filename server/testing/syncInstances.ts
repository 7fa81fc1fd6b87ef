import { randomBytes } from 'node:crypto';
import { Hono } from 'hono';
import { formatHlc } from '../../src/kernel/sync/hlc';
import type { SyncItem } from '../../src/kernel/sync/syncItem';
import { createSession, requireUser } from '../accounts/currentUser';
import { accountSettingsFromEnv, type AccountSettings } from '../accounts/settings';
import { openDatabase, type StudyForgeDb } from '../database/database';
import { addSyncRoutes, type SyncRouteDeps, type SyncRoutes } from '../sync/routes';

/*
 * Sync on a gateway instance without the rest of the gateway: a Hono app with
 * the one door (requireUser) and the sync routes on a given database. Two of
 * them on two openDatabase() of one PostgreSQL are what two gateway processes
 * are: each its own pool and its own LISTEN connection. Devices are signed-in
 * sessions whose requests go through app.request() with the cookie and the
 * CSRF token, as a browser's would.
 */

/** Settings as sign-in has them with a local provider over http: the cookie is `sf_session`. */
export const TEST_ACCOUNT_SETTINGS: AccountSettings = accountSettingsFromEnv({
  STUDYFORGE_OIDC_ISSUER: 'http://127.0.0.1:4455',
  STUDYFORGE_OIDC_CLIENT_ID: 'studyforge-test',
}) as AccountSettings;

export interface SyncInstance {
  app: Hono;
  db: StudyForgeDb;
  routes: SyncRoutes;
}

export function syncInstance(db: StudyForgeDb, options: Omit<SyncRouteDeps, 'db' | 'requireUser'> = {}): SyncInstance {
  const app = new Hono();
  const routes = addSyncRoutes(app, { db, requireUser: requireUser(db, TEST_ACCOUNT_SETTINGS, options.now), ...options });
  return { app, db, routes };
}

/** `count` instances on one PostgreSQL at `url`, each opening the database itself, as separate gateway processes do. */
export async function startSyncInstances(url: string, count: number, options: Omit<SyncRouteDeps, 'db' | 'requireUser'> = {}): Promise<SyncInstance[]> {
  const instances: SyncInstance[] = [];
  for (let i = 0; i < count; i++) instances.push(syncInstance(await openDatabase({ url }), options));
  return instances;
}

/** A person with an account (no sign-in flow: the row sign-in would have made). */
export async function createUser(db: StudyForgeDb, label = 'student'): Promise<string> {
  const id = `user_${label}_${randomBytes(6).toString('hex')}`;
  await db.system.insertInto('users').values({ id, issuer: 'http://127.0.0.1:4455/', subject: id }).execute();
  return id;
}

export interface PushOptions {
  /** The CSRF token to send; the session's own unless given (null: none). */
  csrf?: string | null;
  contentType?: string;
}

export interface Device {
  userId: string;
  cookie: string;
  csrfToken: string;
  /** A push of `body` (an object is sent as JSON, a string as it is). */
  push(body: unknown, options?: PushOptions): Promise<Response>;
  pull(query?: string): Promise<Response>;
  events(): Promise<EventReader>;
}

/** A signed-in session of `userId` on `instance` (one browser, one device). */
export async function signIn(instance: SyncInstance, userId: string): Promise<Device> {
  const { cookieValue, csrfToken } = await createSession(instance.db, userId);
  const cookie = `${TEST_ACCOUNT_SETTINGS.sessionCookie}=${cookieValue}`;
  return {
    userId,
    cookie,
    csrfToken,
    async push(body, options = {}) {
      const csrf = options.csrf === undefined ? csrfToken : options.csrf;
      return instance.app.request('/api/sync/push', {
        method: 'POST',
        headers: { cookie, 'content-type': options.contentType ?? 'application/json', ...(csrf !== null ? { 'x-csrf-token': csrf } : {}) },
        body: typeof body === 'string' ? body : JSON.stringify(body),
      });
    },
    pull: async (query = '') => instance.app.request(`/api/sync/pull${query}`, { headers: { cookie } }),
    events: async () => readEvents(await instance.app.request('/api/sync/events', { headers: { cookie } })),
  };
}

export interface SyncEvent {
  event: string;
  data: string;
}

export interface EventReader {
  response: Response;
  /** The next event (comments skipped), 'end' when the server closed the stream, 'quiet' if none came within `waitMs`. */
  next(waitMs?: number): Promise<SyncEvent | 'end' | 'quiet'>;
  /** The client goes away. */
  close(): Promise<void>;
}

export function readEvents(response: Response): EventReader {
  // Taken on the first read, so a refusal's body can still be read as JSON.
  let reader: ReadableStreamDefaultReader<Uint8Array> | undefined;
  const decoder = new TextDecoder();
  let buffer = '';
  let pending: Promise<ReadableStreamReadResult<Uint8Array>> | undefined;
  return {
    response,
    async next(waitMs = 10_000) {
      reader ??= response.body?.getReader();
      if (!reader) return 'end';
      const deadline = Date.now() + waitMs;
      for (;;) {
        const boundary = buffer.indexOf('\n\n');
        if (boundary >= 0) {
          const block = buffer.slice(0, boundary);
          buffer = buffer.slice(boundary + 2);
          const lines = block.split('\n').filter((line) => !line.startsWith(':'));
          if (lines.length === 0) continue;
          const field = (name: string) => lines.find((line) => line.startsWith(`${name}:`))?.slice(name.length + 1).trim() ?? '';
          return { event: field('event') || 'message', data: field('data') };
        }
        const left = deadline - Date.now();
        if (left <= 0) return 'quiet';
        // A read not finished by the deadline is kept for the next call, so no chunk is lost.
        pending ??= reader.read();
        let timer: ReturnType<typeof setTimeout> | undefined;
        const result = await Promise.race([pending, new Promise<'quiet'>((resolve) => (timer = setTimeout(() => resolve('quiet'), left)))]);
        clearTimeout(timer);
        if (result === 'quiet') return 'quiet';
        pending = undefined;
        if (result.done) return 'end';
        buffer += decoder.decode(result.value, { stream: true });
      }
    },
    async close() {
      reader ??= response.body?.getReader();
      await reader?.cancel().catch(() => undefined);
    },
  };
}

/** Stamps at a given wall time (ms) on a given device: tests say exactly which write is later. */
export function stampAt(wall: number, node = 'dev_a', counter = 0): string {
  return formatHlc({ wall, counter, node });
}

/** An item with one field per entry of `values`, each stamped `t`. */
export function itemOf(c: string, id: string, values: Record<string, unknown>, t: string): SyncItem {
  return { c, id, f: Object.fromEntries(Object.entries(values).map(([name, v]) => [name, { v, t }])) };
}
