// @vitest-environment jsdom
import { describe, expect, it, vi } from 'vitest';
import { storageKeys } from '../../kernel/stored/storage';
import { art, freshStore, isolateEachTest, T0, twoTabs, withStaleCopy } from './testing/projectsKit';

/* ---- Two tabs and more: deletes and undo across tabs, cleared or full storage, many tabs saving alike. ---- */

isolateEachTest();

describe('two tabs: deletes, undo and full storage', () => {
  it('an artifact deleted in one tab is not written back by the tab that saved it', async () => {
    const { a, b, loadArtifacts } = await twoTabs();
    const { id } = a.getState().createProject('Shared');
    b.getState().reload();
    a.getState().saveArtifact(id, { toolId: 't', data: 'saved in A' });
    const saved = loadArtifacts(id)[0]!;
    b.getState().deleteArtifact(id, saved.id);
    a.getState().syncFromStorage(storageKeys.deleted);
    a.getState().syncFromStorage(storageKeys.artifacts(id));
    expect(loadArtifacts(id)).toEqual([]);
  });

  it('a tab writing from an older copy cannot resurrect a deleted artifact', async () => {
    const { a, b, loadArtifacts } = await twoTabs();
    const { id } = a.getState().createProject('Shared');
    b.getState().reload();
    a.getState().saveArtifact(id, { toolId: 't', data: 'doomed' });
    const key = storageKeys.artifacts(id);
    const withDoomed = localStorage.getItem(key);
    const doomed = loadArtifacts(id)[0]!;
    a.getState().deleteArtifact(id, doomed.id);
    // B still holds the list with it and saves on top of that list.
    localStorage.setItem(key, withDoomed ?? '[]');
    const raw = JSON.parse(localStorage.getItem(key) ?? '[]') as unknown[];
    localStorage.setItem(key, JSON.stringify([art('art_b', '2026-12-01T00:00:00.000Z', 'from B'), ...raw]));
    expect(loadArtifacts(id).map((x) => x.data)).toEqual(['from B']);
    a.getState().syncFromStorage(key);
    expect(loadArtifacts(id).map((x) => x.data)).toEqual(['from B']);
  });

  it('a project deleted in one tab stays deleted, and the other tab no longer has it active', async () => {
    const { a, b } = await twoTabs();
    const project = a.getState().createProject('Doomed');
    a.getState().saveArtifact(project.id, { toolId: 't', data: 'x' });
    b.getState().reload();
    b.getState().setActiveProject(project.id);
    a.getState().reload();
    expect(a.getState().activeProjectId).toBe(project.id);

    b.getState().deleteProject(project.id);
    a.getState().syncFromStorage(storageKeys.projects);
    a.getState().syncFromStorage(storageKeys.activeProject);
    expect(a.getState().projects).toEqual([]);
    expect(a.getState().activeProjectId).toBeNull();
    expect(localStorage.getItem(storageKeys.artifacts(project.id))).toBeNull();
    expect(a.getState().saveArtifact(project.id, { toolId: 't', data: 'late' })).toBe(false);
  });

  it('undo in one tab brings the project back in the other', async () => {
    const { a, b, loadArtifacts } = await twoTabs();
    const project = a.getState().createProject('Back');
    a.getState().saveArtifact(project.id, { toolId: 't', data: 'x' });
    b.getState().reload();
    const deleted = a.getState().deleteProject(project.id)!;
    b.getState().syncFromStorage(storageKeys.projects);
    expect(b.getState().projects).toEqual([]);
    a.getState().restoreProject(deleted);
    b.getState().syncFromStorage(storageKeys.deleted);
    expect(b.getState().projects.map((p) => p.id)).toEqual([project.id]);
    expect(loadArtifacts(project.id).map((x) => x.data)).toEqual(['x']);
  });

  it('storage cleared in another tab is not refilled', async () => {
    const { a, loadArtifacts } = await twoTabs();
    const { id } = a.getState().createProject('P');
    a.getState().saveArtifact(id, { toolId: 't', data: 'x' });
    localStorage.clear();
    a.getState().syncFromStorage(null);
    a.getState().syncFromStorage(storageKeys.projects);
    expect(a.getState().projects).toEqual([]);
    expect(loadArtifacts(id)).toEqual([]);
  });

  it('a write-back that hits a full storage is only logged', async () => {
    const { a, b, loadArtifacts } = await twoTabs();
    const { id } = a.getState().createProject('Shared');
    b.getState().reload();
    const key = storageKeys.artifacts(id);
    a.getState().saveArtifact(id, { toolId: 't', data: 'from A' });
    withStaleCopy(key, null, () => b.getState().saveArtifact(id, { toolId: 't', data: 'from B' }));
    vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('quota', 'QuotaExceededError');
    });
    expect(() => a.getState().syncFromStorage(key)).not.toThrow();
    expect(console.warn).toHaveBeenCalled();
    vi.mocked(Storage.prototype.setItem).mockRestore();
    // The next event, with room again, writes it back.
    a.getState().syncFromStorage(key);
    expect(loadArtifacts(id).map((x) => x.data).sort()).toEqual(['from A', 'from B']);
  });
});

describe('many tabs saving identical content', () => {
  it('four tabs each saving the same result five times in the same millisecond keep all 20 saves', async () => {
    vi.useFakeTimers({ now: new Date(T0) });
    const first = await freshStore();
    const { id } = first.useProjects.getState().createProject('Shared');
    const tabs = [first.useProjects];
    for (let i = 1; i < 4; i++) tabs.push((await freshStore()).useProjects);
    vi.setSystemTime(new Date('2026-11-23T09:00:00.000Z'));
    const key = storageKeys.artifacts(id);
    // Every tab saves from a copy without the others' saves, all in one frozen millisecond, with identical content.
    for (const tab of tabs) {
      withStaleCopy(key, null, () => {
        for (let n = 0; n < 5; n++) tab.getState().saveArtifact(id, { toolId: 't', toolTitle: 'T', data: 'same answer' });
      });
    }
    expect(first.loadArtifacts(id)).toHaveLength(5); // Only the last tab's list is in storage...
    for (let round = 0; round < 4; round++) for (const tab of tabs) tab.getState().syncFromStorage(key); // ...until each hears of the others.
    const items = first.loadArtifacts(id);
    expect(items).toHaveLength(20);
    expect(new Set(items.map((x) => x.id)).size).toBe(20);
    expect(items.every((x) => x.data === 'same answer')).toBe(true);
    const stable = localStorage.getItem(key);
    for (const tab of tabs) tab.getState().syncFromStorage(key);
    expect(localStorage.getItem(key)).toBe(stable); // Converged: no ping-pong.
  });

  it('an item too deep to serialise, written by another version, does not stop this tab following other tabs', async () => {
    const { a, b } = await twoTabs();
    // This tab imported an item from before save ids existed: it is compared by content.
    a.getState().importProject({ project: { id: 'proj_1', name: 'Shared', createdAt: T0 }, artifacts: [art('art_1', T0, 'legacy')] });
    const key = storageKeys.artifacts('proj_1');
    const deep = `{"id":"art_2","createdAt":"${T0}","toolId":"t","data":${'['.repeat(100_000)}${']'.repeat(100_000)}}`;
    localStorage.setItem(key, `[${deep}]`);
    b.getState().reload();
    b.getState().createProject('Made meanwhile');
    expect(() => a.getState().syncFromStorage(key)).not.toThrow();
    a.getState().syncFromStorage(storageKeys.projects);
    expect(a.getState().projects.map((p) => p.name).sort()).toEqual(['Made meanwhile', 'Shared']);
  });
});
