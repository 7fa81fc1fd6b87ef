// @vitest-environment jsdom
import { describe, expect, it, vi } from 'vitest';
import { storageKeys } from '../../kernel/stored/storage';
import { isolateEachTest, T0, twoTabs, withStaleCopy } from './testing/projectsKit';

/* ---- Two tabs. Browsers pass storage between tabs asynchronously, so a tab can write from an older copy. ---- */

isolateEachTest();

describe('two tabs', () => {
  it('saving alternately: each save reads storage first, so both are kept', async () => {
    const { a, b, loadArtifacts } = await twoTabs();
    const { id } = a.getState().createProject('Shared');
    b.getState().reload();
    a.getState().saveArtifact(id, { toolId: 't', data: 'A1' });
    b.getState().saveArtifact(id, { toolId: 't', data: 'B1' });
    a.getState().saveArtifact(id, { toolId: 't', data: 'A2' });
    expect(loadArtifacts(id).map((x) => x.data)).toEqual(['A2', 'B1', 'A1']);
  });

  it('saving at the same moment: the tab whose save was overwritten writes it back when it hears of the other write', async () => {
    const { a, b, loadArtifacts } = await twoTabs();
    const { id } = a.getState().createProject('Shared');
    b.getState().reload();
    const key = storageKeys.artifacts(id);
    const before = localStorage.getItem(key);
    a.getState().saveArtifact(id, { toolId: 't', data: 'from A' });
    withStaleCopy(key, before, () => b.getState().saveArtifact(id, { toolId: 't', data: 'from B' }));
    expect(loadArtifacts(id).map((x) => x.data)).toEqual(['from B']); // A's save was lost...

    a.getState().syncFromStorage(key); // ...until A hears of B's write.
    b.getState().syncFromStorage(key); // B hears of A's repair: nothing to do.
    expect(loadArtifacts(id).map((x) => x.data).sort()).toEqual(['from A', 'from B']);
    const stable = localStorage.getItem(key);
    a.getState().syncFromStorage(key);
    expect(localStorage.getItem(key)).toBe(stable); // Converged: no ping-pong.
  });

  it('two saves in the same millisecond get distinct ids after the repair', async () => {
    vi.useFakeTimers({ now: new Date(T0) });
    const { a, b, loadArtifacts } = await twoTabs();
    const { id } = a.getState().createProject('Shared');
    b.getState().reload();
    vi.setSystemTime(new Date('2026-11-23T09:00:00.000Z'));
    const key = storageKeys.artifacts(id);
    a.getState().saveArtifact(id, { toolId: 't', data: 'from A' });
    withStaleCopy(key, null, () => b.getState().saveArtifact(id, { toolId: 't', data: 'from B' }));
    a.getState().syncFromStorage(key);
    b.getState().syncFromStorage(key);
    const items = loadArtifacts(id);
    expect(items.map((x) => x.data).sort()).toEqual(['from A', 'from B']);
    expect(new Set(items.map((x) => x.id)).size).toBe(2);
  });

  it('two tabs that both moved the same colliding pair aside converge without duplicates', async () => {
    vi.useFakeTimers({ now: new Date(T0) });
    const { a, b, loadArtifacts } = await twoTabs();
    const { id } = a.getState().createProject('Shared');
    b.getState().reload();
    vi.setSystemTime(new Date('2026-11-23T09:00:00.000Z'));
    const key = storageKeys.artifacts(id);
    a.getState().saveArtifact(id, { toolId: 't', data: 'from A' });
    const onlyA = localStorage.getItem(key);
    withStaleCopy(key, null, () => b.getState().saveArtifact(id, { toolId: 't', data: 'from B' }));
    const onlyB = localStorage.getItem(key);
    // Each tab's copy holds the other's write: both move their own item aside.
    withStaleCopy(key, onlyB, () => a.getState().syncFromStorage(key));
    withStaleCopy(key, onlyA, () => b.getState().syncFromStorage(key));
    // B's write landed last; A hears of it, then B of A's answer, and so on until quiet.
    for (let i = 0; i < 3; i++) {
      a.getState().syncFromStorage(key);
      b.getState().syncFromStorage(key);
    }
    const items = loadArtifacts(id);
    expect(items.map((x) => x.data).sort()).toEqual(['from A', 'from B']);
    expect(new Set(items.map((x) => x.id)).size).toBe(2);
  });

  it('the other order: the later write is the repair that lands', async () => {
    const { a, b, loadArtifacts } = await twoTabs();
    const { id } = a.getState().createProject('Shared');
    b.getState().reload();
    const key = storageKeys.artifacts(id);
    const before = localStorage.getItem(key);
    b.getState().saveArtifact(id, { toolId: 't', data: 'from B' });
    withStaleCopy(key, before, () => a.getState().saveArtifact(id, { toolId: 't', data: 'from A' }));
    b.getState().syncFromStorage(key);
    a.getState().syncFromStorage(key);
    expect(loadArtifacts(id).map((x) => x.data).sort()).toEqual(['from A', 'from B']);
  });

  it('projects created at the same moment in two tabs are both kept', async () => {
    const { a, b } = await twoTabs();
    const key = storageKeys.projects;
    const before = localStorage.getItem(key);
    a.getState().createProject('From A');
    vi.useFakeTimers({ now: Date.now() + 5 });
    withStaleCopy(key, before, () => b.getState().createProject('From B'));
    a.getState().syncFromStorage(key);
    b.getState().syncFromStorage(key);
    for (const tab of [a, b]) expect(tab.getState().projects.map((p) => p.name).sort()).toEqual(['From A', 'From B']);
  });

  it('projects created in the same millisecond in two tabs (same id) are both kept, with what was saved into each', async () => {
    vi.useFakeTimers({ now: new Date(T0) });
    const { a, b, loadArtifacts } = await twoTabs();
    a.getState().createProject('Warm-up');
    b.getState().reload();
    vi.setSystemTime(new Date('2026-11-23T09:00:00.000Z'));
    const key = storageKeys.projects;
    const before = localStorage.getItem(key);
    const fromA = a.getState().createProject('From A');
    a.getState().setActiveProject(fromA.id);
    a.getState().saveArtifact(fromA.id, { toolId: 't', data: 'saved in A' });
    const artifactsKey = storageKeys.artifacts(fromA.id);
    const fromB = { id: '', name: '' };
    withStaleCopy(key, before, () => Object.assign(fromB, b.getState().createProject('From B')));
    withStaleCopy(artifactsKey, null, () => b.getState().saveArtifact(fromB.id, { toolId: 't', data: 'saved in B' }));
    expect(fromB.id).toBe(fromA.id);

    a.getState().syncFromStorage(key);
    b.getState().syncFromStorage(key);
    b.getState().syncFromStorage(artifactsKey);
    const projects = a.getState().projects;
    expect(projects.map((p) => p.name).sort()).toEqual(['From A', 'From B', 'Warm-up']);
    const movedA = projects.find((p) => p.name === 'From A')!;
    expect(movedA.id).not.toBe(fromB.id);
    expect(loadArtifacts(movedA.id).map((x) => x.data)).toEqual(['saved in A']);
    expect(loadArtifacts(fromB.id).map((x) => x.data)).toEqual(['saved in B']);
    expect(a.getState().activeProjectId).toBe(movedA.id);
  });

  it('projects created at the same moment in two tabs, without fake time', async () => {
    const { a, b } = await twoTabs();
    const key = storageKeys.projects;
    const before = localStorage.getItem(key);
    a.getState().createProject('From A');
    withStaleCopy(key, before, () => b.getState().createProject('From B'));
    a.getState().syncFromStorage(key);
    b.getState().syncFromStorage(key);
    for (const tab of [a, b]) expect(tab.getState().projects.map((p) => p.name).sort()).toEqual(['From A', 'From B']);
  });

  it('a rename is not undone by another tab writing the list from an older copy', async () => {
    const { a, b } = await twoTabs();
    const project = a.getState().createProject('Old name');
    b.getState().reload();
    const key = storageKeys.projects;
    const before = localStorage.getItem(key);
    a.getState().renameProject(project.id, 'New name');
    withStaleCopy(key, before, () => b.getState().createProject('Another'));
    a.getState().syncFromStorage(key);
    b.getState().syncFromStorage(key);
    for (const tab of [a, b]) expect(tab.getState().projects.map((p) => p.name).sort()).toEqual(['Another', 'New name']);
  });

  it('a project created in one tab appears in the other when it hears of it', async () => {
    const { a, b } = await twoTabs();
    const project = a.getState().createProject('Biology');
    expect(b.getState().projects).toEqual([]);
    b.getState().syncFromStorage(storageKeys.projects);
    expect(b.getState().projects).toEqual([project]);
  });
});
