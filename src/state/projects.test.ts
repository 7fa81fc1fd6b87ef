// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { storageKeys } from '../engine/storage';

/** A fresh store module, reading whatever localStorage holds now (as a page load would). */
async function freshStore() {
  vi.resetModules();
  return import('./projects');
}

beforeEach(() => {
  localStorage.clear();
  vi.spyOn(console, 'warn').mockImplementation(() => undefined);
});
afterEach(() => {
  vi.restoreAllMocks();
  vi.useRealTimers();
});

describe('projects', () => {
  it('creates projects with a proj_ time id and a trimmed name, kept across a reload', async () => {
    vi.useFakeTimers({ now: new Date('2026-11-23T08:00:00Z') });
    const { useProjects } = await freshStore();
    const project = useProjects.getState().createProject('  Biology  ');
    expect(project).toEqual({ id: `proj_${Date.parse('2026-11-23T08:00:00Z')}`, name: 'Biology', createdAt: '2026-11-23T08:00:00.000Z' });
    const reloaded = await freshStore();
    expect(reloaded.useProjects.getState().projects).toEqual([project]);
  });

  it('refuses a blank name', async () => {
    const { useProjects } = await freshStore();
    expect(() => useProjects.getState().createProject('   ')).toThrow();
    expect(localStorage.getItem(storageKeys.projects)).toBeNull();
  });

  it('gives two projects made in the same millisecond different ids', async () => {
    vi.useFakeTimers({ now: 1_000 });
    const { useProjects } = await freshStore();
    const a = useProjects.getState().createProject('A');
    const b = useProjects.getState().createProject('B');
    expect(a.id).not.toBe(b.id);
  });

  it('lists newest first', async () => {
    const { newestFirst } = await freshStore();
    const older = { id: 'proj_1', name: 'Old', createdAt: '2026-01-01T00:00:00.000Z' };
    const newer = { id: 'proj_2', name: 'New', createdAt: '2026-06-01T00:00:00.000Z' };
    expect(newestFirst([older, newer]).map((p) => p.name)).toEqual(['New', 'Old']);
  });

  it('treats an unreadable project list as empty', async () => {
    localStorage.setItem(storageKeys.projects, '{broken');
    const { useProjects } = await freshStore();
    expect(useProjects.getState().projects).toEqual([]);
    expect(console.warn).toHaveBeenCalled();
  });

  it('remembers the active project, and forgets it when the project is gone', async () => {
    const { useProjects } = await freshStore();
    const project = useProjects.getState().createProject('History');
    useProjects.getState().setActiveProject(project.id);
    expect((await freshStore()).useProjects.getState().activeProjectId).toBe(project.id);
    localStorage.setItem(storageKeys.projects, '[]');
    expect((await freshStore()).useProjects.getState().activeProjectId).toBeNull();
  });
});

describe('artifacts', () => {
  it('saves under the project id, newest first, with art_ time ids', async () => {
    const { useProjects, loadArtifacts } = await freshStore();
    const { id } = useProjects.getState().createProject('Biology');
    expect(useProjects.getState().saveArtifact(id, { toolId: 'smart-notes', toolTitle: 'SmartNotes', data: '## Notes' })).toBe(true);
    expect(useProjects.getState().saveArtifact(id, { toolId: 'essay-buddy', toolTitle: 'Essay Buddy', data: { thesis: 'T' } })).toBe(true);
    const artifacts = loadArtifacts(id);
    expect(artifacts.map((a) => a.toolId)).toEqual(['essay-buddy', 'smart-notes']);
    expect(artifacts[0]?.id).toMatch(/^art_\d+$/);
    expect(artifacts[0]?.data).toEqual({ thesis: 'T' });
    expect(JSON.parse(localStorage.getItem(storageKeys.artifacts(id)) ?? '[]')).toHaveLength(2);
  });

  it('silently skips saving to a project that no longer exists', async () => {
    const { useProjects } = await freshStore();
    expect(useProjects.getState().saveArtifact('proj_gone', { toolId: 't', data: 'x' })).toBe(false);
    expect(localStorage.getItem(storageKeys.artifacts('proj_gone'))).toBeNull();
  });

  it('gives a project with unreadable artifacts no items, keeping the project', async () => {
    const { useProjects, loadArtifacts } = await freshStore();
    const { id } = useProjects.getState().createProject('Maths');
    localStorage.setItem(storageKeys.artifacts(id), '[{"id":1}]');
    expect(loadArtifacts(id)).toEqual([]);
    expect(useProjects.getState().projects.map((p) => p.id)).toEqual([id]);
  });

  it('keeps an artifact saved by another tab when this tab saves', async () => {
    const { useProjects, loadArtifacts } = await freshStore();
    const { id } = useProjects.getState().createProject('Shared');
    const otherTab = { id: 'art_1', createdAt: '2026-11-23T08:00:00.000Z', toolId: 'quiz-whiz', data: 'from the other tab' };
    localStorage.setItem(storageKeys.artifacts(id), JSON.stringify([otherTab]));
    useProjects.getState().saveArtifact(id, { toolId: 'smart-notes', data: 'from this tab' });
    expect(loadArtifacts(id).map((a) => a.data)).toEqual(['from this tab', 'from the other tab']);
  });

  it('reports a full storage as an error and writes nothing', async () => {
    const { useProjects, loadArtifacts } = await freshStore();
    const { id } = useProjects.getState().createProject('Full');
    vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('quota', 'QuotaExceededError');
    });
    expect(() => useProjects.getState().saveArtifact(id, { toolId: 't', data: 'x' })).toThrow(/storage is full/);
    vi.mocked(Storage.prototype.setItem).mockRestore();
    expect(loadArtifacts(id)).toEqual([]);
  });
});

