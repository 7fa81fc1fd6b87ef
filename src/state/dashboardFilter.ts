import * as z from 'zod/mini';
import { create } from 'zustand';
import { readStored, storageKeys, writeStored } from '../engine/storage';

export const dashboardFilters = ['all', 'students', 'teachers'] as const;
export type DashboardFilter = (typeof dashboardFilters)[number];

interface DashboardFilterState {
  filter: DashboardFilter;
  setFilter(filter: DashboardFilter): void;
}

export const useDashboardFilter = create<DashboardFilterState>()((set) => ({
  filter: readStored(storageKeys.dashboardFilter, z.enum(dashboardFilters), 'all'),
  setFilter(filter) {
    set({ filter });
    try {
      writeStored(storageKeys.dashboardFilter, filter);
    } catch (error) {
      console.warn('[dashboard] could not remember the filter', error);
    }
  },
}));
