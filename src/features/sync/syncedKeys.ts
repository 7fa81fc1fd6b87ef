import { STORAGE_PREFIX, storageKeys } from '../../kernel/stored/storage';
import type { SyncedEntry } from './syncedEntry';
import { artifactsEntry, projectsEntry, tombstonesEntry } from './syncedProjects';
import { studyEntry } from './syncedStudy';
import { favouritesEntry, toolSessionsEntry, wholeValuesEntry } from './syncedValues';

/*
 * THE table of what syncs: each stored key that follows a signed-in person
 * to their other devices, the collection its items go to, and how a stored
 * value splits into items and is rebuilt from them (each row's file says
 * how). A key in no row stays on this device. docs/sync.md describes it.
 */

export const SYNCED_KEYS: readonly SyncedEntry[] = [
  projectsEntry,
  artifactsEntry,
  tombstonesEntry,
  studyEntry,
  favouritesEntry,
  wholeValuesEntry,
  toolSessionsEntry,
];

/** Where sync keeps its own state (shadow, outbox, this device's id): never synced itself. */
export const SYNC_STATE_PREFIX = `${STORAGE_PREFIX}sync:`;

/**
 * Never synced, whatever a row above might match: the connection settings
 * hold the provider key of "bring your own key", which must never leave this
 * browser except to that provider.
 */
export const NEVER_SYNCED: readonly string[] = [storageKeys.settings, storageKeys.deletingAll];

/** The row that covers a stored key; undefined for a key that stays on this device. */
export function entryForKey(key: string): SyncedEntry | undefined {
  if (key.startsWith(SYNC_STATE_PREFIX) || NEVER_SYNCED.includes(key)) return undefined;
  return SYNCED_KEYS.find((entry) => entry.matches(key));
}

/** The row that writes a collection's items back; undefined for a collection this version does not know. */
export function entryForCollection(collection: string): SyncedEntry | undefined {
  return SYNCED_KEYS.find((entry) => entry.collections.includes(collection));
}
