import type { Context, Hono, MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { parsePushBody, SYNC_LIMITS, type PushReply } from '../../src/kernel/sync/syncItem';
import type { SessionUser } from '../accounts/currentUser';
import { isJsonContentType } from '../contractRequest';
import type { StudyForgeDb } from '../database/database';
import { CLOSE, errorJson } from '../replies';
import { pausedWhenDatabaseDown } from './databaseDown';
import { createLiveChanges, LIVE_LIMITS, type LiveChanges, type LiveLimits } from './liveChanges';
import { canonicalItems } from './storedForm';
import { pullItems, pushItems } from './store';

/*
 * The server side of local-first sync (docs/sync.md):
 *
 *   POST /api/sync/push    {items}            -> {seq}
 *   GET  /api/sync/pull?since=&limit=         -> {items, seq, more}
 *   GET  /api/sync/events  text/event-stream  -> `event: changed` {seq}
 *
 * Every route goes through the one door: requireUser (a live session, and
 * the CSRF token on a push), then db.asUser for the person's rows. Items
 * never say whose they are; they are filed under the person signed in.
 * A push is read whole and checked before anything is written: too big
 * (413), not JSON (415), of the wrong shape, too deep, dated far ahead or
 * naming an owner (400, the sentence from parsePushBody).
 */

export interface SyncRouteDeps {
  db: StudyForgeDb;
  requireUser: MiddlewareHandler;
  /** Live stream bounds (tests shorten the heartbeat). */
  liveLimits?: Partial<LiveLimits>;
  /** The clock, for the "dated far ahead" check and session expiry. */
  now?: () => number;
}

export interface SyncRoutes {
  live: LiveChanges;
  /** Ends the live streams and stops listening (shutdown, tests). */
  stop(): Promise<void>;
}

const SEQ = /^\d{1,15}$/;

type Query = { ok: true; since: number; limit: number } | { ok: false; message: string };

function readPullQuery(c: Context): Query {
  const since = c.req.query('since') ?? '0';
  const limit = c.req.query('limit') ?? String(SYNC_LIMITS.itemsPerPull);
  if (!SEQ.test(since)) return { ok: false, message: '"since" must be a change number: a whole number, 0 or more.' };
  if (!SEQ.test(limit) || Number(limit) < 1 || Number(limit) > SYNC_LIMITS.itemsPerPull) {
    return { ok: false, message: `"limit" must be a whole number from 1 to ${SYNC_LIMITS.itemsPerPull}.` };
  }
  return { ok: true, since: Number(since), limit: Number(limit) };
}

/** The person requireUser let through (it sets c.var.user before any route here runs). */
const signedIn = (c: Context): SessionUser => c.var.user;

const tooBig = (c: Context) => errorJson(c, 413, `These changes are too large to send at once: the limit is ${SYNC_LIMITS.pushBytes / 1_000_000} MB.`, CLOSE);

export function addSyncRoutes(app: Hono, deps: SyncRouteDeps): SyncRoutes {
  const { db, requireUser } = deps;
  const now = deps.now ?? Date.now;
  const live = createLiveChanges(db, { ...LIVE_LIMITS, ...deps.liveLimits }, now);

  app.post('/api/sync/push', pausedWhenDatabaseDown, requireUser, bodyLimit({ maxSize: SYNC_LIMITS.pushBytes, onError: tooBig }), async (c) => {
    if (!isJsonContentType(c.req.header('content-type'))) return errorJson(c, 415, 'Send the changes as JSON, with "Content-Type: application/json".');
    let json: unknown;
    try {
      // JSON.parse is not recursive: a deeply nested body costs nothing until parsePushBody checks its depth first.
      json = JSON.parse(await c.req.text());
    } catch {
      return errorJson(c, 400, 'The changes are not valid JSON.');
    }
    const parsed = parsePushBody(json, now());
    if (!parsed.ok) return errorJson(c, 400, parsed.message);
    const storable = canonicalItems(parsed.value.items);
    if (!storable.ok) return errorJson(c, 400, storable.message);
    const userId = signedIn(c).id;
    const outcome = await pushItems(db, userId, storable.items);
    if (outcome.changed > 0) {
      // The push is saved whatever happens here: a lost notice only delays other devices until their next pull.
      await live.announce(userId).catch((error: unknown) => console.error('Sync could not announce a change:', error instanceof Error ? error.message : error));
    }
    return c.json({ seq: outcome.seq } satisfies PushReply);
  });

  app.get('/api/sync/pull', pausedWhenDatabaseDown, requireUser, async (c) => {
    const query = readPullQuery(c);
    if (!query.ok) return errorJson(c, 400, query.message);
    return c.json(await pullItems(db, signedIn(c).id, query.since, query.limit));
  });

  app.get('/api/sync/events', pausedWhenDatabaseDown, requireUser, (c) => {
    const { id, sessionIdHash } = signedIn(c);
    return live.open(c.req.raw, { userId: id, sessionIdHash });
  });

  return { live, stop: () => live.stop() };
}
