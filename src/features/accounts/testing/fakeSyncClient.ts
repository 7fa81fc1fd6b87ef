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
    started: [] as { csrfToken: string; uploadExisting: boolean }[],
    stopped: 0,
    forgotten: 0,
    /** Changes the status as the real client would, telling every subscriber. */
    setStatus(status: SyncStatus) {
      fake.status = status;
      for (const listener of listeners) listener(status);
    },
  };
  const client: SyncClient = {
    startSync({ csrfToken, uploadExisting }) {
      fake.started.push({ csrfToken, uploadExisting });
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
    forgetSyncState: () => void fake.forgotten++,
  };
  return Object.assign(fake, { client });
}