/* ---- Project management: rename, delete and undo, artifact delete and undo, import. ---- */

const T0 = '2026-11-23T08:00:00.000Z';
const art = (id: string, createdAt: string, data: unknown = id, toolId = 'smart-notes') => ({ id, createdAt, toolId, data });

describe('rename', () => {
  it('trims the name and records when it changed', async () => {
    vi.useFakeTimers({ now: new Date(T0) });
    const { useProjects } = await freshStore();
    const project = useProjects.getState().createProject('Bio');
    vi.setSystemTime(new Date('2026-11-24T09:00:00Z'));
    const renamed = useProjects.getState().renameProject(project.id, '  Biology  ');
    expect(renamed).toEqual({ ...project, name: 'Biology', updatedAt: '2026-11-24T09:00:00.000Z' });
    expect((await freshStore()).useProjects.getState().projects).toEqual([renamed]);
  });

  it('refuses a blank name and changes nothing', async () => {
    const { useProjects } = await freshStore();
    const project = useProjects.getState().createProject('Bio');
    expect(() => useProjects.getState().renameProject(project.id, '  ')).toThrow();
    expect(useProjects.getState().projects[0]?.name).toBe('Bio');
  });

  it('returns null for a project that no longer exists', async () => {
    const { useProjects } = await freshStore();
    expect(useProjects.getState().renameProject('proj_gone', 'X')).toBeNull();
  });

  it('reads projects stored before renames existed (no updatedAt)', async () => {
    localStorage.setItem(storageKeys.projects, JSON.stringify([{ id: 'proj_1', name: 'Old', createdAt: T0 }]));
    const { useProjects } = await freshStore();
    expect(useProjects.getState().projects).toEqual([{ id: 'proj_1', name: 'Old', createdAt: T0 }]);
  });
});

describe('delete project and undo', () => {
  it('removes the project and its artifacts, leaves none active, and Undo brings all back', async () => {
    const { useProjects, loadArtifacts } = await freshStore();
    const keep = useProjects.getState().createProject('Keep');
    const project = useProjects.getState().createProject('Biology');
    useProjects.getState().setActiveProject(project.id);
    useProjects.getState().saveArtifact(project.id, { toolId: 'smart-notes', data: 'one' });
    useProjects.getState().saveArtifact(project.id, { toolId: 'essay-buddy', data: { thesis: 'two' } });

    const deleted = useProjects.getState().deleteProject(project.id);
    expect(deleted?.artifacts.map((a) => a.data)).toEqual([{ thesis: 'two' }, 'one']);
    expect(deleted?.wasActive).toBe(true);
    expect(useProjects.getState().projects.map((p) => p.id)).toEqual([keep.id]);
    expect(useProjects.getState().activeProjectId).toBeNull();
    expect(localStorage.getItem(storageKeys.activeProject)).toBeNull();
    expect(localStorage.getItem(storageKeys.artifacts(project.id))).toBeNull();
    // Saving to it now is skipped (spec 8).
    expect(useProjects.getState().saveArtifact(project.id, { toolId: 't', data: 'late' })).toBe(false);

    useProjects.getState().restoreProject(deleted!);
    expect(useProjects.getState().projects.map((p) => p.id).sort()).toEqual([keep.id, project.id].sort());
    expect(loadArtifacts(project.id).map((a) => a.data)).toEqual([{ thesis: 'two' }, 'one']);
    expect(useProjects.getState().activeProjectId).toBe(project.id);
    // And after a reload.
    const reloaded = await freshStore();
    expect(reloaded.useProjects.getState().projects.some((p) => p.id === project.id)).toBe(true);
    expect(reloaded.loadArtifacts(project.id)).toHaveLength(2);
  });

  it('returns null when the project is already gone', async () => {
    const { useProjects } = await freshStore();
    expect(useProjects.getState().deleteProject('proj_gone')).toBeNull();
  });

  it('does not take the active place back from a project chosen meanwhile', async () => {
    const { useProjects } = await freshStore();
    const a = useProjects.getState().createProject('A');
    const b = useProjects.getState().createProject('B');
    useProjects.getState().setActiveProject(a.id);
    const deleted = useProjects.getState().deleteProject(a.id)!;
    useProjects.getState().setActiveProject(b.id);
    useProjects.getState().restoreProject(deleted);
    expect(useProjects.getState().activeProjectId).toBe(b.id);
  });

  it('keeps the project deleted when the delete cannot record its tombstone (full storage)', async () => {
    const { useProjects } = await freshStore();
    const project = useProjects.getState().createProject('A');
    const setItem = Storage.prototype.setItem;
    vi.spyOn(Storage.prototype, 'setItem').mockImplementation(function (this: Storage, key: string, value: string) {
      if (key === storageKeys.deleted) throw new DOMException('quota', 'QuotaExceededError');
      setItem.call(this, key, value);
    });
    expect(useProjects.getState().deleteProject(project.id)).not.toBeNull();
    expect((await freshStore()).useProjects.getState().projects).toEqual([]);
  });
});

