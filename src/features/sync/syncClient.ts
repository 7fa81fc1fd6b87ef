import { messageOf } from '../../kernel/messages';
import { parseHlc } from '../../kernel/sync/hlc';
import type { SyncItem } from '../../kernel/sync/syncItem';
import { StorageFullError } from '../../kernel/stored/storage';
import { browserStore, type LocalStore } from './localStore';
import { entryForKey } from './syncedKeys';
import { oneTabSyncs } from './syncLeader';
import { createReplica, type Replica } from './syncReplica';
import { forgetState, loadSyncState, syncStateKeys } from './syncState';
import { batchesOf, createTransport, SyncHttpError, SyncNetworkError, type Transport } from './syncTransport';
import type { ChangeFeed, NetworkWatch, SyncHandle, SyncOptions, SyncStatus } from './syncTypes';

/*
 * The running sync of a signed-in person: every local write is queued at
 * once (persisted, so offline edits survive a reload) and pushed shortly
 * after; the account's changes are pulled on start, when the server says
 * something changed (server-sent events) and when the connection comes back.
 * A failed push keeps the queue and tries again later, waiting longer each
 * time; a 401 stops and says the person is signed out.
 */

const browserNetwork: NetworkWatch = {
  online: () => globalThis.navigator?.onLine !== false,
  subscribe(listener) {
    const on = () => listener(true);
    const off = () => listener(false);
    globalThis.addEventListener?.('online', on);
    globalThis.addEventListener?.('offline', off);
    return () => {
      globalThis.removeEventListener?.('online', on);
      globalThis.removeEventListener?.('offline', off);
    };
  },
};

const browserFeed = (url: string): ChangeFeed | undefined => (typeof EventSource === 'undefined' ? undefined : new EventSource(url));

export const syncMessages = {
  signedOut: 'You are signed out, so changes stay on this device. Sign in again to sync them.',
  notVerified: 'Sync could not be verified. Reload the page to sync again.',
  offline: 'Offline: changes are kept here and sync when the connection is back.',
  storageFull: 'Storage on this device is full: changes made now sync while this page stays open. Free some space to keep them.',
  tooLarge: (count: number) => `${count === 1 ? 'One item is' : `${count} items are`} too large to sync and stay on this device only.`,
  paused: (reason: string) => `Sync is paused (${reason}). Changes are kept here and sent again soon.`,
};

let current: SyncHandle | undefined;

/** Stops the sync running in this tab, if any. */
export function stopCurrentSync(): void {
  current?.stop();
  current = undefined;
}

/** Starts syncing this browser's data with the signed-in account (one sync per tab: a running one is stopped first). */
export function startSync(options: SyncOptions): SyncHandle {
  stopCurrentSync();
  current = oneTabSyncs(options, runSync);
  return current;
}

