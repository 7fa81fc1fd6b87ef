/*
 * FOR THE OTHER CLASS ROUTES: after a member's change is committed (an answer,
 * a finish, progress, a help request, a run), call
 *
 *   await announceClass(deps.db, classId, assignmentId);
 *
 * OUTSIDE the transaction (a notification sent inside one would be heard
 * before the change can be read). It never throws: the work is saved
 * whatever happens to the notice, and a lost one only delays the teacher's
 * view until their next fetch.
 *
 * GET /api/classes/:classId/events (teachers of the class) is a server-sent
 * event stream told `event: changed` / `data: {"assignmentId":"..."}` when
 * work arrives on ANY gateway instance sharing the database. The
 * notification on channel `studyforge_class` names the class by a one-way
 * hash and the assignment by its id: no names, no content, so whoever can
 * LISTEN learns only that some class's assignment moved. Each process
 * LISTENs once; before telling a class's streams it checks, once per
 * teacher, that their session is still signed in and that they still teach
 * the class (a stream that may not go on is closed instead). Bounded per
 * person and per process (429 with a sentence); a comment every 25 s keeps
 * proxies from closing a quiet stream and re-checks the same things.
 */

import { createHash } from 'node:crypto';
import type { Hono } from 'hono';
import { sql } from 'kysely';
import { classIdSchema, type ClassChangedEvent } from '../../src/kernel/classes/wire';
import type { StudyForgeDb } from '../database/database';
import { coalescedDelivery, createEventStreams, listenOnce, sseEvent, type LiveLimits, type StreamOwner } from '../live/eventStreams';
import type { ClassRouteDeps } from './deps';
import { withClass } from './door';
import { classHandler, signedIn } from './routeKit';

export const CLASS_CHANNEL = 'studyforge_class';

/** A class view is a teacher's screen or two: a few per person; the process cap matches sync's. */
export const CLASS_LIVE_LIMITS: LiveLimits = { perUser: 8, perProcess: 2_000, heartbeatMs: 25_000 };

export const TOO_MANY_CLASS_VIEWS = 'Too many windows are following your classes at once. Close a few StudyForge tabs and reload.';
export const TOO_MANY_FOR_SERVER = 'The server is following too many class views right now. Reload the page to see the latest results.';

/** What a notification names a class by: a one-way hash, the same on every instance. */
export function classKey(classId: string): string {
  return createHash('sha256').update(`studyforge-class:${classId}`).digest('hex');
}

/** Tells every instance's teachers of the class that this assignment's work changed. Never throws. */
export async function announceClass(db: StudyForgeDb, classId: string, assignmentId: string): Promise<void> {
  try {
    await db.notify(CLASS_CHANNEL, `${classKey(classId)}:${assignmentId}`);
  } catch (error) {
    console.error('A class change could not be announced:', error instanceof Error ? error.message : error);
  }
}

interface ClassViewer extends StreamOwner {
  classId: string;
}

/** Whether the viewer's session is still signed in and they still teach the class. */
async function mayStillView(db: StudyForgeDb, viewer: ClassViewer, now: Date): Promise<boolean> {
  return db.asUser(viewer.userId, async (trx) => {
    const session = await trx
      .selectFrom('sessions')
      .select('id_hash')
      .where('user_id', '=', viewer.userId)
      .where('id_hash', '=', viewer.sessionIdHash)
      .where('expires_at', '>', now)
      .executeTakeFirst();
    if (!session) return false;
    const { rows } = await sql<{ teaches: boolean }>`select studyforge_teaches(${viewer.classId}) as teaches`.execute(trx);
    return rows[0]?.teaches === true;
  });
}

/** A notification's class key and assignment id; null for any other form (only the gateway notifies, but checking costs nothing). */
function parsePayload(payload: string): { key: string; assignmentId: string } | null {
  const [key, assignmentId, ...rest] = payload.split(':');
  if (!key || rest.length > 0 || !classIdSchema.safeParse(assignmentId).success) return null;
  return { key, assignmentId: assignmentId as string };
}

/** Ends the streams and stops listening (shutdown, tests). */
export interface ClassEventRoutes {
  stop(): Promise<void>;
}

export function addClassEventRoutes(app: Hono, deps: Pick<ClassRouteDeps, 'db' | 'requireUser' | 'now'>, limits: Partial<LiveLimits> = {}): ClassEventRoutes {
  const { db, now } = deps;
  let stopped = false;
  const stillViewing = async (viewer: ClassViewer): Promise<boolean> => {
    try {
      return await mayStillView(db, viewer, new Date(now()));
    } catch {
      // Unreachable database: keep the stream; it is checked again at the next beat.
      return true;
    }
  };
  const streams = createEventStreams<ClassViewer>({
    limits: { ...CLASS_LIVE_LIMITS, ...limits },
    refusals: { perUser: TOO_MANY_CLASS_VIEWS, perProcess: TOO_MANY_FOR_SERVER },
    greeting: 'following the class',
    mayContinue: stillViewing,
  });

  // Checked before telling, once per session, so a signed-out or removed teacher learns nothing more, not even an id.
  const tell = coalescedDelivery<string>(async (key, assignmentIds) => {
    const verdicts = new Map<string, Promise<boolean>>();
    for (const stream of streams.streamsOf(key)) {
      const session = `${stream.who.userId} ${stream.who.sessionIdHash}`;
      const verdict = verdicts.get(session) ?? stillViewing(stream.who);
      verdicts.set(session, verdict);
      if (!(await verdict)) {
        stream.close();
        continue;
      }
      for (const assignmentId of new Set(assignmentIds)) stream.send(sseEvent('changed', { assignmentId } satisfies ClassChangedEvent));
    }
  });
  const listener = listenOnce(db, CLASS_CHANNEL, (payload) => {
    const parsed = parsePayload(payload);
    if (parsed && streams.streamsOf(parsed.key).length > 0) void tell(parsed.key, parsed.assignmentId);
  });

  app.get(
    '/api/classes/:classId/events',
    deps.requireUser,
    classHandler(async (c) => {
      if (stopped) throw new Error('Class events have stopped.');
      const user = signedIn(c);
      const classId = await withClass(db, user, c.req.param('classId') ?? '', 'teacher', async (_trx, access) => access.classId);
      await listener.ready();
      // Counted after the awaits, so streams opened side by side cannot pass the caps together.
      return streams.open(c.req.raw, classKey(classId), { userId: user.id, sessionIdHash: user.sessionIdHash, classId });
    }),
  );

  return {
    async stop() {
      stopped = true;
      streams.closeAll();
      await listener.stop();
    },
  };
}
