import type { SyncHandle, SyncOptions, SyncStatus } from '../sync';

/*
 * The one place the accounts feature reaches the sync client
 * (src/features/sync), loaded on demand once someone is signed in. Everything
 * else here talks to the SyncClient below, so tests hand the accounts state
 * a stand-in and the app loads the real one.
 */

export type { SyncHandle, SyncStatus };

export interface SyncClient {
  startSync(options: SyncOptions): SyncHandle;
  /** Is there anything in this browser worth uploading? */
  hasLocalData(): boolean;
  /** Has this browser synced with this account since it last signed out? Then its first-sign-in choice is made. */
  hasSyncedBefore(userId: string): boolean;
  /** Forgets this browser's sync position and queue (on sign-out); the local copy of the work stays. */
  forgetSyncState(): void;
}

export const loadSyncClient = (): Promise<SyncClient> => import('../sync');
