import * as z from 'zod/mini';
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
  /** Re-reads the list (another tab recorded a visit). */
  reload(): void;
}

function loadRecent(): string[] {
  return readStored(storageKeys.recentTools, recentSchema, []).slice(0, MAX_RECENT);
}

export const useRecentTools = create<RecentToolsState>()((set, get) => {
  /** While storage refuses writes, this tab's own list is the only record; otherwise storage is, as other tabs write it too. */
  let unsaved = false;
  return {
    recent: loadRecent(),
    recordVisit(id) {
      const next = withVisit(unsaved ? get().recent : loadRecent(), id);
      set({ recent: next });
      try {
        writeStored(storageKeys.recentTools, next);
        unsaved = false;
      } catch (error) {
        unsaved = true;
        console.warn('[recent tools] could not store the visit', error); // Spec 8: only logged.
      }
    },
    reload() {
      if (!unsaved) set({ recent: loadRecent() });
    },
  };
});