describe('delete artifact and undo', () => {
  it('removes one artifact and Undo puts it back where it was', async () => {
    const { useProjects, loadArtifacts } = await freshStore();
    const { id } = useProjects.getState().createProject('P');
    for (const data of ['a', 'b', 'c']) useProjects.getState().saveArtifact(id, { toolId: 't', data });
    const middle = loadArtifacts(id)[1]!;
    const deleted = useProjects.getState().deleteArtifact(id, middle.id);
    expect(deleted).toEqual({ projectId: id, artifact: middle, index: 1 });
    expect(loadArtifacts(id).map((a) => a.data)).toEqual(['c', 'a']);
    expect(useProjects.getState().restoreArtifact(deleted!)).toBe(true);
    expect(loadArtifacts(id).map((a) => a.data)).toEqual(['c', 'b', 'a']);
    expect((await freshStore()).loadArtifacts(id).map((a) => a.data)).toEqual(['c', 'b', 'a']);
  });

  it('cannot restore into a project deleted meanwhile', async () => {
    const { useProjects } = await freshStore();
    const { id } = useProjects.getState().createProject('P');
    useProjects.getState().saveArtifact(id, { toolId: 't', data: 'a' });
    const { loadArtifacts } = await import('./projects');
    const deleted = useProjects.getState().deleteArtifact(id, loadArtifacts(id)[0]!.id)!;
    useProjects.getState().deleteProject(id);
    expect(useProjects.getState().restoreArtifact(deleted)).toBe(false);
  });

  it('returns null for an artifact that is not there', async () => {
    const { useProjects } = await freshStore();
    const { id } = useProjects.getState().createProject('P');
    expect(useProjects.getState().deleteArtifact(id, 'art_none')).toBeNull();
  });
});

