import { announceStorageChange } from '../../../kernel/stored/otherTabs';
import { useDashboardFilter } from '../../../features/find';
import { useProjects } from '../../../features/projects';
import { useRecentTools } from '../../../features/favourites';
import { loadStudyState } from '../../../features/study';
import { loadDeleteAll, useSettings, useTheme } from '../../../features/settings';

/*
 * "Delete everything": every StudyForge key leaves local storage
 * (src/features/settings/deleteAll.ts says what there is, and that there is no IndexedDB or
 * Cache Storage to clear), then every store this tab holds is emptied, so each
 * screen shows the empty state at once, without a reload.
 */

function browserStorage(): Storage | undefined {
  try {
    return globalThis.localStorage;
  } catch {
    return undefined; // Some privacy modes throw on mere access.
  }
}

/**
 * The stores that load with a later screen. The study data's is emptied
 * here: its own listener would merge (and write back) what this tab holds;
 * its module is loaded on demand by the Projects page already, so importing
 * it costs no page anything. A failed load (offline) means it was never
 * loaded, so holds nothing: a module once loaded is not fetched again.
 *
 * The others hear "storage was cleared" (key null) through their
 * onStorageChange reactions, as when another tab clears it: the privacy choices and the
 * answer language re-read, and every tool session opened in this tab starts
 * again (its request stopped), so no tool shows what was typed before.
 */
async function forgetLazyStores(): Promise<void> {
  const study = await loadStudyState().catch(() => null);
  study?.useStudy.setState({ data: {}, unsaved: {} });
  announceStorageChange(null);
}

/** What the stores of every page hold, re-read from (now empty) storage or set to their defaults. */
function forgetLoadedStores(): void {
  // An Undo on offer for a project deleted in the last 10 s still works if pressed: that is the user asking for it back.
  // null: storage was cleared on purpose, so nothing this tab saved is written back.
  useProjects.getState().syncFromStorage(null);
  // reset() would store the defaults again; the screen's own fields follow (Settings remounts them).
  useSettings.setState({ stored: {} });
  useTheme.getState().reload();
  useRecentTools.getState().reload();
  useDashboardFilter.setState({ filter: 'all' }); // Spec 9: the dashboard's default filter.
}

/**
 * Deletes everything StudyForge keeps in this browser and empties what this
 * tab holds. Returns how many stored keys it removed. Throws a UserFacingError
 * (its message fit to show) when storage refused: what could go, went, and the
 * stores show what is left.
 */
export async function deleteAllData(): Promise<number> {
  // It comes with the Settings page (SettingsPage.tsx), so nothing waits here.
  const { deleteAllStoredData } = await loadDeleteAll();
  let removed = 0;
  let failure: unknown = null;
  try {
    removed = deleteAllStoredData(browserStorage());
  } catch (error) {
    failure = error;
  }
  forgetLoadedStores();
  await forgetLazyStores();
  if (failure !== null) throw failure;
  return removed;
}
