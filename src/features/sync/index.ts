/*
 * Sync of a signed-in person's work between their devices, local first: the
 * browser's storage stays the store, and changes go to and come from the
 * account in the background. Loaded on demand by the accounts screens only
 * (never in a signed-out first load).
 */
import { browserStore } from './localStore';
import { stopCurrentSync } from './syncClient';
import { entryForKey } from './syncedKeys';
import { tombstonesEntry } from './syncedProjects';
import { wholeValuesEntry } from './syncedValues';
import { hasSyncedWith, signOutSync } from './syncState';

export { startSync } from './syncClient';
export type { SyncHandle, SyncOptions, SyncStatus } from './syncTypes';
export { SYNCED_KEYS } from './syncedKeys';

/** Whether this browser holds work worth offering to upload on the first sign-in: projects, results, study data, pins, tool pages. */
export function hasLocalData(): boolean {
  const context = { read: (key: string) => browserStore.read(key), known: () => [] };
  return browserStore.keys().some((key) => {
    const entry = entryForKey(key);
    if (!entry || entry === tombstonesEntry || entry === wholeValuesEntry) return false;
    return entry.split(key, browserStore.read(key), context).live.length > 0;
  });
}

/** Whether this browser has synced with this account before (then the first-sign-in question is not asked). */
export function hasSyncedBefore(userId: string): boolean {
  return hasSyncedWith(browserStore, userId);
}

/** On sign-out: stops syncing. The work itself stays in this browser (see signOutSync for what sync keeps). */
export function forgetSyncState(): void {
  stopCurrentSync();
  signOutSync(browserStore);
}
