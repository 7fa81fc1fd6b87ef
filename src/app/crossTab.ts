import { STORAGE_PREFIX, storageKeys } from '../kernel/stored/storage';
import { useFavourites } from '../features/favourites/favourites';
import { useProjects } from '../features/projects/projectsState';
import { useRecentTools } from '../features/favourites/recentTools';
import { useTheme } from '../features/settings/theme';

/**
 * Keeps this tab in step with the others: the browser fires 'storage' here
 * when another tab of the app writes local storage (key null: it cleared it).
 * Projects and artifacts are re-read, after putting back anything this tab
 * saved that the other tab's write left out; recent tools and the theme are re-read.
 * Returns a function that stops listening.
 */
/**
 * Stores that load with a later screen (the study data) listen here once
 * loaded: a store not loaded holds nothing another tab could change.
 */
export const storageListeners = new Set<(key: string | null) => void>();

export function syncAcrossTabs(target: Pick<Window, 'addEventListener' | 'removeEventListener'> = window): () => void {
  function onStorage(event: StorageEvent) {
    if (event.key !== null && !event.key.startsWith(STORAGE_PREFIX)) return;
    // "Delete all my data" in another tab says so before removing each key: heard as a clear, so nothing
    // this tab saved is written back by the removals that follow (deleteAll.ts). Its removal says nothing.
    if (event.key === storageKeys.deletingAll && event.newValue === null) return;
    const key = event.key === storageKeys.deletingAll ? null : event.key;
    useProjects.getState().syncFromStorage(key);
    for (const listener of storageListeners) listener(key);
    if (key === null || key === storageKeys.recentTools) useRecentTools.getState().reload();
    if (key === null || key === storageKeys.theme) useTheme.getState().reload();
    if (key === null || key === storageKeys.favourites) useFavourites.getState().reload();
  }
  target.addEventListener('storage', onStorage);
  return () => target.removeEventListener('storage', onStorage);
}
