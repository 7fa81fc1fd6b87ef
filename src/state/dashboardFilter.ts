import { readers } from '../engine/stored/readers';
import { create } from 'zustand';
import { readStored, storageKeys, writeStored } from '../engine/storage';
import { dashboardFilters } from '../engine/stored/choices';

export { dashboardFilters };
export type DashboardFilter = (typeof dashboardFilters)[number];

interface DashboardFilterState {
  filter: DashboardFilter;
  setFilter(filter: DashboardFilter): void;
}

export const useDashboardFilter = create<DashboardFilterState>()((set) => ({
  filter: readStored(storageKeys.dashboardFilter, readers.dashboardFilter, 'all'),
  setFilter(filter) {
    set({ filter });
    try {
      writeStored(storageKeys.dashboardFilter, filter);
    } catch (error) {
      console.warn('[dashboard] could not remember the filter', error);
    }
  },
}));
