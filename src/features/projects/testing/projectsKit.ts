import { afterEach, beforeEach, vi } from 'vitest';

/* What the projects store tests share: fresh store modules (a page load, or another tab), and items to store. */

/** A fresh store module, reading whatever localStorage holds now (as a page load would). */
export async function freshStore() {
  vi.resetModules();
  return import('../projectsState');
}

export const T0 = '2026-11-23T08:00:00.000Z';
export const art = (id: string, createdAt: string, data: unknown = id, toolId = 'smart-notes') => ({ id, createdAt, toolId, data });

/* Two tabs. Browsers pass storage between tabs asynchronously, so a tab can write from an older copy. */

/** Two stores sharing one localStorage, as two tabs share it. */
export async function twoTabs() {
  const a = await freshStore();
  const b = await freshStore();
  return { a: a.useProjects, b: b.useProjects, loadArtifacts: a.loadArtifacts };
}

/** Runs `write` as a tab whose copy of `key` is still `stale`: what a lost update looks like. */
export function withStaleCopy(key: string, stale: string | null, write: () => void) {
  if (stale === null) localStorage.removeItem(key);
  else localStorage.setItem(key, stale);
  write();
}

/** Each projects test starts on empty storage, quiet about the warnings it provokes, with real timers after. */
export function isolateEachTest(): void {
  beforeEach(() => {
    localStorage.clear();
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
  });
  afterEach(() => {
    vi.restoreAllMocks();
    vi.useRealTimers();
  });
}
