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