/** One sync over the given (or the browser's) storage; tests run two, one per device. */
export function runSync(options: SyncOptions): SyncHandle {
  const store: LocalStore = options.store ?? browserStore;
  const network = options.network ?? browserNetwork;
  const transport: Transport = createTransport({ fetch: options.fetch ?? globalThis.fetch.bind(globalThis), csrfToken: options.csrfToken });
  const replica = openReplica(store, options);
  const listeners = new Set<(status: SyncStatus) => void>();
  let status: SyncStatus = { state: 'syncing', pending: replica.state.outbox.size };
  let stopped = false;
  let running: Promise<void> | undefined;
  let again = false;
  let pullWanted = true;
  let failures = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let storageProblem: string | undefined;
  let refusedCount = 0;

  /** The reason given with the current state, kept when only the pending count changes. */
  let reason: string | undefined;

  function setStatus(state: SyncStatus['state'], message?: string) {
    reason = message;
    const notes = [message, storageProblem, refusedCount > 0 ? syncMessages.tooLarge(refusedCount) : undefined].filter((note): note is string => !!note);
    const next: SyncStatus = { state, pending: replica.state.outbox.size, ...(notes.length > 0 ? { message: notes.join(' ') } : {}) };
    if (next.state === status.state && next.pending === status.pending && next.message === status.message) return;
    status = next;
    for (const listener of [...listeners]) listener(status);
  }

  function persist() {
    const error = replica.persist();
    storageProblem = error === undefined ? undefined : error instanceof StorageFullError ? syncMessages.storageFull : messageOf(error);
  }

  function schedule(delay: number) {
    if (stopped) return;
    if (timer !== undefined) clearTimeout(timer);
    timer = setTimeout(() => {
      timer = undefined;
      void run();
    }, delay);
  }

  async function pullAll() {
    let restarted = false;
    for (;;) {
      const reply = await transport.pull(replica.state.meta.since);
      if (stopped) return;
      if (reply.seq < replica.state.meta.since && !restarted) {
        // The server's data was restored from an older copy: everything again, merged as ever.
        restarted = true;
        replica.state.meta.since = 0;
        continue;
      }
      replica.applyRemote(reply.items);
      replica.state.meta.since = Math.max(replica.state.meta.since, reply.seq);
      persist();
      if (!reply.more || reply.items.length === 0) return;
    }
  }

  /** A deletion waits this long before it leaves, so Undo can still withdraw it (a synced deletion is final). */
  const grace = options.deletionGraceMs ?? 30_000;
  let held = 0;

  async function pushAll() {
    const now = (options.now ?? Date.now)();
    const heldUntil = (item: SyncItem) => (item.d === undefined ? 0 : (parseHlc(item.d)?.wall ?? 0) + grace);
    const ready = [...replica.state.outbox.values()].filter((item) => heldUntil(item) <= now);
    const waiting = [...replica.state.outbox.values()].map(heldUntil).filter((until) => until > now);
    held = waiting.length;
    if (held > 0) schedule(Math.min(...waiting) - now + 1);
    const { batches, refused } = batchesOf(ready);
    refusedCount = refused.length;
    for (const batch of batches) {
      await transport.push(batch);
      replica.acknowledge(batch);
      persist();
      setStatus('syncing');
    }
  }

  function fail(error: unknown) {
    if (error instanceof SyncHttpError && (error.status === 401 || error.status === 403)) {
      stopAll();
      setStatus('paused', error.status === 401 ? syncMessages.signedOut : syncMessages.notVerified);
      return;
    }
    failures++;
    schedule(Math.min(options.maxRetryMs ?? 300_000, (options.retryMs ?? 2_000) * 2 ** (failures - 1)));
    if (error instanceof SyncNetworkError || !network.online()) setStatus('offline', syncMessages.offline);
    else if (error instanceof StorageFullError) setStatus('paused', syncMessages.storageFull);
    // The server's own sentence when it has one (its database is down: 503), else ours around the reason.
    else setStatus('paused', error instanceof SyncHttpError && error.status === 503 ? error.message : syncMessages.paused(messageOf(error)));
  }

  async function cycle() {
    if (!network.online()) {
      setStatus('offline', syncMessages.offline);
      return;
    }
    setStatus('syncing');
    try {
      if (pullWanted) {
        pullWanted = false;
        await pullAll().catch((error: unknown) => {
          pullWanted = true;
          throw error;
        });
      }
      if (stopped) return;
      await pushAll();
      failures = 0;
      setStatus(replica.state.outbox.size - refusedCount - held > 0 ? 'syncing' : 'synced');
    } catch (error) {
      if (!stopped) fail(error);
    }
  }

  /** One cycle at a time; a request made during one runs another after it. */
  function run(): Promise<void> {
    if (stopped) return Promise.resolve();
    if (running) {
      again = true;
      return running;
    }
    running = cycle().finally(() => {
      running = undefined;
      if (again && !stopped) {
        again = false;
        void run();
      }
    });
    return running;
  }

  const stops: (() => void)[] = [];
  function stopAll() {
    stopped = true;
    if (timer !== undefined) clearTimeout(timer);
    for (const stop of stops.splice(0)) stop();
  }

  /** A write in this tab, or (as only one tab syncs) in another tab of the app. */
  function onLocalWrite(key: string) {
    // Keys that stay on this device (sync's own state among them: writing it must not record again).
    if (!entryForKey(key)) return;
    try {
      replica.recordKey(key);
      persist();
      // Paused or offline stays so (a retry is already due); otherwise the change is on its way.
      if (status.state === 'paused' || status.state === 'offline') setStatus(status.state, reason);
      else {
        setStatus('syncing');
        schedule(options.pushDelayMs ?? 300);
      }
    } catch (error) {
      // Sync must never break the write that called it: the next write diffs again.
      console.warn('[sync] could not record a change', error);
    }
  }

  stops.push(
    store.onWrite(onLocalWrite),
    store.onOtherTabWrite(onLocalWrite),
    network.subscribe((online) => {
      if (!online) return setStatus('offline', syncMessages.offline);
      pullWanted = true;
      failures = 0;
      void run();
    }),
  );
  const feed = (options.feed ?? browserFeed)('/api/sync/events');
  if (feed) {
    const pullNow = () => {
      pullWanted = true;
      void run();
    };
    feed.addEventListener('changed', pullNow);
    // Connected again after a drop: what changed meanwhile was not announced.
    feed.addEventListener('open', pullNow);
    stops.push(() => feed.close());
  }
  persist();
  void run();

  return {
    status: () => status,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    stop: stopAll,
    async syncNow() {
      pullWanted = true;
      while (running) await running;
      await run();
      while (running) await running;
    },
  };
}

/** This device's sync state for the account, first-sign-in choice applied; another account's state is forgotten first. */
function openReplica(store: LocalStore, options: SyncOptions): Replica {
  let state = loadSyncState(store);
  if (state.meta.user !== undefined && options.userId !== undefined && state.meta.user !== options.userId) {
    forgetState(store);
    state = loadSyncState(store);
  }
  const firstTime = store.read(syncStateKeys.meta) === undefined;
  const replica = createReplica(store, options.now, state);
  // First time: everything here is recorded (sent or kept local, as chosen). Later: what changed while sync was off is caught up.
  replica.recordAll(firstTime && !options.uploadExisting);
  if (options.userId !== undefined) state.meta.user = options.userId;
  return replica;
}
