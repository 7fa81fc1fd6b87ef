import type { SyncClient, SyncStatus } from '../syncClient';

/*
 * A sync client as the contract describes it, whose status a test sets, and
 * which records how it was started and whether its state was forgotten.
 */
export function fakeSyncClient(options: { localData: boolean }) {
  const listeners = new Set<(status: SyncStatus) => void>();
  const fake = {
    localData: options.localData,
    status: { state: 'synced', pending: 0 } as SyncStatus,
    started: [] as { csrfToken: string; uploadExisting: boolean; userId?: string }[],
    /** The accounts this browser has synced with since it last signed out, as the real client keeps them. */
    syncedWith: new Set<string>(),
    stopped: 0,
    forgotten: 0,
    /** Changes the status as the real client would, telling every subscriber. */
    setStatus(status: SyncStatus) {
      fake.status = status;
      for (const listener of listeners) listener(status);
    },
  };
  const client: SyncClient = {
    startSync({ csrfToken, uploadExisting, userId }) {
      fake.started.push({ csrfToken, uploadExisting, ...(userId ? { userId } : {}) });
      if (userId) fake.syncedWith.add(userId);
      return {
        status: () => fake.status,
        subscribe(listener) {
          listeners.add(listener);
          return () => listeners.delete(listener);
        },
        stop: () => void fake.stopped++,
        syncNow: async () => undefined,
      };
    },
    hasLocalData: () => fake.localData,
    hasSyncedBefore: (userId) => fake.syncedWith.has(userId),
    forgetSyncState() {
      fake.forgotten++;
      fake.syncedWith.clear();
    },
  };
  return Object.assign(fake, { client });
}
