import type { StudyForgeDb } from '../database/database';

/*
 * The pieces every live server-sent event stream of the gateway shares
 * (sync's /api/sync/events, a class's /api/classes/:id/events):
 *
 * - streams filed under a routing key (a one-way hash the database
 *   notification names), each belonging to one person's session;
 * - bounds: a few streams per person and a cap for the process, each
 *   refused with 429 and a sentence;
 * - a comment line every beat, so proxies keep a quiet stream open, which
 *   also re-checks that the stream may go on (an ended session closes it);
 * - one LISTEN per process per channel, however many streams are open;
 * - deliveries per key one at a time, so a burst of changes costs one read
 *   per round rather than one per change.
 */

export interface LiveLimits {
  perUser: number;
  perProcess: number;
  heartbeatMs: number;
}

export interface StreamRefusals {
  perUser: string;
  perProcess: string;
}

export interface StreamOwner {
  userId: string;
  sessionIdHash: string;
}

export interface OpenStream<Who extends StreamOwner> {
  who: Who;
  send(text: string): void;
  close(): void;
}

export interface EventStreams<Who extends StreamOwner> {
  /** The event stream, or a 429 refusal when the person or the process has too many. */
  open(request: Request, key: string, who: Who): Response;
  streamsOf(key: string): OpenStream<Who>[];
  count(): number;
  closeAll(): void;
}

export interface EventStreamOptions<Who extends StreamOwner> {
  limits: LiveLimits;
  refusals: StreamRefusals;
  /** The comment sent at once, so the client knows the stream is open (and proxies pass the headers on). */
  greeting: string;
  /** Asked at every beat: false closes the stream. Should answer true when it cannot tell (a database hiccup). */
  mayContinue(who: Who): Promise<boolean>;
}

const encoder = new TextEncoder();

export const EVENT_STREAM_HEADERS = { 'Content-Type': 'text/event-stream; charset=utf-8', 'Cache-Control': 'no-cache, no-transform', 'X-Accel-Buffering': 'no' };

export function tooMany(message: string): Response {
  return Response.json({ error: message }, { status: 429, headers: { 'Retry-After': '60' } });
}

/** One `event:` block of a server-sent event stream. */
export function sseEvent(event: string, data: unknown): string {
  return `event: ${event}\ndata: ${JSON.stringify(data)}\n\n`;
}

export function createEventStreams<Who extends StreamOwner>(options: EventStreamOptions<Who>): EventStreams<Who> {
  const { limits, refusals } = options;
  const byKey = new Map<string, Set<OpenStream<Who>>>();
  const perUser = new Map<string, number>();
  let count = 0;

  function register(request: Request, key: string, who: Who): Response {
    let stream: OpenStream<Who> | undefined;
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
          mine?.delete(stream as OpenStream<Who>);
          if (mine?.size === 0) byKey.delete(key);
          const left = (perUser.get(who.userId) ?? 1) - 1;
          if (left > 0) perUser.set(who.userId, left);
          else perUser.delete(who.userId);
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
        stream = { who, send, close };
        byKey.set(key, (byKey.get(key) ?? new Set()).add(stream));
        perUser.set(who.userId, (perUser.get(who.userId) ?? 0) + 1);
        count += 1;
        request.signal.addEventListener('abort', close);
        beat = setInterval(() => {
          const current = stream as OpenStream<Who>;
          void options.mayContinue(current.who).then((alive) => (alive ? current.send(': still here\n\n') : current.close()));
        }, limits.heartbeatMs);
        beat.unref?.();
        send(`: ${options.greeting}\n\n`);
      },
      cancel() {
        stream?.close();
      },
    });
    return new Response(body, { headers: EVENT_STREAM_HEADERS });
  }

  return {
    open(request, key, who) {
      if ((perUser.get(who.userId) ?? 0) >= limits.perUser) return tooMany(refusals.perUser);
      if (count >= limits.perProcess) return tooMany(refusals.perProcess);
      return register(request, key, who);
    },
    streamsOf: (key) => [...(byKey.get(key) ?? [])],
    count: () => count,
    closeAll() {
      for (const streams of [...byKey.values()]) for (const stream of [...streams]) stream.close();
    },
  };
}

/**
 * Runs `deliver` for a key one round at a time: items arriving while a round
 * runs are gathered and delivered together in the next, so a burst of
 * notifications for one key costs a few rounds, not one each.
 */
export function coalescedDelivery<T>(deliver: (key: string, items: T[]) => Promise<void>): (key: string, item: T) => Promise<void> {
  const waiting = new Map<string, T[]>();
  const running = new Set<string>();
  return async (key, item) => {
    const gathered = waiting.get(key) ?? [];
    gathered.push(item);
    waiting.set(key, gathered);
    if (running.has(key)) return;
    running.add(key);
    try {
      for (let items = waiting.get(key); items && items.length > 0; items = waiting.get(key)) {
        waiting.delete(key);
        await deliver(key, items);
      }
    } finally {
      waiting.delete(key);
      running.delete(key);
    }
  };
}

/** One LISTEN per process on `channel`, started on first use; a failed start is tried again on the next. */
export function listenOnce(db: StudyForgeDb, channel: string, onPayload: (payload: string) => void): { ready(): Promise<void>; stop(): Promise<void> } {
  let listening: Promise<() => Promise<void>> | undefined;
  return {
    async ready() {
      listening ??= db.listen(channel, onPayload);
      listening.catch(() => (listening = undefined));
      await listening;
    },
    async stop() {
      const unlisten = await listening?.catch(() => undefined);
      listening = undefined;
      await unlisten?.();
    },
  };
}
