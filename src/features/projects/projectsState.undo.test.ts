// @vitest-environment jsdom
import { describe, expect, it, vi } from 'vitest';
import { storageKeys } from '../../kernel/stored/storage';
import { art, freshStore, isolateEachTest, T0 } from './testing/projectsKit';

/* ---- Project management: delete and undo, artifact delete and undo, import. ---- */

isolateEachTest();

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
    const { loadArtifacts } = await import('./projectsState');
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
