import { z } from 'zod';
import { create } from 'zustand';
import { readStored, storageKeys, writeStored } from '../storage';

/** Spec 9: at most 5, most recent first, no duplicates. */
export const MAX_RECENT = 5;

/** Tool ids, or the pages 'dashboard' and 'projects' (spec 3). */
const recentSchema = z.array(z.string());

export function withVisit(recent: readonly string[], id: string): string[] {
  return [id, ...recent.filter((r) => r !== id)].slice(0, MAX_RECENT);
}

interface RecentToolsState {
  recent: string[];
  recordVisit(id: string): void;
}

export const useRecentTools = create<RecentToolsState>()((set, get) => ({
  recent: readStored(storageKeys.recentTools, recentSchema, []).slice(0, MAX_RECENT),
  recordVisit(id) {
    const next = withVisit(get().recent, id);
    set({ recent: next });
    try {
      writeStored(storageKeys.recentTools, next);
    } catch (error) {
      console.warn('[recent tools] could not store the visit', error); // Spec 8: only logged.
    }
  },
}));
