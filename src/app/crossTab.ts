import { storageKeys } from '../kernel/stored/storage';
import { followOtherTabs, onStorageChange } from '../kernel/stored/otherTabs';
import { useFavourites, useRecentTools } from '../features/favourites';
import { useProjects } from '../features/projects';
import { useTheme } from '../features/settings';

/**
 * Keeps this tab in step with the others. The stores every page loads are
 * registered here, as the app composes them: projects and artifacts are re-read,
 * after putting back anything this tab saved that the other tab's write left out;
 * recent tools, the theme and the favourites are re-read. Stores that load with a
 * later screen register their own reaction when they load (onStorageChange).
 * Returns a function that stops listening.
 */
export function syncAcrossTabs(target: Pick<Window, 'addEventListener' | 'removeEventListener'> = window): () => void {
  const stops = [
    onStorageChange((key) => useProjects.getState().syncFromStorage(key)),
    onStorageChange((key) => {
      if (key === null || key === storageKeys.recentTools) useRecentTools.getState().reload();
    }),
    onStorageChange((key) => {
      if (key === null || key === storageKeys.theme) useTheme.getState().reload();
    }),
    onStorageChange((key) => {
      if (key === null || key === storageKeys.favourites) useFavourites.getState().reload();
    }),
    followOtherTabs(target),
  ];
  return () => stops.forEach((stop) => stop());
}
