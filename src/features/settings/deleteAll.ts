import { UserFacingError } from '../../kernel/messages';
import { STORAGE_PREFIX, storageKeys, storageUnavailable } from '../../kernel/stored/storage';

/*
 * "Delete all my data": everything StudyForge keeps in this browser (the file
 * of every project to keep before it goes is the projects feature's allProjectsFile.ts).
 *
 * Where StudyForge keeps data: local storage only, every key under
 * STORAGE_PREFIX (projects, saved results, tool sessions, study data, recent
 * tools, settings with the user's own API key, theme, privacy choices). It
 * creates no IndexedDB database, Cache Storage, cookie or session storage: text
 * recognition is started with cacheMethod 'none' (features/sources/ocr.ts) so
 * tesseract keeps no language data in IndexedDB, and there is no service
 * worker. Keys of other apps on the same origin are never touched.
 */

/** The keys of StudyForge's data in `storage`, read before any is removed (removing shifts the indexes). */
export function storedKeysOfThisApp(storage: Pick<Storage, 'length' | 'key'>): string[] {
  const keys: string[] = [];
  for (let index = 0; index < storage.length; index++) {
    const key = storage.key(index);
    if (key !== null && key.startsWith(STORAGE_PREFIX)) keys.push(key);
  }
  return keys;
}

export const couldNotDeleteAll = (left: number) =>
  `Could not delete everything: this browser refused to remove ${left === 1 ? 'one stored item' : `${left} stored items`}. Try again, or clear this site's data in the browser's settings.`;

/**
 * Removes every key of StudyForge's from `storage` and returns how many it
 * removed. Throws a UserFacingError (its message fit to show) when storage
 * cannot be read at all (the app's storage message), or when a key could not
 * be removed: the others are removed first.
 */
export function deleteAllStoredData(storage: Storage | undefined): number {
  if (!storage) throw new UserFacingError(storageUnavailable);
  let keys: string[];
  try {
    keys = storedKeysOfThisApp(storage);
  } catch (error) {
    console.warn('[delete all] could not list the stored keys', error);
    throw new UserFacingError(storageUnavailable);
  }
  // Heard first by other tabs (crossTab.ts): what follows is a deletion on purpose, not a write to repair.
  try {
    storage.setItem(storageKeys.deletingAll, new Date().toISOString());
  } catch (error) {
    console.warn('[delete all] could not tell other tabs first', error);
  }
  let removed = 0;
  let left = 0;
  for (const key of [...keys.filter((key) => key !== storageKeys.deletingAll), storageKeys.deletingAll]) {
    try {
      storage.removeItem(key);
      // The marker counts only if it was already there (left by a deletion that was interrupted).
      if (key !== storageKeys.deletingAll || keys.includes(key)) removed++;
    } catch (error) {
      console.warn(`[delete all] could not remove "${key}"`, error);
      left++;
    }
  }
  if (left > 0) throw new UserFacingError(couldNotDeleteAll(left));
  return removed;
}
