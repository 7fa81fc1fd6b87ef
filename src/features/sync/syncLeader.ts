import type { SyncHandle, SyncOptions, SyncStatus } from './syncTypes';

/*
 * One tab syncs for all the tabs of this browser. Each tab running its own
 * sync kept its own shadow and queue in memory and wrote them over the other
 * tab's, so a tab could stamp another tab's stale copy as new and win over a
 * newer edit from another device. So the tabs elect one with a Web Lock: the
 * tab holding it syncs, hearing the other tabs' writes through the storage
 * event; the others wait, and one takes over when that tab closes or signs out.
 */

const LOCK_NAME = 'studyforge-sync';

export const waitingMessage = 'Syncing from another tab of StudyForge.';

type LockRequest = (name: string, callback: () => Promise<void>) => Promise<unknown>;

function browserLocks(): LockRequest | undefined {
  const locks = globalThis.navigator?.locks;
  return locks ? (name, callback) => locks.request(name, callback) : undefined;
}

/** Runs `run(options)` once this tab holds the sync lock (at once where the browser has no Web Locks). */
export function oneTabSyncs(options: SyncOptions, run: (options: SyncOptions) => SyncHandle, request: LockRequest | undefined = browserLocks()): SyncHandle {
  if (!request) return run(options);
  const listeners = new Set<(status: SyncStatus) => void>();
  let inner: SyncHandle | undefined;
  let stopped = false;
  let release: () => void = () => {};
  const waiting: SyncStatus = { state: 'synced', pending: 0, message: waitingMessage };
  const tell = (status: SyncStatus) => [...listeners].forEach((listener) => listener(status));

  void request(LOCK_NAME, () => {
    if (stopped) return Promise.resolve();
    inner = run(options);
    inner.subscribe(tell);
    tell(inner.status());
    return new Promise<void>((resolve) => (release = resolve));
  }).catch((error: unknown) => console.warn('[sync] could not wait for the other tabs', error));

  return {
    status: () => inner?.status() ?? waiting,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    stop() {
      stopped = true;
      inner?.stop();
      release();
    },
    syncNow: () => inner?.syncNow() ?? Promise.resolve(),
  };
}
