import { create } from 'zustand';
import { importBundles } from './importBundles';
import { createTabLedger } from './ledger';
import { artifactTombstone, newSaveId, timeId, unionArtifacts } from './merge';
import {
  concernsProjects,
  loadArtifacts,
  loadProjects,
  readActiveProject,
  readStoredArtifacts,
  readStoredProjects,
  updateDeleted,
  writeBack,
} from './projectStorage';
import { nameStamp } from './projectOrder';
import { boundedProjectName } from './projectName';
import type { Artifact, DeletedArtifact, DeletedProject, ImportOutcome, NewArtifact, Project, ProjectBundle } from './schema';
import { removeStored, storageKeys, writeStored } from '../../kernel/stored/storage';

/*
 * The projects the screens show, and every change to them. What a project is
 * (features/projects/schema.ts), how it is stored with its tombstones
 * (projectStorage.ts) and how this tab puts back what another tab's write
 * dropped (ledger.ts) live in the engine; this store reads storage at the
 * moment of every write, never writing what this tab happened to hold.
 */

/** What the screens read with the store. */
export { loadArtifacts } from './projectStorage';
export { newestFirst } from './projectOrder';
export type { Artifact, DeletedArtifact, DeletedProject, ImportOutcome, Project } from './schema';

interface ProjectsState {
  projects: Project[];
  activeProjectId: string | null;
  /** Bumped on every artifact write so screens showing artifacts re-read them. */
  artifactsVersion: number;
  createProject(name: string): Project;
  /** Returns the renamed project, or null when it no longer exists. */
  renameProject(id: string, name: string): Project | null;
  /** Deletes a project and its artifacts; returns what Undo needs, or null when it was already gone. */
  deleteProject(id: string): DeletedProject | null;
  restoreProject(deleted: DeletedProject): void;
  setActiveProject(id: string | null): void;
  /**
   * Saves a result to a project; returns false when the project no longer
   * exists (silently skipped, spec 8). A result already saved there (the same
   * resultId) replaces its item, keeping its id, as the latest save: never a copy.
   */
  saveArtifact(projectId: string, artifact: NewArtifact): boolean;
  deleteArtifact(projectId: string, artifactId: string): DeletedArtifact | null;
  /** Puts a deleted artifact back; false when its project is gone meanwhile. */
  restoreArtifact(deleted: DeletedArtifact): boolean;
  /** Merges a project export: adds an unknown project, gives a known one what it lacks, never drops anything. */
  importProject(bundle: ProjectBundle): ImportOutcome;
  /**
   * Merges many exports at once (a file of every project), in one pass over
   * storage; when storage fills part way, `failure` says why and `outcomes`
   * how far it got.
   */
  importProjects(bundles: readonly ProjectBundle[]): { outcomes: ImportOutcome[]; failure?: unknown };
  /** Re-reads everything from storage. */
  reload(): void;
  /**
   * Another tab wrote `key` (null: it cleared storage). Writes back what this
   * tab saved and that write dropped, then re-reads.
   */
  syncFromStorage(key: string | null): void;
}

