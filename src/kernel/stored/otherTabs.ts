import { STORAGE_PREFIX, storageKeys } from './storage';

/*
 * Where a store says how it follows a change to stored data made elsewhere:
 * another tab of the app, or "Delete all my data" in this one. Each feature
 * registers its own store's reaction when that store loads (a store not loaded
 * holds nothing another tab could change); the app starts listening once, at
 * start-up, with followOtherTabs. So this file names no store, and a new store
 * needs no edit here.
 */

/** A store's reaction to a change of one stored key, or to storage being cleared (key null). */
export type StorageChangeReaction = (key: string | null) => void;

const reactions = new Set<StorageChangeReaction>();

/** Registers a store's reaction; returns a function that removes it. */
export function onStorageChange(reaction: StorageChangeReaction): () => void {
  reactions.add(reaction);
  return () => reactions.delete(reaction);
}

/** Tells every registered store that `key` changed (null: storage was cleared), in the order they registered. */
export function announceStorageChange(key: string | null): void {
  for (const reaction of [...reactions]) reaction(key);
}

/**
 * Listens for the browser's 'storage' event, fired here when another tab of the
 * app writes local storage (key null: it cleared it), and tells the registered
 * stores. Returns a function that stops listening.
 */
export function followOtherTabs(target: Pick<Window, 'addEventListener' | 'removeEventListener'>): () => void {
  function onStorage(event: StorageEvent) {
    if (event.key !== null && !event.key.startsWith(STORAGE_PREFIX)) return;
    // "Delete all my data" in another tab says so before removing each key: heard as a clear, so nothing
    // this tab saved is written back by the removals that follow (deleteAll.ts). Its removal says nothing.
    if (event.key === storageKeys.deletingAll && event.newValue === null) return;
    announceStorageChange(event.key === storageKeys.deletingAll ? null : event.key);
  }
  target.addEventListener('storage', onStorage);
  return () => target.removeEventListener('storage', onStorage);
}
