import { parsePushBody, SYNC_LIMITS, type PullReply, type PushReply, type SyncItem } from '../../kernel/sync/syncItem';

/*
 * The two calls to the server (section "protocol" of docs/sync.md): a push
 * of changes in batches within the server's bounds, and a pull of what
 * changed since a change number. Every failure is an error saying what kind
 * it is, so the engine knows whether to retry, wait for the network, or stop.
 */

export class SyncHttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

/** The request never reached the server (offline, DNS, connection refused). */
export class SyncNetworkError extends Error {}

export interface Transport {
  push(items: readonly SyncItem[]): Promise<PushReply>;
  pull(since: number): Promise<PullReply>;
}

async function serverMessage(response: Response): Promise<string> {
  try {
    const body: unknown = await response.json();
    if (typeof body === 'object' && body !== null && 'error' in body && typeof body.error === 'string') return body.error;
  } catch {
    // Not JSON: the status says enough.
  }
  return `The server answered ${response.status}.`;
}

export function createTransport(options: { fetch: typeof fetch; csrfToken: string; base?: string }): Transport {
  const base = options.base ?? '';
  async function call<T>(path: string, init: RequestInit): Promise<T> {
    let response: Response;
    try {
      response = await options.fetch(`${base}${path}`, { credentials: 'same-origin', ...init });
    } catch (error) {
      throw new SyncNetworkError(error instanceof Error ? error.message : 'The server could not be reached.');
    }
    if (!response.ok) throw new SyncHttpError(response.status, await serverMessage(response));
    return (await response.json()) as T;
  }
  return {
    push: (items) =>
      call<PushReply>('/api/sync/push', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'X-CSRF-Token': options.csrfToken },
        body: JSON.stringify({ items }),
      }),
    pull: (since) => call<PullReply>(`/api/sync/pull?since=${since}&limit=${SYNC_LIMITS.itemsPerPull}`, { method: 'GET' }),
  };
}

/** Room left for the body's own wrapping in a batch's byte count. */
const BATCH_MARGIN = 1_000;

/**
 * The outbox cut into pushes the server takes, and the items it would refuse
 * whatever happened (too big or too deep, checked by the server's own rule):
 * those stay on this device rather than hold back every other change.
 */
export function batchesOf(items: readonly SyncItem[]): { batches: SyncItem[][]; refused: { item: SyncItem; message: string }[] } {
  const batches: SyncItem[][] = [];
  const refused: { item: SyncItem; message: string }[] = [];
  let batch: SyncItem[] = [];
  let bytes = 0;
  for (const item of items) {
    const checked = parsePushBody({ items: [item] });
    if (!checked.ok) {
      refused.push({ item, message: checked.message });
      continue;
    }
    const size = JSON.stringify(item).length + 1;
    if (batch.length > 0 && (batch.length >= SYNC_LIMITS.itemsPerPush || bytes + size > SYNC_LIMITS.pushBytes - BATCH_MARGIN)) {
      batches.push(batch);
      batch = [];
      bytes = 0;
    }
    batch.push(item);
    bytes += size;
  }
  if (batch.length > 0) batches.push(batch);
  return { batches, refused };
}
