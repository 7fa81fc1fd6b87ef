// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { storageKeys } from '../kernel/stored/storage';

/*
 * The 'storage' event wiring: another tab's write reaches the stores. The
 * other tab is played by a second copy of the store modules over the same
 * localStorage; the event is dispatched as the browser would dispatch it.
 */

async function tab() {
  vi.resetModules();
  const projects = await import('../features/projects');
  const recent = await import('../features/favourites');
  const { syncAcrossTabs } = await import('./crossTab');
  return { projects: projects.useProjects, recent: recent.useRecentTools, loadArtifacts: projects.loadArtifacts, syncAcrossTabs };
}

function otherTabWrote(key: string | null) {
  window.dispatchEvent(new StorageEvent('storage', { key, storageArea: localStorage }));
}

let stop: (() => void) | undefined;
beforeEach(() => {
  localStorage.clear();
  vi.spyOn(console, 'warn').mockImplementation(() => undefined);
});
afterEach(() => {
  stop?.();
  vi.restoreAllMocks();
});

describe('syncAcrossTabs', () => {
  it('shows a project and an artifact another tab created', async () => {
    const here = await tab();
    stop = here.syncAcrossTabs(window);
    const there = await tab();
    const project = there.projects.getState().createProject('From the other tab');
    otherTabWrote(storageKeys.projects);
    expect(here.projects.getState().projects).toEqual([project]);

    const version = here.projects.getState().artifactsVersion;
    there.projects.getState().saveArtifact(project.id, { toolId: 't', data: 'x' });
    otherTabWrote(storageKeys.artifacts(project.id));
    expect(here.projects.getState().artifactsVersion).toBeGreaterThan(version);
  });

  it('writes back this tab\u2019s save when another tab\u2019s write dropped it', async () => {
    const here = await tab();
    stop = here.syncAcrossTabs(window);
    const { id } = here.projects.getState().createProject('Shared');
    here.projects.getState().saveArtifact(id, { toolId: 't', data: 'mine' });
    // The other tab wrote from a copy without it.
    localStorage.setItem(storageKeys.artifacts(id), JSON.stringify([{ id: 'art_1', createdAt: '2020-01-01T00:00:00.000Z', toolId: 't', data: 'theirs' }]));
    otherTabWrote(storageKeys.artifacts(id));
    expect(here.loadArtifacts(id).map((a) => a.data)).toEqual(['mine', 'theirs']);
  });

  it('re-reads recent tools another tab recorded, and keeps them when this tab records one', async () => {
    const here = await tab();
    stop = here.syncAcrossTabs(window);
    here.recent.getState().recordVisit('essay-buddy');
    localStorage.setItem(storageKeys.recentTools, JSON.stringify(['smart-notes', 'essay-buddy']));
    otherTabWrote(storageKeys.recentTools);
    expect(here.recent.getState().recent).toEqual(['smart-notes', 'essay-buddy']);
    here.recent.getState().recordVisit('quiz-whiz');
    expect(here.recent.getState().recent).toEqual(['quiz-whiz', 'smart-notes', 'essay-buddy']);
  });

  it('ignores keys that are not the app\u2019s, and follows a clear', async () => {
    const here = await tab();
    stop = here.syncAcrossTabs(window);
    here.projects.getState().createProject('P');
    const version = here.projects.getState().artifactsVersion;
    otherTabWrote('someone-else');
    expect(here.projects.getState().artifactsVersion).toBe(version);
    localStorage.clear();
    otherTabWrote(null);
    expect(here.projects.getState().projects).toEqual([]);
  });

  it('stops listening when asked', async () => {
    const here = await tab();
    here.syncAcrossTabs(window)();
    const there = await tab();
    there.projects.getState().createProject('Unheard');
    otherTabWrote(storageKeys.projects);
    expect(here.projects.getState().projects).toEqual([]);
  });
});

describe('"Delete all my data" in another tab', () => {
  it('is heard as a clear: what this tab saved is not written back by the removals, and it shows nothing', async () => {
    const here = await tab();
    stop = here.syncAcrossTabs(window);
    const { id } = here.projects.getState().createProject('Mine');
    here.projects.getState().saveArtifact(id, { toolId: 't', data: 'mine' });
    const keys = Object.keys(localStorage);
    expect(keys).toContain(storageKeys.projects);

    // The other tab: the marker first, then each key removed, each heard here as the browser would tell it.
    const { deleteAllStoredData } = await (await import('../features/settings')).loadDeleteAll();
    const events: StorageEvent[] = [];
    const recording = new Proxy(localStorage, {
      get(target, name) {
        if (name === 'setItem') return (key: string, value: string) => (target.setItem(key, value), events.push(new StorageEvent('storage', { key, newValue: value, storageArea: localStorage })));
        if (name === 'removeItem') return (key: string) => (target.removeItem(key), events.push(new StorageEvent('storage', { key, newValue: null, storageArea: localStorage })));
        const value = Reflect.get(target, name) as unknown;
        return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value;
      },
    });
    expect(deleteAllStoredData(recording)).toBe(keys.length);
    expect(events[0]?.key).toBe(storageKeys.deletingAll);
    expect(events.at(-1)?.key).toBe(storageKeys.deletingAll);
    for (const event of events) window.dispatchEvent(event);

    expect(Object.keys(localStorage)).toEqual([]);
    expect(here.projects.getState().projects).toEqual([]);
  });
});
