// @vitest-environment jsdom
import { afterAll, beforeEach, afterEach, describe, expect, it, vi } from 'vitest';
import { storageKeys } from '../kernel/stored/storage';
import type { Artifact } from '../features/projects';

/*
 * Storage faults, one table: each case starts from a project holding saved
 * work, does something that goes wrong (a full quota, a browser refusing
 * storage, a corrupted or wrongly shaped value, another tab writing from an
 * older copy) and then checks that every artifact saved before is still
 * there, and that what the user was told matches what happened.
 */

async function tab() {
  vi.resetModules();
  return import('../features/projects');
}

const kept: Artifact = { id: 'art_1700000000100', createdAt: '2026-11-01T10:00:00.000Z', toolId: 'smart-notes', toolTitle: 'SmartNotes', data: '## Kept' };
const safe = { id: 'proj_1700000000000', name: 'Safe', createdAt: '2026-11-01T09:00:00.000Z' };

function seed() {
  localStorage.setItem(storageKeys.projects, JSON.stringify([safe]));
  localStorage.setItem(storageKeys.artifacts(safe.id), JSON.stringify([kept]));
}

function failWrites(match: (key: string) => boolean, error = () => new DOMException('quota', 'QuotaExceededError')) {
  const setItem = Storage.prototype.setItem;
  vi.spyOn(Storage.prototype, 'setItem').mockImplementation(function (this: Storage, key: string, value: string) {
    if (match(key)) throw error();
    setItem.call(this, key, value);
  });
}

type Store = Awaited<ReturnType<typeof tab>>;
interface FaultCase {
  name: string;
  /** Injects the fault and acts; returns what the user would be told, if anything. */
  run(store: Store): Promise<void> | void;
}

