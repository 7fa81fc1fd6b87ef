import { announceStorageChange, onStorageChange } from '../../kernel/stored/otherTabs';
import { onStoredWrite, readStored, removeStored, STORAGE_PREFIX, writeStored } from '../../kernel/stored/storage';

/*
 * The local storage sync reads and writes, behind a small interface so the
 * tests can run two devices (two engines, two storages) in one process. In
 * the browser it is the app's own storage functions: writes go through
 * writeStored (a full quota is the usual StorageFullError), and a key sync
 * changed is announced exactly as another tab's write is, so every store
 * re-reads it (the projects' tab ledger included).
 */

export interface LocalStore {
  /** Every key of the app's data (with STORAGE_PREFIX). */
  keys(): string[];
  /** The parsed JSON under `key`; undefined when absent or unreadable. */
  read(key: string): unknown;
  /** Throws StorageFullError when the quota is reached. */
  write(key: string, value: unknown): void;
  remove(key: string): void;
  /** Hears a key this device wrote (not one sync wrote or another tab wrote); returns a function that stops it. */
  onWrite(listener: (key: string) => void): () => void;
  /** Hears a key another tab of the app wrote (the browser's storage event); returns a function that stops it. */
  onOtherTabWrite(listener: (key: string) => void): () => void;
  /** Tells the stores that `key` changed under them. */
  announce(key: string): void;
}

const anyValue = (value: unknown) => ({ ok: true as const, value });

function browserKeys(): string[] {
  const keys: string[] = [];
  try {
    const storage = globalThis.localStorage;
    for (let i = 0; i < storage.length; i++) {
      const key = storage.key(i);
      if (key !== null && key.startsWith(STORAGE_PREFIX)) keys.push(key);
    }
  } catch {
    // Storage refused: nothing to sync.
  }
  return keys;
}

export const browserStore: LocalStore = {
  keys: browserKeys,
  read: (key) => readStored<unknown>(key, anyValue, undefined),
  write: writeStored,
  remove: removeStored,
  onWrite: onStoredWrite,
  // Sync's own announcements pass here too: by then its shadow already matches them, so they record nothing.
  onOtherTabWrite: (listener) => onStorageChange((key) => key !== null && listener(key)),
  announce: announceStorageChange,
};