export const useProjects = create<ProjectsState>()((set, get) => {
  const projects = loadProjects();

  /** What this tab wrote; when this tab's project must take a new id, the active choice follows it. */
  const ledger = createTabLedger((fromId, toId) => {
    if (get().activeProjectId === fromId) get().setActiveProject(toId);
  });

  /** Re-reads storage into the state; the active project is dropped if it no longer exists. */
  function publish(fresh: Project[] = loadProjects()) {
    const activeProjectId = get().activeProjectId;
    set({
      projects: fresh,
      activeProjectId: activeProjectId !== null && fresh.some((p) => p.id === activeProjectId) ? activeProjectId : null,
      artifactsVersion: get().artifactsVersion + 1,
    });
  }

  return {
    projects,
    activeProjectId: readActiveProject(projects),
    artifactsVersion: 0,

    createProject(name) {
      const trimmed = boundedProjectName(name);
      if (trimmed === '') throw new Error('A project needs a name.');
      const current = loadProjects();
      const id = timeId('proj_', (candidate) => current.some((p) => p.id === candidate));
      const project: Project = { id, name: trimmed, createdAt: new Date().toISOString() };
      const next = [...current, project];
      writeStored(storageKeys.projects, next);
      ledger.rememberProject(project, true);
      set({ projects: next });
      return project;
    },

    renameProject(id, name) {
      const trimmed = boundedProjectName(name);
      if (trimmed === '') throw new Error('A project needs a name.');
      const current = loadProjects();
      const existing = current.find((p) => p.id === id);
      if (!existing) {
        publish(current);
        return null;
      }
      // Strictly after the name it replaces, so every tab can tell which name is newer.
      const updatedAt = new Date(Math.max(Date.now(), Date.parse(nameStamp(existing)) + 1 || 0)).toISOString();
      const renamed: Project = { ...existing, name: trimmed, updatedAt };
      const next = current.map((p) => (p.id === id ? renamed : p));
      writeStored(storageKeys.projects, next);
      ledger.rememberProject(renamed);
      set({ projects: next });
      return renamed;
    },

    deleteProject(id) {
      const current = loadProjects();
      const project = current.find((p) => p.id === id);
      if (!project) {
        publish(current);
        return null;
      }
      const artifacts = loadArtifacts(id);
      const wasActive = get().activeProjectId === id;
      // The list first: if that write fails nothing has changed and the error reaches the user.
      writeStored(
        storageKeys.projects,
        current.filter((p) => p.id !== id),
      );
      updateDeleted((d) => ({
        projects: [...d.projects, id],
        artifacts: d.artifacts.filter((t) => !t.startsWith(`${id}/`)),
      }));
      removeStored(storageKeys.artifacts(id));
      ledger.forgetProject(id);
      if (wasActive) get().setActiveProject(null);
      publish();
      return { project, artifacts, wasActive };
    },

    restoreProject({ project, artifacts, wasActive }) {
      const key = storageKeys.artifacts(project.id);
      const before = readStoredArtifacts(project.id);
      const { merged } = unionArtifacts(before, artifacts);
      writeStored(key, merged);
      const current = readStoredProjects();
      const existing = current.find((p) => p.id === project.id);
      const restored = existing && nameStamp(existing) > nameStamp(project) ? existing : project;
      try {
        writeStored(storageKeys.projects, [...current.filter((p) => p.id !== project.id), restored]);
      } catch (error) {
        writeBack('the saved items of a project that could not be restored', () => writeStored(key, before));
        throw error;
      }
      const ids = new Set(artifacts.map((a) => artifactTombstone(project.id, a.id)));
      updateDeleted((d) => ({ projects: d.projects.filter((p) => p !== project.id), artifacts: d.artifacts.filter((t) => !ids.has(t)) }));
      ledger.rememberProject(restored);
      ledger.rememberArtifacts(project.id, artifacts);
      publish();
      if (wasActive && get().activeProjectId === null) get().setActiveProject(project.id);
    },

    setActiveProject(id) {
      set({ activeProjectId: id });
      try {
        if (id === null) removeStored(storageKeys.activeProject);
        else writeStored(storageKeys.activeProject, id);
      } catch (error) {
        console.warn('[projects] could not remember the active project', error);
      }
    },

    saveArtifact(projectId, artifact) {
      // Read fresh at write time, so a save made in another tab is kept, not overwritten.
      if (!loadProjects().some((p) => p.id === projectId)) return false;
      const current = loadArtifacts(projectId);
      // The same result saved again replaces its item (same id and save id: one item in every tab and the ledger), now the latest save.
      const already = current.find((a) => a.resultId !== undefined && a.resultId === artifact.resultId);
      const id = already?.id ?? timeId('art_', (candidate) => current.some((a) => a.id === candidate));
      const saved: Artifact = { id, createdAt: new Date().toISOString(), ...artifact, saveId: already?.saveId ?? newSaveId() };
      writeStored(storageKeys.artifacts(projectId), [saved, ...current.filter((a) => a !== already)]);
      ledger.rememberArtifacts(projectId, [saved]);
      set({ artifactsVersion: get().artifactsVersion + 1 });
      return true;
    },

    deleteArtifact(projectId, artifactId) {
      const current = loadArtifacts(projectId);
      const index = current.findIndex((a) => a.id === artifactId);
      const artifact = current[index];
      if (!artifact) return null;
      writeStored(
        storageKeys.artifacts(projectId),
        current.filter((a) => a.id !== artifactId),
      );
      updateDeleted((d) => ({ ...d, artifacts: [...d.artifacts, artifactTombstone(projectId, artifactId)] }));
      ledger.forgetArtifact(projectId, artifactId);
      set({ artifactsVersion: get().artifactsVersion + 1 });
      return { projectId, artifact, index };
    },

    restoreArtifact({ projectId, artifact, index }) {
      if (!loadProjects().some((p) => p.id === projectId)) return false;
      const tombstone = artifactTombstone(projectId, artifact.id);
      updateDeleted((d) => ({ ...d, artifacts: d.artifacts.filter((t) => t !== tombstone) }));
      const current = loadArtifacts(projectId);
      if (!current.some((a) => a.id === artifact.id)) {
        const next = [...current];
        next.splice(Math.min(index, next.length), 0, artifact);
        try {
          writeStored(storageKeys.artifacts(projectId), next);
        } catch (error) {
          updateDeleted((d) => ({ ...d, artifacts: [...d.artifacts, tombstone] }));
          throw error;
        }
      }
      ledger.rememberArtifacts(projectId, [artifact]);
      set({ artifactsVersion: get().artifactsVersion + 1 });
      return true;
    },

    importProject(bundle) {
      const { outcomes, failure } = get().importProjects([bundle]);
      const outcome = outcomes[0];
      if (failure !== undefined || !outcome) throw failure;
      return outcome;
    },

    importProjects(bundles) {
      const { imported, failure } = importBundles(bundles);
      for (const { outcome, added } of imported) {
        ledger.rememberProject(outcome.project);
        ledger.rememberArtifacts(outcome.project.id, added);
      }
      // Once for the whole file: the screens re-read and re-render once, not once a project.
      publish();
      return failure === undefined ? { outcomes: imported.map((i) => i.outcome) } : { outcomes: imported.map((i) => i.outcome), failure };
    },

    reload() {
      const fresh = loadProjects();
      set({ projects: fresh, activeProjectId: readActiveProject(fresh), artifactsVersion: get().artifactsVersion + 1 });
    },

    syncFromStorage(key) {
      if (key === null) {
        // Another tab cleared storage on purpose: nothing of ours to put back.
        ledger.clear();
      } else if (!concernsProjects(key)) {
        return;
      } else {
        ledger.repair();
      }
      get().reload();
    },
  };
});
