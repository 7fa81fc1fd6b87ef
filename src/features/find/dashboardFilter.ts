import { readers } from '../../kernel/stored/readers';
import { create } from 'zustand';
import { readStored, storageKeys, writeStoredOrWarn } from '../../kernel/stored/storage';
import { categoryFilters, dashboardFilters } from '../../kernel/stored/choices';

export { categoryFilters, dashboardFilters };
export type DashboardFilter = (typeof dashboardFilters)[number];
export type CategoryFilter = (typeof categoryFilters)[number];

interface DashboardFilterState {
  filter: DashboardFilter;
  /** Combines with the tab: 'all', or one category. */
  category: CategoryFilter;
  setFilter(filter: DashboardFilter): void;
  setCategory(category: CategoryFilter): void;
}

/** Remembered for the next visit; storage refusing only loses that (spec 8: logged). */
function remember(key: string, value: string): void {
  writeStoredOrWarn(key, value, '[dashboard] could not remember the filter');
}

export const useDashboardFilter = create<DashboardFilterState>()((set) => ({
  filter: readStored(storageKeys.dashboardFilter, readers.dashboardFilter, 'all'),
  category: readStored(storageKeys.dashboardCategory, readers.categoryFilter, 'all'),
  setFilter(filter) {
    set({ filter });
    remember(storageKeys.dashboardFilter, filter);
  },
  setCategory(category) {
    set({ category });
    remember(storageKeys.dashboardCategory, category);
  },
}));

/**
 * Whether the list under the tabs leaves out the tools in Recently Used. The spec's main list (All Tools, every
 * category, no search) does, as the spec says: those tools are just above it. A narrower view (For Students, For
 * Teachers, one category, or a search) is where someone looks for a tool by what it is for, and a tool missing
 * from its own category reads as gone; so there every tool the view holds stays in its place.
 */
export function leavesOutRecentTools(filter: DashboardFilter, category: CategoryFilter, searching: boolean): boolean {
  return filter === 'all' && category === 'all' && !searching;
}