const cases: FaultCase[] = [
  {
    name: 'quota reached when saving a result: a clear error, nothing half-written',
    run({ useProjects, loadArtifacts }) {
      failWrites((k) => k.startsWith(storageKeys.artifacts('')));
      expect(() => useProjects.getState().saveArtifact(safe.id, { toolId: 't', data: 'new' })).toThrow(/storage is full/);
      expect(loadArtifacts(safe.id)).toEqual([kept]);
    },
  },
  {
    name: 'quota reached when creating a project',
    run({ useProjects }) {
      failWrites((k) => k === storageKeys.projects);
      expect(() => useProjects.getState().createProject('New')).toThrow(/storage is full/);
      expect(useProjects.getState().projects).toEqual([safe]);
    },
  },
  {
    name: 'quota reached when renaming: the old name stays',
    run({ useProjects }) {
      failWrites((k) => k === storageKeys.projects);
      expect(() => useProjects.getState().renameProject(safe.id, 'Renamed')).toThrow(/storage is full/);
      expect(useProjects.getState().projects[0]?.name).toBe('Safe');
    },
  },
  {
    name: 'quota reached when importing: nothing half-imported',
    run({ useProjects }) {
      failWrites((k) => k === storageKeys.projects);
      const bundle = { project: { id: 'proj_9', name: 'In', createdAt: '2026-01-01T00:00:00.000Z' }, artifacts: [] };
      expect(() => useProjects.getState().importProject(bundle)).toThrow(/storage is full/);
      expect(localStorage.getItem(storageKeys.artifacts('proj_9'))).toBeNull();
    },
  },
  {
    name: 'quota reached when undoing an artifact delete: the delete stands and can be retried',
    run({ useProjects, loadArtifacts }) {
      const deleted = useProjects.getState().deleteArtifact(safe.id, kept.id)!;
      failWrites((k) => k.startsWith(storageKeys.artifacts('')));
      expect(() => useProjects.getState().restoreArtifact(deleted)).toThrow(/storage is full/);
      vi.mocked(Storage.prototype.setItem).mockRestore();
      expect(useProjects.getState().restoreArtifact(deleted)).toBe(true);
      expect(loadArtifacts(safe.id)).toEqual([kept]);
    },
  },
  {
    name: 'the browser refuses storage (privacy mode): a clear error instead of a crash',
    run({ useProjects }) {
      failWrites(() => true, () => new DOMException('denied', 'SecurityError'));
      expect(() => useProjects.getState().saveArtifact(safe.id, { toolId: 't', data: 'x' })).toThrow(/does not allow local storage/);
    },
  },
  {
    name: 'reading storage throws: the store starts empty instead of crashing',
    async run() {
      vi.spyOn(Storage.prototype, 'getItem').mockImplementation(() => {
        throw new DOMException('denied', 'SecurityError');
      });
      const fresh = await tab();
      expect(fresh.useProjects.getState().projects).toEqual([]);
      vi.mocked(Storage.prototype.getItem).mockRestore();
    },
  },
  {
    name: "another project's artifacts are not JSON: only those are discarded",
    async run() {
      localStorage.setItem(storageKeys.projects, JSON.stringify([safe, { id: 'proj_2', name: 'Broken', createdAt: safe.createdAt }]));
      localStorage.setItem(storageKeys.artifacts('proj_2'), '{not json');
      const fresh = await tab();
      expect(fresh.loadArtifacts('proj_2')).toEqual([]);
      expect(fresh.useProjects.getState().projects).toHaveLength(2);
    },
  },
  {
    name: "another project's artifact has no data (wrong shape): that list is discarded, the project kept",
    async run() {
      localStorage.setItem(storageKeys.projects, JSON.stringify([safe, { id: 'proj_2', name: 'Odd', createdAt: safe.createdAt }]));
      localStorage.setItem(storageKeys.artifacts('proj_2'), JSON.stringify([{ id: 'art_x', createdAt: 'x', toolId: 't' }]));
      const fresh = await tab();
      expect(fresh.loadArtifacts('proj_2')).toEqual([]);
      expect(localStorage.getItem(storageKeys.artifacts('proj_2'))).toBeNull();
    },
  },
  {
    name: 'the deletion record is corrupted: it is discarded and nothing is hidden',
    async run() {
      localStorage.setItem(storageKeys.deleted, '{"projects":"all"}');
      expect((await tab()).useProjects.getState().projects).toEqual([safe]);
    },
  },
  {
    name: 'the active project is wrongly shaped: none is active',
    async run() {
      localStorage.setItem(storageKeys.activeProject, '42');
      expect((await tab()).useProjects.getState().activeProjectId).toBeNull();
    },
  },
  {
    name: 'stored data from before renames existed (no updatedAt, extra fields) still reads',
    async run() {
      localStorage.setItem(storageKeys.projects, JSON.stringify([{ ...safe, legacy: true }]));
      expect((await tab()).useProjects.getState().projects).toEqual([safe]);
    },
  },
  {
    name: 'two tabs save at the same moment: both saves are kept',
    async run(a) {
      const b = await tab();
      const key = storageKeys.artifacts(safe.id);
      const stale = localStorage.getItem(key)!;
      a.useProjects.getState().saveArtifact(safe.id, { toolId: 't', data: 'A' });
      localStorage.setItem(key, stale);
      b.useProjects.getState().saveArtifact(safe.id, { toolId: 't', data: 'B' });
      a.useProjects.getState().syncFromStorage(key);
      b.useProjects.getState().syncFromStorage(key);
      expect(a.loadArtifacts(safe.id).map((x) => x.data).sort()).toEqual(['## Kept', 'A', 'B']);
    },
  },
  {
    name: 'a tab deletes a project while another saves into it: the save is skipped (spec 8), nothing else lost',
    async run(a) {
      const b = await tab();
      const other = a.useProjects.getState().createProject('Doomed');
      b.useProjects.getState().reload();
      a.useProjects.getState().deleteProject(other.id);
      expect(b.useProjects.getState().saveArtifact(other.id, { toolId: 't', data: 'late' })).toBe(false);
    },
  },
  {
    name: 'the write-back after a lost update hits a full quota: logged, retried on the next change',
    async run(a) {
      const b = await tab();
      const key = storageKeys.artifacts(safe.id);
      const stale = localStorage.getItem(key)!;
      a.useProjects.getState().saveArtifact(safe.id, { toolId: 't', data: 'A' });
      localStorage.setItem(key, stale);
      b.useProjects.getState().saveArtifact(safe.id, { toolId: 't', data: 'B' });
      failWrites(() => true);
      a.useProjects.getState().syncFromStorage(key);
      vi.mocked(Storage.prototype.setItem).mockRestore();
      a.useProjects.getState().syncFromStorage(key);
      expect(a.loadArtifacts(safe.id).map((x) => x.data).sort()).toEqual(['## Kept', 'A', 'B']);
    },
  },
];

let passed = 0;
beforeEach(() => {
  localStorage.clear();
  seed();
  vi.spyOn(console, 'warn').mockImplementation(() => undefined);
});
afterEach(() => vi.restoreAllMocks());
afterAll(() => {
  if (passed === cases.length) console.log(`[faults] ${passed} storage fault cases (unit): none lost a saved artifact`);
});

describe('storage faults', () => {
  it.each(cases.map((c) => [c.name, c] as const))('%s', async (_name, fault) => {
    const store = await tab();
    await fault.run(store);
    vi.restoreAllMocks();
    // Whatever happened, the work saved before it is still there, in a fresh page too.
    expect((await tab()).loadArtifacts(safe.id)).toContainEqual(kept);
    passed++;
  });
});
