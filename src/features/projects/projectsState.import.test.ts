// @vitest-environment jsdom
import { describe, expect, it, vi } from 'vitest';
import { ALL_PROJECTS_EXPORT_FORMAT, parseImportFile, PROJECT_EXPORT_FORMAT } from './projectFile';
import { MAX_PROJECT_NAME_LENGTH } from './projectName';
import { storageKeys } from '../../kernel/stored/storage';
import { art, freshStore, isolateEachTest, T0 } from './testing/projectsKit';

/*
 * Settings' file of every project, imported on the Projects page: at its
 * limit of 1,000 projects with long names it froze the tab for most of a
 * minute, because each project re-read, re-checked and re-wrote the whole
 * project list and re-rendered the screens. The work is counted here (store
 * writes and reads of the list, screen updates), not timed: it must grow
 * with the number of projects, not with its square.
 */

isolateEachTest();

const longName = (i: number) => `Project ${String(i).padStart(4, '0')} ${'about the water cycle and its seasons '.repeat(6)}`.slice(0, 200);

function fileOf(count: number): string {
  const projects = Array.from({ length: count }, (_, i) => ({
    format: PROJECT_EXPORT_FORMAT,
    version: 1,
    exportedAt: T0,
    project: { id: `proj_${1_700_000_000_000 + i}`, name: longName(i), createdAt: T0 },
    artifacts: [art(`art_${i}`, T0, `notes ${i}`)],
  }));
  return JSON.stringify({ format: ALL_PROJECTS_EXPORT_FORMAT, version: 1, projects });
}

/** Imports a file the way the Projects page does, counting what it costs. */
async function importCounting(count: number) {
  const { useProjects, loadArtifacts } = await freshStore();
  const parsed = parseImportFile(fileOf(count), Date.parse(T0) + 60_000);
  if (!parsed.ok) throw new Error(parsed.message);
  const setItem = vi.spyOn(Storage.prototype, 'setItem');
  const getItem = vi.spyOn(Storage.prototype, 'getItem');
  let screenUpdates = 0;
  const unsubscribe = useProjects.subscribe(() => screenUpdates++);
  const { outcomes, failure } = useProjects.getState().importProjects(parsed.projects.map((p) => p.bundle));
  unsubscribe();
  const writesOf = (key: string) => setItem.mock.calls.filter(([k]) => k === key).length;
  const readsOf = (key: string) => getItem.mock.calls.filter(([k]) => k === key).length;
  const cost = {
    listWrites: writesOf(storageKeys.projects),
    listReads: readsOf(storageKeys.projects),
    writes: setItem.mock.calls.length,
    reads: getItem.mock.calls.length,
    // What storage work costs grows with the text moved: a list re-written per project moves its square.
    charsWritten: setItem.mock.calls.reduce((sum, [, value]) => sum + value.length, 0),
    charsRead: getItem.mock.results.reduce((sum, { value }) => sum + (typeof value === 'string' ? value.length : 0), 0),
    screenUpdates,
  };
  setItem.mockRestore();
  getItem.mockRestore();
  return { useProjects, loadArtifacts, outcomes, failure, cost };
}

describe('importing the file of every project', () => {
  it('1,000 projects with 200-character names: the list is read and written once, the screens update once, each project costs the same', async () => {
    const { cost: small } = await importCounting(100);
    localStorage.clear();
    const { useProjects, loadArtifacts, outcomes, failure, cost } = await importCounting(1_000);
    expect(failure).toBeUndefined();
    expect(outcomes).toHaveLength(1_000);
    console.info('import cost, 100 then 1,000 projects:', small, cost);
    expect(cost).toMatchObject({ listWrites: 1, screenUpdates: 1 });
    expect(cost.listReads).toBeLessThanOrEqual(small.listReads);
    // Ten times the projects, ten times the storage work (each project's items are read and written once), give or take a constant.
    expect(cost.writes).toBeLessThanOrEqual(10 * small.writes + 5);
    expect(cost.reads).toBeLessThanOrEqual(10 * small.reads + 5);
    // A generous factor (12, not 10): a square would be 100.
    expect(cost.charsWritten).toBeLessThanOrEqual(12 * small.charsWritten);
    expect(cost.charsRead).toBeLessThanOrEqual(12 * small.charsRead + 1_000);

    const projects = useProjects.getState().projects;
    expect(projects).toHaveLength(1_000);
    expect(loadArtifacts('proj_1700000000999').map((a) => a.data)).toEqual(['notes 999']);
    expect((await freshStore()).useProjects.getState().projects).toHaveLength(1_000);
  });

  it('every project arrives with its name, cut to the length the app allows any project name', async () => {
    const { useProjects } = await importCounting(1_000);
    const names = useProjects.getState().projects.map((p) => p.name);
    expect(names).toEqual(Array.from({ length: 1_000 }, (_, i) => longName(i).slice(0, MAX_PROJECT_NAME_LENGTH).trimEnd()));
    expect(new Set(names).size).toBe(1_000);
  });

  it('storage full part way: the projects before are kept and named, the rest not half-imported', async () => {
    const { useProjects, loadArtifacts } = await freshStore();
    const parsed = parseImportFile(fileOf(5), Date.parse(T0) + 60_000);
    if (!parsed.ok) throw new Error(parsed.message);
    const setItem = Storage.prototype.setItem;
    vi.spyOn(Storage.prototype, 'setItem').mockImplementation(function (this: Storage, key: string, value: string) {
      if (key === storageKeys.artifacts('proj_1700000000003')) throw new DOMException('quota', 'QuotaExceededError');
      setItem.call(this, key, value);
    });
    const { outcomes, failure } = useProjects.getState().importProjects(parsed.projects.map((p) => p.bundle));
    expect(String(failure)).toMatch(/storage is full/);
    expect(outcomes.map((o) => o.project.id)).toEqual(['proj_1700000000000', 'proj_1700000000001', 'proj_1700000000002']);
    expect(useProjects.getState().projects.map((p) => p.id)).toEqual(outcomes.map((o) => o.project.id));
    expect(loadArtifacts('proj_1700000000002')).toHaveLength(1);
    expect(localStorage.getItem(storageKeys.artifacts('proj_1700000000003'))).toBeNull();
  });

  it('a project list that cannot be written leaves every item as it was, and nothing imported', async () => {
    localStorage.setItem(storageKeys.projects, JSON.stringify([{ id: 'proj_1700000000001', name: 'Mine', createdAt: T0 }]));
    localStorage.setItem(storageKeys.artifacts('proj_1700000000001'), JSON.stringify([art('art_mine', T0, 'mine')]));
    const { useProjects, loadArtifacts } = await freshStore();
    const parsed = parseImportFile(fileOf(3), Date.parse(T0) + 60_000);
    if (!parsed.ok) throw new Error(parsed.message);
    const setItem = Storage.prototype.setItem;
    vi.spyOn(Storage.prototype, 'setItem').mockImplementation(function (this: Storage, key: string, value: string) {
      if (key === storageKeys.projects) throw new DOMException('quota', 'QuotaExceededError');
      setItem.call(this, key, value);
    });
    const { outcomes, failure } = useProjects.getState().importProjects(parsed.projects.map((p) => p.bundle));
    expect(String(failure)).toMatch(/storage is full/);
    expect(outcomes).toEqual([]);
    expect(loadArtifacts('proj_1700000000001').map((a) => a.id)).toEqual(['art_mine']);
    expect(localStorage.getItem(storageKeys.artifacts('proj_1700000000000'))).toBeNull();
    expect(localStorage.getItem(storageKeys.artifacts('proj_1700000000002'))).toBeNull();
  });
});
