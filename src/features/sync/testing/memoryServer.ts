import { mergeItems, sameItem } from '../../../kernel/sync/mergeItem';
import { parsePushBody, SYNC_LIMITS, type SyncItem } from '../../../kernel/sync/syncItem';
import type { ChangeFeed, NetworkWatch } from '../syncTypes';

/*
 * The sync server's rules in memory, for the client's tests: a push is read
 * with the server's own parsePushBody (anything it refuses is a 400 and
 * nothing is written) and merged with the same mergeItems; the change number
 * moves only when a stored item changed; a pull pages by it. Each device gets
 * its own fetch (with a network switch and a session that can end) and live
 * feed.
 */

export interface Device {
  fetch: typeof fetch;
  feed: (url: string) => ChangeFeed;
  network: NetworkWatch & { set(online: boolean): void };
  /** Every push body this device sent, as sent. */
  pushes: string[];
}

export function memoryServer(options: { pageSize?: number } = {}) {
  const items = new Map<string, { item: SyncItem; seq: number }>();
  let seq = 0;
  let signedIn = true;
  /** Answers to give instead of the next calls (a database that is down: 503). */
  const failures: { status: number; error: string }[] = [];
  const feeds = new Set<{ changed: Set<() => void> }>();
  const pageSize = options.pageSize ?? SYNC_LIMITS.itemsPerPull;

  const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

  function push(body: unknown): Response {
    const parsed = parsePushBody(body);
    if (!parsed.ok) return json(400, { error: parsed.message });
    let changed = false;
    for (const item of parsed.value.items) {
      const key = `${item.c}/${item.id}`;
      const stored = items.get(key);
      const merged = stored ? mergeItems(stored.item, item) : mergeItems(item, item);
      if (stored && sameItem(stored.item, merged)) continue;
      items.set(key, { item: merged, seq: ++seq });
      changed = true;
    }
    if (changed) for (const feed of feeds) for (const listener of feed.changed) listener();
    return json(200, { seq });
  }

  function pull(since: number): Response {
    const newer = [...items.values()].filter((entry) => entry.seq > since).sort((a, b) => a.seq - b.seq);
    const page = newer.slice(0, pageSize);
    return json(200, { items: page.map((entry) => entry.item), seq: page.at(-1)?.seq ?? seq, more: newer.length > pageSize });
  }

  function device(): Device {
    let online = true;
    const networkListeners = new Set<(online: boolean) => void>();
    const pushes: string[] = [];
    const fetchFn = async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
      if (!online) throw new TypeError('Failed to fetch');
      if (!signedIn) return json(401, { error: 'Sign in to use this.' });
      const failure = failures.shift();
      if (failure) return json(failure.status, { error: failure.error });
      const url = new URL(String(input), 'http://studyforge.test');
      if (url.pathname === '/api/sync/push' && init?.method === 'POST') {
        const text = String(init.body);
        pushes.push(text);
        if ((init.headers as Record<string, string>)['X-CSRF-Token'] !== 'csrf-token') return json(403, { error: 'This request could not be verified.' });
        return push(JSON.parse(text));
      }
      if (url.pathname === '/api/sync/pull') return pull(Number(url.searchParams.get('since') ?? 0));
      return json(404, { error: 'Not found.' });
    };
    return {
      fetch: fetchFn as typeof fetch,
      pushes,
      feed() {
        const feed = { changed: new Set<() => void>() };
        feeds.add(feed);
        return {
          addEventListener(type, listener) {
            if (type === 'changed') feed.changed.add(() => online && listener());
          },
          close: () => feeds.delete(feed),
        };
      },
      network: {
        online: () => online,
        subscribe(listener) {
          networkListeners.add(listener);
          return () => networkListeners.delete(listener);
        },
        set(next) {
          online = next;
          for (const listener of [...networkListeners]) listener(next);
        },
      },
    };
  }

  return {
    items,
    device,
    /** The session ends (signed out elsewhere, expired): every call is a 401 from now on. */
    signOut() {
      signedIn = false;
    },
    item: (c: string, id: string) => items.get(`${c}/${id}`)?.item,
    failNext(count: number, status: number, error: string) {
      for (let i = 0; i < count; i++) failures.push({ status, error });
    },
    /** The server's data restored from an older copy: change numbers start again. */
    restoreEmpty() {
      items.clear();
      seq = 0;
    },
  };
}
