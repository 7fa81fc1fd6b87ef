import { readers } from '../../kernel/stored/readers';
import { create } from 'zustand';
import { readStored, STORAGE_PREFIX, storageKeys, writeStoredOrWarn } from '../../kernel/stored/storage';

/** Spec 9: at most 5, most recent first, no duplicates. */
export const MAX_RECENT = 5;

/** Pages that share the spec's recent list (spec 3) but are not tools. */
export const RECENT_PAGES: readonly string[] = ['dashboard', 'projects'];

/**
 * The spec's list (storageKeys.recentTools, spec 3 and 9) holds at most 5
 * entries, pages included, so after a dashboard visit it can name only four
 * tools. To show the five most recent *tools*, each visit to a tool
 * is also kept in a second, tools-only list under this key, with the same
 * rules (at most 5, most recent first, no duplicates). The spec's list is kept
 * exactly as the spec says; the dashboard shows the tools-only list.
 */
export const recentToolIdsKey = `${STORAGE_PREFIX}recent-tool-ids`;

export function withVisit(recent: readonly string[], id: string): string[] {
  return [id, ...recent.filter((r) => r !== id)].slice(0, MAX_RECENT);
}

/** The tools-only list after a visit: a page visit leaves it as it is. */
export function withToolVisit(tools: readonly string[], id: string): string[] {
  return RECENT_PAGES.includes(id) ? [...tools] : withVisit(tools, id);
}

interface RecentToolsState {
  /** The spec's list: tool ids and pages, at most 5. */
  recent: string[];
  /** The five most recent tools, most recent first (what the dashboard shows). */
  recentTools: string[];
  recordVisit(id: string): void;
  /** Re-reads the lists (another tab recorded a visit). */
  reload(): void;
}

function loadRecent(): string[] {
  return readStored(storageKeys.recentTools, readers.recentList, []).slice(0, MAX_RECENT);
}

/** Before the tools-only list existed, the spec's list was the only record: its tools start it. */
function loadRecentTools(recent: readonly string[]): string[] {
  const fromSpecList = recent.filter((id) => !RECENT_PAGES.includes(id));
  const stored = readStored(recentToolIdsKey, readers.recentList, fromSpecList);
  return stored.filter((id) => !RECENT_PAGES.includes(id)).slice(0, MAX_RECENT);
}

function load(): Pick<RecentToolsState, 'recent' | 'recentTools'> {
  const recent = loadRecent();
  return { recent, recentTools: loadRecentTools(recent) };
}

export const useRecentTools = create<RecentToolsState>()((set, get) => {
  /** While storage refuses writes, this tab's own lists are the only record; otherwise storage is, as other tabs write it too. */
  let unsaved = false;
  return {
    ...load(),
    recordVisit(id) {
      const current = unsaved ? get() : load();
      const next = { recent: withVisit(current.recent, id), recentTools: withToolVisit(current.recentTools, id) };
      set(next);
      // The tools-only list first: another tab re-reads both when the spec's list changes. A refused
      // write is only logged (spec 8), and the spec's list is not tried after the first one fails.
      const failure = '[recent tools] could not store the visit';
      const stored =
        writeStoredOrWarn(recentToolIdsKey, next.recentTools, failure) && writeStoredOrWarn(storageKeys.recentTools, next.recent, failure);
      unsaved = !stored;
    },
    reload() {
      if (!unsaved) set(load());
    },
  };
});
