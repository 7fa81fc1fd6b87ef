import { messages, UserFacingError } from '../messages';
import type { StoredReader } from './reader';

/*
 * Every local-storage access goes through here, so a corrupted value, a
 * browser that forbids storage, or a full quota is handled in one place:
 * reads validate (with a reader compiled from a zod schema in the first load,
 * stored/schemas.ts, or zod itself, stored/zodReader.ts) and discard what does
 * not fit (spec 8: logged and discarded), writes report a full quota as an
 * error the UI can show.
 */

export const STORAGE_PREFIX = 'studyforge:';

export const storageKeys = {
  projects: `${STORAGE_PREFIX}projects`,
  artifacts: (projectId: string) => `${STORAGE_PREFIX}artifacts:${projectId}`,
  recentTools: `${STORAGE_PREFIX}recent-tools`,
  activeProject: `${STORAGE_PREFIX}active-project`,
  /**
   * Set for a moment by "Delete all my data" before it removes every key (and removed last): other tabs
   * hear it as "storage cleared on purpose", so none writes back what the removals take away.
   */
  deletingAll: `${STORAGE_PREFIX}deleting-all`,
  /** Ids of deleted projects and artifacts, so a tab holding an older copy never brings them back. */
  deleted: `${STORAGE_PREFIX}deleted`,
  dashboardFilter: `${STORAGE_PREFIX}dashboard-filter`,
  /** The dashboard's category filter: 'all' or one category. */
  dashboardCategory: `${STORAGE_PREFIX}dashboard-category`,
  /** Tools pinned with a star, first on the dashboard and in the sidebar. */
  favourites: `${STORAGE_PREFIX}favourites`,
  settings: `${STORAGE_PREFIX}settings`,
  /** 'system', 'light' or 'dark'. */
  theme: `${STORAGE_PREFIX}theme`,
  toolSession: (toolId: string) => `${STORAGE_PREFIX}tool:${toolId}`,
  rendererState: (key: string) => `${STORAGE_PREFIX}state:${key}`,
  /** A project's flashcard schedules and quiz attempts. */
  study: (projectId: string) => `${STORAGE_PREFIX}study:${projectId}`,
  /** Whether names are replaced by placeholders before a request leaves, and the tools that send them as typed. */
  privacy: `${STORAGE_PREFIX}privacy`,
  /** The sample-answers notice hidden with its Hide button: true (app/shell/sampleNoticePreference.ts). */
  sampleNoticeHidden: `${STORAGE_PREFIX}sample-notice-hidden`,
} as const;

/** Hears every key written or removed here (sync, when signed in: features/sync); another tab's writes arrive through otherTabs.ts instead. */
const writeListeners = new Set<(key: string) => void>();

/** Calls `listener` after each successful writeStored/removeStored; returns a function that stops it. */
export function onStoredWrite(listener: (key: string) => void): () => void {
  writeListeners.add(listener);
  return () => writeListeners.delete(listener);
}

let announcing = false;

function written(key: string): void {
  // A listener's own writes (sync keeping its state) are not announced back to it: each would call it again, without end.
  if (announcing) return;
  announcing = true;
  try {
    for (const listener of [...writeListeners]) listener(key);
  } finally {
    announcing = false;
  }
}

export class StorageFullError extends UserFacingError {
  constructor() {
    super(messages.storageFull);
  }
}

function store(): Storage | undefined {
  try {
    return globalThis.localStorage;
  } catch {
    return undefined; // Some privacy modes throw on mere access.
  }
}

/** Reads and validates a stored JSON value; anything unreadable is logged, removed and replaced by the fallback. */
export function readStored<T>(key: string, read: StoredReader<T>, fallback: T): T {
  const storage = store();
  let raw: string | null = null;
  try {
    raw = storage?.getItem(key) ?? null;
  } catch (error) {
    console.warn(`[storage] could not read "${key}"`, error);
    return fallback;
  }
  if (raw === null) return fallback;
  try {
    const outcome = read(JSON.parse(raw));
    if (outcome.ok) return outcome.value;
    console.warn(`[storage] discarding "${key}": it does not have the expected shape (${outcome.problem})`);
  } catch (error) {
    console.warn(`[storage] discarding "${key}": it is not valid JSON`, error);
  }
  removeStored(key);
  return fallback;
}

function isQuotaError(error: unknown): boolean {
  return (
    error instanceof DOMException &&
    (error.name === 'QuotaExceededError' || error.name === 'NS_ERROR_DOM_QUOTA_REACHED' || error.code === 22)
  );
}

export const storageUnavailable = 'This browser does not allow local storage, so nothing can be kept.';

/**
 * Writes a JSON value. Throws StorageFullError when the quota is reached, and
 * a UserFacingError when the browser refuses storage for any other reason
 * (privacy settings), so callers can always show the message as it is.
 */
export function writeStored(key: string, value: unknown): void {
  const storage = store();
  if (!storage) throw new UserFacingError(storageUnavailable);
  const text = JSON.stringify(value);
  try {
    storage.setItem(key, text);
  } catch (error) {
    if (isQuotaError(error)) throw new StorageFullError();
    console.warn(`[storage] could not write "${key}"`, error);
    throw new UserFacingError(storageUnavailable);
  }
  written(key);
}

/**
 * Writes a JSON value that is only a convenience to keep (pinned tools, a
 * filter, the recent list): the screen already shows the change, and a full
 * or blocked storage loses only its survival across a reload. So a failure is
 * logged with `failure` (spec 8: logged) and never thrown, since a thrown
 * storage error there would crash the screen over something the person can
 * do without. Returns whether the value was stored.
 */
export function writeStoredOrWarn(key: string, value: unknown, failure: string): boolean {
  try {
    writeStored(key, value);
    return true;
  } catch (error) {
    console.warn(failure, error);
    return false;
  }
}

export function removeStored(key: string): void {
  try {
    store()?.removeItem(key);
    written(key);
  } catch (error) {
    console.warn(`[storage] could not remove "${key}"`, error);
  }
}
