import { create } from 'zustand';
import { findTool } from '../../kernel/catalogue';
import { readStored, storageKeys, writeStoredOrWarn } from '../../kernel/stored/storage';
import { readers } from '../../kernel/stored/readers';

/*
 * Tools pinned with a star: first on the dashboard, in the sidebar
 * and in the command palette. Kept in local storage, in the order pinned; a
 * list that is not a list of strings is discarded with the spec's logging
 * (readStored), and a tool that no longer exists is dropped without a word.
 * Another tab's change is re-read (crossTab.ts). "Export all projects" takes
 * them along, and importing that file adds them here.
 */

/** More pins than tools would be noise; the cap keeps a corrupted list from growing without end. */
export const MAX_FAVOURITES = 200;

function load(): string[] {
  const stored = readStored(storageKeys.favourites, readers.favourites, []);
  return [...new Set(stored)].filter((id) => findTool(id) !== undefined).slice(0, MAX_FAVOURITES);
}

/** The pins hold on this page; storage refusing loses only their survival across a reload (spec 8: logged). */
function persist(ids: readonly string[]): void {
  writeStoredOrWarn(storageKeys.favourites, ids, '[favourites] could not store the pinned tools');
}

interface FavouritesState {
  ids: string[];
  toggle(toolId: string): void;
  /** Adds pins from an imported file after the ones here, each once; tools this app does not have are dropped. */
  merge(toolIds: readonly string[]): void;
  /** Re-reads the list (another tab pinned or unpinned a tool). */
  reload(): void;
}

export const useFavourites = create<FavouritesState>()((set, get) => ({
  ids: load(),
  toggle(toolId) {
    const ids = get().ids.includes(toolId) ? get().ids.filter((id) => id !== toolId) : [...get().ids, toolId].slice(0, MAX_FAVOURITES);
    set({ ids });
    persist(ids);
  },
  merge(toolIds) {
    const known = toolIds.filter((id) => findTool(id) !== undefined);
    const ids = [...new Set([...get().ids, ...known])].slice(0, MAX_FAVOURITES);
    if (ids.length === get().ids.length) return;
    set({ ids });
    persist(ids);
  },
  reload() {
    set({ ids: load() });
  },
}));

/** The list with pinned tools first (in the order pinned), the rest in their own order. */
export function pinnedFirst<T extends { id: string }>(list: readonly T[], favourites: readonly string[]): T[] {
  const rank = new Map(favourites.map((id, index) => [id, index]));
  const pinned = list.filter((item) => rank.has(item.id)).sort((a, b) => rank.get(a.id)! - rank.get(b.id)!);
  return [...pinned, ...list.filter((item) => !rank.has(item.id))];
}
