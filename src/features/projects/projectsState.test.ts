// @vitest-environment jsdom
import { describe, expect, it, vi } from 'vitest';
import { storageKeys } from '../../kernel/stored/storage';
import { freshStore, isolateEachTest, T0 } from './testing/projectsKit';

/* The projects store; undo and import in projects.undo.test.ts, several tabs in projects.tabs*.test.ts, the pure merge helpers in src/features/projects/merge.test.ts. */

isolateEachTest();

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

/* ---- Project management: rename (delete and undo, import: projects.undo.test.ts). ---- */

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