describe('import', () => {
  const incoming = { id: 'proj_500', name: 'Imported', createdAt: '2026-01-01T00:00:00.000Z' };

  it('adds an unknown project with its artifacts', async () => {
    const { useProjects, loadArtifacts } = await freshStore();
    const outcome = useProjects.getState().importProject({
      project: incoming,
      artifacts: [art('art_2', '2026-01-02T00:00:00.000Z'), art('art_1', '2026-01-01T00:00:00.000Z')],
    });
    expect(outcome).toEqual({ kind: 'added', project: incoming, addedArtifacts: 2, renamed: false });
    expect(useProjects.getState().projects).toEqual([incoming]);
    expect(loadArtifacts(incoming.id).map((a) => a.id)).toEqual(['art_2', 'art_1']);
    expect(useProjects.getState().activeProjectId).toBeNull();
  });

  it('gives an existing project only the artifacts it lacks, never replacing its own', async () => {
    localStorage.setItem(storageKeys.projects, JSON.stringify([incoming]));
    localStorage.setItem(storageKeys.artifacts(incoming.id), JSON.stringify([art('art_3', '2026-01-03T00:00:00.000Z', 'mine, newer'), art('art_1', '2026-01-01T00:00:00.000Z', 'mine')]));
    const { useProjects, loadArtifacts } = await freshStore();
    const outcome = useProjects.getState().importProject({
      project: incoming,
      artifacts: [art('art_2', '2026-01-02T00:00:00.000Z', 'theirs'), art('art_1', '2026-01-01T00:00:00.000Z', 'their copy')],
    });
    expect(outcome).toMatchObject({ kind: 'merged', addedArtifacts: 1, renamed: false });
    expect(loadArtifacts(incoming.id).map((a) => [a.id, a.data])).toEqual([
      ['art_3', 'mine, newer'],
      ['art_2', 'theirs'],
      ['art_1', 'mine'],
    ]);
  });

  it('keeps the local name when it is newer, takes the import\u2019s when that is newer', async () => {
    const local = { ...incoming, name: 'Renamed here', updatedAt: '2026-03-01T00:00:00.000Z' };
    localStorage.setItem(storageKeys.projects, JSON.stringify([local]));
    const { useProjects } = await freshStore();
    const older = useProjects.getState().importProject({ project: { ...incoming, name: 'Old name', updatedAt: '2026-02-01T00:00:00.000Z' }, artifacts: [] });
    expect(older).toMatchObject({ renamed: false, project: local });
    expect(useProjects.getState().projects[0]?.name).toBe('Renamed here');
    // An export without updatedAt dates its name by createdAt: older still.
    useProjects.getState().importProject({ project: { ...incoming, name: 'Original' }, artifacts: [] });
    expect(useProjects.getState().projects[0]?.name).toBe('Renamed here');

    const newer = useProjects.getState().importProject({ project: { ...incoming, name: 'Renamed there', updatedAt: '2026-04-01T00:00:00.000Z' }, artifacts: [] });
    expect(newer).toMatchObject({ renamed: true, project: { name: 'Renamed there', updatedAt: '2026-04-01T00:00:00.000Z', createdAt: incoming.createdAt } });
    expect((await freshStore()).useProjects.getState().projects[0]?.name).toBe('Renamed there');
  });

  it('brings back a project and artifacts deleted here when their export is imported', async () => {
    const { useProjects, loadArtifacts } = await freshStore();
    useProjects.getState().importProject({ project: incoming, artifacts: [art('art_1', T0), art('art_2', T0)] });
    useProjects.getState().deleteArtifact(incoming.id, 'art_1');
    useProjects.getState().importProject({ project: incoming, artifacts: [art('art_1', T0), art('art_2', T0)] });
    expect(loadArtifacts(incoming.id).map((a) => a.id).sort()).toEqual(['art_1', 'art_2']);

    useProjects.getState().deleteProject(incoming.id);
    const outcome = useProjects.getState().importProject({ project: incoming, artifacts: [art('art_1', T0)] });
    expect(outcome.kind).toBe('added');
    expect(useProjects.getState().projects.map((p) => p.id)).toEqual([incoming.id]);
    expect(loadArtifacts(incoming.id).map((a) => a.id)).toEqual(['art_1']);
  });

  it('adopts artifacts left under the id by a project list that was discarded as unreadable', async () => {
    localStorage.setItem(storageKeys.projects, '{broken');
    localStorage.setItem(storageKeys.artifacts(incoming.id), JSON.stringify([art('art_9', T0, 'orphan')]));
    const { useProjects, loadArtifacts } = await freshStore();
    useProjects.getState().importProject({ project: incoming, artifacts: [art('art_1', '2026-01-01T00:00:00.000Z')] });
    expect(loadArtifacts(incoming.id).map((a) => a.id)).toEqual(['art_9', 'art_1']);
  });

  it('writes nothing when storage is full', async () => {
    const { useProjects } = await freshStore();
    const setItem = Storage.prototype.setItem;
    vi.spyOn(Storage.prototype, 'setItem').mockImplementation(function (this: Storage, key: string, value: string) {
      if (key === storageKeys.projects) throw new DOMException('quota', 'QuotaExceededError');
      setItem.call(this, key, value);
    });
    expect(() => useProjects.getState().importProject({ project: incoming, artifacts: [art('art_1', T0)] })).toThrow(/storage is full/);
    expect(localStorage.getItem(storageKeys.artifacts(incoming.id))).toBeNull();
    expect(localStorage.getItem(storageKeys.projects)).toBeNull();
  });
});

/* ---- Two tabs. Browsers pass storage between tabs asynchronously, so a tab can write from an older copy. ---- */

/** Two stores sharing one localStorage, as two tabs share it. */
async function twoTabs() {
  const a = await freshStore();
  const b = await freshStore();
  return { a: a.useProjects, b: b.useProjects, loadArtifacts: a.loadArtifacts };
}

/** Runs `write` as a tab whose copy of `key` is still `stale`: what a lost update looks like. */
function withStaleCopy(key: string, stale: string | null, write: () => void) {
  if (stale === null) localStorage.removeItem(key);
  else localStorage.setItem(key, stale);
  write();
}

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
