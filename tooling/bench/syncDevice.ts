import type { PullReply, PushReply, SyncItem } from '../../src/kernel/sync/syncItem';
import { openEventStream, parseEventBlock, type StreamEvent } from './eventSource';

/*
 * One signed-in device as the sync bench drives it: the same three requests
 * the app's sync client makes (push, pull, the live event stream), over real
 * HTTP to a gateway, carrying the session cookie and the CSRF token a browser
 * would. Only what the bench needs: no queue, no local store.
 */

/** The cookie a gateway over plain HTTP reads (behind TLS it is `__Host-sf_session`). */
const SESSION_COOKIE = 'sf_session';

export interface Session {
  userId: string;
  cookieValue: string;
  csrfToken: string;
}

/** How long one request or one awaited event may take before the bench counts a failure instead of hanging. */
export const DEVICE_TIMEOUT_MS = 30_000;

export class DeviceError extends Error {}

export function headers(session: Session, extra: Record<string, string> = {}): Record<string, string> {
  return { Cookie: `${SESSION_COOKIE}=${session.cookieValue}`, ...extra };
}

export async function jsonReply<T>(response: Response, what: string): Promise<T> {
  if (!response.ok) throw new DeviceError(`${what} answered ${response.status}: ${(await response.text()).slice(0, 200)}`);
  return (await response.json()) as T;
}

export async function push(base: string, session: Session, items: SyncItem[]): Promise<PushReply> {
  const response = await fetch(`${base}/api/sync/push`, {
    method: 'POST',
    headers: headers(session, { 'Content-Type': 'application/json', 'X-CSRF-Token': session.csrfToken }),
    body: JSON.stringify({ items }),
    signal: AbortSignal.timeout(DEVICE_TIMEOUT_MS),
  });
  return jsonReply<PushReply>(response, 'push');
}

export async function pull(base: string, session: Session, since: number): Promise<PullReply> {
  const response = await fetch(`${base}/api/sync/pull?since=${since}&limit=500`, {
    headers: headers(session),
    signal: AbortSignal.timeout(DEVICE_TIMEOUT_MS),
  });
  return jsonReply<PullReply>(response, 'pull');
}

/** A device's open event stream: the greatest change number announced so far, and a way to wait for a later one. */
export interface EventStream {
  /** Resolves once a `changed` event with seq >= `seq` has arrived (at once if one already has). */
  changedAtLeast(seq: number): Promise<void>;
  close(): void;
}

interface Waiter {
  seq: number;
  resolve: () => void;
  reject: (error: Error) => void;
  timer: NodeJS.Timeout;
}

/** The seq of one server-sent event block when it is a `changed` event, else undefined (comments, other events). */
export function changedSeq(block: string): number | undefined {
  const parsed = parseEventBlock(block);
  return parsed ? seqOf(parsed) : undefined;
}

function seqOf(parsed: StreamEvent): number | undefined {
  if (parsed.event !== 'changed') return undefined;
  try {
    const data: unknown = JSON.parse(parsed.data);
    const seq = typeof data === 'object' && data !== null && 'seq' in data ? Number(data.seq) : Number.NaN;
    return Number.isFinite(seq) ? seq : undefined;
  } catch {
    return undefined;
  }
}

/** Opens GET /api/sync/events and resolves once the gateway has answered with the stream (it is listening from then on). */
export async function openEvents(base: string, session: Session): Promise<EventStream> {
  let latest = -1;
  let failure: Error | undefined;
  const waiters = new Set<Waiter>();
  const settle = () => {
    for (const waiter of waiters) {
      if (failure) waiter.reject(failure);
      else if (latest >= waiter.seq) waiter.resolve();
      else continue;
      clearTimeout(waiter.timer);
      waiters.delete(waiter);
    }
  };
  const stream = await openEventStream(
    `${base}/api/sync/events`,
    headers(session),
    {
      onEvent(event) {
        const seq = seqOf(event);
        if (seq !== undefined && seq > latest) latest = seq;
        settle();
      },
      onEnd(error) {
        failure = new DeviceError(error.message);
        settle();
      },
    },
    DEVICE_TIMEOUT_MS,
  );

  return {
    changedAtLeast(seq) {
      return new Promise<void>((resolve, reject) => {
        const timer = setTimeout(() => {
          waiters.delete(waiter);
          reject(new DeviceError(`no changed event for seq ${seq} within ${DEVICE_TIMEOUT_MS} ms`));
        }, DEVICE_TIMEOUT_MS);
        const waiter: Waiter = { seq, resolve, reject, timer };
        waiters.add(waiter);
        settle();
      });
    },
    close: () => stream.close(),
  };
}
