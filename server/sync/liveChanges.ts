import { createHash } from 'node:crypto';
import type { StudyForgeDb } from '../database/database';
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

export interface LiveLimits {
  perUser: number;
  perProcess: number;
  heartbeatMs: number;
}

export const LIVE_LIMITS: LiveLimits = { perUser: 5, perProcess: 2_000, heartbeatMs: 25_000 };

export const TOO_MANY_FOR_USER = 'Too many windows are following your changes at once. Close a few StudyForge tabs and reload.';
export const TOO_MANY_FOR_SERVER = 'The server is following too many devices right now. Your work still syncs when you reload or save.';

/** What a notification names: a one-way hash of the person, the same on every instance. */
export function changeKey(userId: string): string {
  return createHash('sha256').update(`studyforge-sync:${userId}`).digest('hex');
}

interface Stream {
  userId: string;
  sessionIdHash: string;
  send(text: string): void;
  close(): void;
}

export interface LiveChanges {
  /** The event stream for a signed-in request, or a 429 refusal. Throws when the database cannot be reached. */
  open(request: Request, who: { userId: string; sessionIdHash: string }): Promise<Response>;
  /** Tells every instance (this one too, through the database) that this person's items changed. */
  announce(userId: string): Promise<void>;
  /** Streams open in this process. */
  openStreams(): number;
  /** Ends every stream and stops listening (tests, shutdown). */
  stop(): Promise<void>;
}

const encoder = new TextEncoder();

function refusal(message: string): Response {
  return Response.json({ error: message }, { status: 429, headers: { 'Retry-After': '60' } });
}

export function createLiveChanges(db: StudyForgeDb, limits: LiveLimits = LIVE_LIMITS, now: () => number = Date.now): LiveChanges {
  const byKey = new Map<string, Set<Stream>>();
  let count = 0;
  let listening: Promise<() => Promise<void>> | undefined;
  let stopped = false;
  /** Keys whose streams are being told now, and whether another change came meanwhile. */
  const telling = new Map<string, { again: boolean }>();

  async function tell(key: string): Promise<void> {
    const inFlight = telling.get(key);
    if (inFlight) {
      inFlight.again = true;
      return;
    }
    const turn = { again: true };
    telling.set(key, turn);
    try {
      while (turn.again) {
        turn.again = false;
        const streams = [...(byKey.get(key) ?? [])];
        const first = streams[0];
        if (!first) return;
        const state = await liveState(db, first.userId, new Date(now()));
        for (const stream of streams) {
          if (state.sessions.has(stream.sessionIdHash)) stream.send(`event: changed\ndata: ${JSON.stringify({ seq: state.seq })}\n\n`);
          else stream.close();
        }
      }
    } catch (error) {
      // The database went away between the change and this read: the devices pull when they reconnect.
      console.error('Live sync could not read the latest change:', error instanceof Error ? error.message : error);
    } finally {
      telling.delete(key);
    }
  }

  function ensureListening(): Promise<() => Promise<void>> {
    listening ??= db.listen(SYNC_CHANNEL, (key) => void tell(key));
    listening.catch(() => (listening = undefined));
    return listening;
  }

  async function stillSignedIn(stream: Stream): Promise<boolean> {
    try {
      return (await liveState(db, stream.userId, new Date(now()))).sessions.has(stream.sessionIdHash);
    } catch {
      // Unreachable database: keep the stream; the session is checked again at the next beat.
      return true;
    }
  }

  function register(request: Request, userId: string, sessionIdHash: string): Response {
    const key = changeKey(userId);
    let stream: Stream | undefined;
    let beat: ReturnType<typeof setInterval> | undefined;
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        let open = true;
        const close = () => {
          if (!open) return;
          open = false;
          clearInterval(beat);
          request.signal.removeEventListener('abort', close);
          const mine = byKey.get(key);
          mine?.delete(stream as Stream);
          if (mine?.size === 0) byKey.delete(key);
          count -= 1;
          try {
            controller.close();
          } catch {
            // Already cancelled by the client.
          }
        };
        const send = (text: string) => {
          if (!open) return;
          try {
            controller.enqueue(encoder.encode(text));
          } catch {
            close();
          }
        };
        stream = { userId, sessionIdHash, send, close };
        byKey.set(key, (byKey.get(key) ?? new Set()).add(stream));
        count += 1;
        request.signal.addEventListener('abort', close);
        beat = setInterval(() => {
          const current = stream as Stream;
          void stillSignedIn(current).then((alive) => (alive ? current.send(': still here\n\n') : current.close()));
        }, limits.heartbeatMs);
        beat.unref?.();
        // Sent at once, so the device knows the stream is open (and proxies pass the headers on).
        send(': following changes\n\n');
      },
      cancel() {
        stream?.close();
      },
    });
    return new Response(body, {
      headers: { 'Content-Type': 'text/event-stream; charset=utf-8', 'Cache-Control': 'no-cache, no-transform', 'X-Accel-Buffering': 'no' },
    });
  }

  return {
    async open(request, { userId, sessionIdHash }) {
      if (stopped) throw new Error('Live sync has stopped.');
      await ensureListening();
      // Counted after the await, so streams opened side by side cannot pass the caps together.
      if ((byKey.get(changeKey(userId))?.size ?? 0) >= limits.perUser) return refusal(TOO_MANY_FOR_USER);
      if (count >= limits.perProcess) return refusal(TOO_MANY_FOR_SERVER);
      return register(request, userId, sessionIdHash);
    },
    announce: (userId) => db.notify(SYNC_CHANNEL, changeKey(userId)),
    openStreams: () => count,
    async stop() {
      stopped = true;
      for (const streams of [...byKey.values()]) for (const stream of [...streams]) stream.close();
      const unlisten = await listening?.catch(() => undefined);
      listening = undefined;
      await unlisten?.();
    },
  };
}
