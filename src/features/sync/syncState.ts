import type { Hlc } from '../../kernel/sync/hlc';
import type { SyncItem } from '../../kernel/sync/syncItem';
import type { LocalStore } from './localStore';
import { isRecord } from './syncedEntry';
import { SYNC_STATE_PREFIX } from './syncedKeys';

/*
 * What sync remembers on this device, in local storage so it survives a
 * reload (offline edits included):
 * - meta: this device's node id (its clock's tie-breaker), whose account it
 *   last synced, the change number pulled up to, the latest stamp it made;
 * - shadow: per item, per field, the stamp and a fingerprint of the value as
 *   last synced or stamped here; a local write is diffed against it;
 * - outbox: the changes not yet accepted by the server.
 */

export const syncStateKeys = {
  meta: `${SYNC_STATE_PREFIX}meta`,
  shadow: `${SYNC_STATE_PREFIX}shadow`,
  outbox: `${SYNC_STATE_PREFIX}outbox`,
} as const;

export interface SyncMeta {
  node: string;
  /** The account this device's state belongs to. */
  user?: string;
  /** The change number pulled up to. */
  since: number;
  /** The latest stamp made here, so a clock set back after a reload still stamps later. */
  last?: Hlc;
}

export interface ShadowItem {
  /** The stored key the item lives in. */
  k: string;
  /** Per field: [stamp, fingerprint of the value]. */
  f: Record<string, [Hlc, string]>;
  /** Deleted at. */
  d?: Hlc;
  /** Kept on this device only: here before the first sign-in, when the person chose not to upload it. */
  l?: 1;
}

export interface SyncState {
  meta: SyncMeta;
  shadow: Map<string, ShadowItem>;
  outbox: Map<string, SyncItem>;
}

/** One key per item in the maps above: collections hold no slash. */
export const itemKey = (c: string, id: string) => `${c}/${id}`;

function newNodeId(): string {
  const random = new Uint8Array(8);
  globalThis.crypto.getRandomValues(random);
  return `d_${[...random].map((byte) => byte.toString(36).padStart(2, '0')).join('')}`;
}

function readMeta(store: LocalStore): SyncMeta | undefined {
  const value = store.read(syncStateKeys.meta);
  if (!isRecord(value) || typeof value.node !== 'string' || typeof value.since !== 'number') return undefined;
  return {
    node: value.node,
    since: value.since,
    ...(typeof value.user === 'string' ? { user: value.user } : {}),
    ...(typeof value.last === 'string' ? { last: value.last } : {}),
  };
}

function readMap<T>(store: LocalStore, key: string): Map<string, T> {
  const value = store.read(key);
  return new Map(isRecord(value) ? (Object.entries(value) as [string, T][]) : []);
}

export function loadSyncState(store: LocalStore): SyncState {
  const meta = readMeta(store);
  if (!meta) return { meta: { node: newNodeId(), since: 0 }, shadow: new Map(), outbox: new Map() };
  return { meta, shadow: readMap<ShadowItem>(store, syncStateKeys.shadow), outbox: readMap<SyncItem>(store, syncStateKeys.outbox) };
}

/** Whether this device has synced with the account `userId` before (so the first-sign-in choice is not asked again). */
export function hasSyncedWith(store: LocalStore, userId: string): boolean {
  return readMeta(store)?.user === userId;
}

/** Writes the state; throws StorageFullError when the quota is reached (the caller keeps it in memory and says so). */
export function saveSyncState(store: LocalStore, state: SyncState): void {
  // The outbox first: of the three it is the one whose loss would lose a change.
  store.write(syncStateKeys.outbox, Object.fromEntries(state.outbox));
  store.write(syncStateKeys.shadow, Object.fromEntries(state.shadow));
  store.write(syncStateKeys.meta, state.meta);
}

/**
 * What sign-out does to sync's state: nothing is dropped. The shadow and the
 * queue stay, tied to the account: signing in again to it resumes where it
 * stopped, so an edit made here while signed out is sent, and an edit made
 * meanwhile on another device is not overwritten. (Forgetting them would make
 * the next sign-in stamp everything here as new, and an older copy here would
 * win over the newer one in the account.) Another account signing in on this
 * browser starts clean: its sync forgets this state first. The state holds
 * only fingerprints and stamps beside copies of what is in this browser anyway.
 */
export function signOutSync(_store: LocalStore): void {
  // Deliberately keeps everything (above).
}

export function forgetState(store: LocalStore): void {
  for (const key of Object.values(syncStateKeys)) store.remove(key);
}
