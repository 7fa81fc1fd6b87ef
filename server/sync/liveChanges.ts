import { createHash } from 'node:crypto';
import type { StudyForgeDb } from '../database/database';
import { coalescedDelivery, createEventStreams, listenOnce, sseEvent, type LiveLimits, type StreamOwner } from '../live/eventStreams';
import { liveState } from './store';

/*
 * Live push for GET /api/sync/events: a server-sent event stream per open
 * device, told `changed` with the person's latest seq whenever their items
 * change on ANY gateway instance sharing the database.
 *
 * A push NOTIFYs channel `studyforge_sync` with a hash of the user id (never
 * the id, never content: whoever can LISTEN learns only that someone
 * changed something). Each process LISTENs once and hands a notification to
 * its own open streams of that person, after one query (as that person) for
 * their latest seq and which of their sessions are still signed in: a stream
 * whose session ended (signed out, expired) is closed instead of told.
 *
 * Bounded: a few streams per person (a handful of tabs and devices) and a
 * cap for the process, each refused with 429 and a sentence. A comment line
 * every 25 s keeps proxies from closing a quiet stream, and checks the
 * session too, so a signed-out device's stream ends even when nothing
 * changes.
 */

export const SYNC_CHANNEL = 'studyforge_sync';

export type { LiveLimits } from '../live/eventStreams';

export const LIVE_LIMITS: LiveLimits = { perUser: 5, perProcess: 2_000, heartbeatMs: 25_000 };

export const TOO_MANY_FOR_USER = 'Too many windows are following your changes at once. Close a few StudyForge tabs and reload.';
export const TOO_MANY_FOR_SERVER = 'The server is following too many devices right now. Your work still syncs when you reload or save.';

/** What a notification names: a one-way hash of the person, the same on every instance. */
export function changeKey(userId: string): string {
  return createHash('sha256').update(`studyforge-sync:${userId}`).digest('hex');
}

export interface LiveChanges {
  /** The event stream for a signed-in request, or a 429 refusal. Throws when the database cannot be reached. */
  open(request: Request, who: StreamOwner): Promise<Response>;
  /** Tells every instance (this one too, through the database) that this person's items changed. */
  announce(userId: string): Promise<void>;
  /** Streams open in this process. */
  openStreams(): number;
  /** Ends every stream and stops listening (tests, shutdown). */
  stop(): Promise<void>;
}

export function createLiveChanges(db: StudyForgeDb, limits: LiveLimits = LIVE_LIMITS, now: () => number = Date.now): LiveChanges {
  let stopped = false;
  const streams = createEventStreams<StreamOwner>({
    limits,
    refusals: { perUser: TOO_MANY_FOR_USER, perProcess: TOO_MANY_FOR_SERVER },
    greeting: 'following changes',
    async mayContinue(who) {
      try {
        return (await liveState(db, who.userId, new Date(now()))).sessions.has(who.sessionIdHash);
      } catch {
        // Unreachable database: keep the stream; the session is checked again at the next beat.
        return true;
      }
    },
  });

  const tell = coalescedDelivery<null>(async (key) => {
    const following = streams.streamsOf(key);
    const first = following[0];
    if (!first) return;
    try {
      const state = await liveState(db, first.who.userId, new Date(now()));
      for (const stream of following) {
        if (state.sessions.has(stream.who.sessionIdHash)) stream.send(sseEvent('changed', { seq: state.seq }));
        else stream.close();
      }
    } catch (error) {
      // The database went away between the change and this read: the devices pull when they reconnect.
      console.error('Live sync could not read the latest change:', error instanceof Error ? error.message : error);
    }
  });
  const listener = listenOnce(db, SYNC_CHANNEL, (key) => void tell(key, null));

  return {
    async open(request, who) {
      if (stopped) throw new Error('Live sync has stopped.');
      await listener.ready();
      // Counted after the await, so streams opened side by side cannot pass the caps together.
      return streams.open(request, changeKey(who.userId), who);
    },
    announce: (userId) => db.notify(SYNC_CHANNEL, changeKey(userId)),
    openStreams: () => streams.count(),
    async stop() {
      stopped = true;
      streams.closeAll();
      await listener.stop();
    },
  };
}
