import type { LocalStore } from './localStore';

export interface SyncStatus {
  state: 'syncing' | 'synced' | 'paused' | 'offline';
  /** Changes made here that the account does not have yet. */
  pending: number;
  /** What the person should know, in plain words (why it is paused, storage full, an item too large). */
  message?: string;
}

export interface SyncHandle {
  status(): SyncStatus;
  /** Hears every status change; returns a function that stops it. */
  subscribe(listener: (status: SyncStatus) => void): () => void;
  /** Stops syncing (sign-out, page closing); what is queued stays queued for next time. */
  stop(): void;
  /** Pulls and pushes now, whatever the schedule. */
  syncNow(): Promise<void>;
}

/** The server's live feed, as EventSource gives it. */
export interface ChangeFeed {
  addEventListener(type: 'changed' | 'open' | 'error', listener: () => void): void;
  close(): void;
}

/** Whether the browser says it is online, and when that changes. */
export interface NetworkWatch {
  online(): boolean;
  subscribe(listener: (online: boolean) => void): () => void;
}

export interface SyncOptions {
  csrfToken: string;
  /** First sign-in here: true sends what this browser already holds; false keeps it on this device only. */
  uploadExisting: boolean;
  /** The signed-in account: another account's sync state on this device is forgotten first. */
  userId?: string;
  fetch?: typeof fetch;
  /** The rest are for tests: another storage, feed, network and clock in place of the browser's. */
  store?: LocalStore;
  feed?: (url: string) => ChangeFeed | undefined;
  network?: NetworkWatch;
  now?: () => number;
  /** How long a local change waits for more before it is pushed (ms). */
  pushDelayMs?: number;
  /** How long a deletion waits before it is sent, so Undo can withdraw it (ms). */
  deletionGraceMs?: number;
  /** First retry after a failure (ms), doubling up to maxRetryMs. */
  retryMs?: number;
  maxRetryMs?: number;
}
