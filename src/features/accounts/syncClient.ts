/*
 * The one place the accounts feature reaches the sync client
 * (src/features/sync), loaded on demand with the signed-in person's code
 * only. Everything else here talks to the SyncClient below, so tests hand
 * the accounts state a stand-in and the app loads the real one.
 */

export interface SyncStatus {
  state: 'syncing' | 'synced' | 'paused' | 'offline';
  pending: number;
  message?: string;
}

export interface SyncHandle {
  status(): SyncStatus;
  subscribe(listener: (status: SyncStatus) => void): () => void;
  stop(): void;
  syncNow(): Promise<void>;
}

export interface SyncClient {
  startSync(options: { csrfToken: string; uploadExisting: boolean; fetch?: typeof fetch }): SyncHandle;
  /** Is there anything in this browser worth uploading? */
  hasLocalData(): boolean;
  /** Forgets this browser's sync position and queue (on sign-out); the local copy of the work stays. */
  forgetSyncState(): void;
}

/** Until the sync client is part of the build: says plainly that nothing is being saved to the account. */
const notYetAvailable: SyncClient = {
  startSync() {
    const status: SyncStatus = { state: 'paused', pending: 0, message: 'Saving to your account is not available on this server yet.' };
    return { status: () => status, subscribe: () => () => undefined, stop: () => undefined, syncNow: async () => undefined };
  },
  hasLocalData: () => false,
  forgetSyncState: () => undefined,
};

export const loadSyncClient = (): Promise<SyncClient> => Promise.resolve(notYetAvailable);
