import { z } from 'zod';
import { create } from 'zustand';
import { readStored, removeStored, storageKeys, writeStored } from '../storage';

/*
 * Projects live under one key; each project's artifacts under a key with its
 * id (spec 7). Artifacts are read from storage on demand rather than held for
 * every project, so a project list with months of work stays cheap to load.
 */

const projectSchema = z.object({
  id: z.string().min(1),
  name: z.string(),
  createdAt: z.string(),
});

const artifactSchema = z.object({
  id: z.string().min(1),
  createdAt: z.string(),
  toolId: z.string(),
  toolTitle: z.string().optional(),
  data: z.unknown(),
});

export type Project = z.infer<typeof projectSchema>;
export type Artifact = z.infer<typeof artifactSchema>;
export type NewArtifact = Pick<Artifact, 'toolId' | 'toolTitle' | 'data'>;

const projectListSchema = z.array(projectSchema);
const artifactListSchema = z.array(artifactSchema);
const activeProjectSchema = z.string().nullable();

/** Ids are the prefix plus the time in ms (spec 3), nudged forward when two land in the same ms. */
let lastIdTime = 0;
function timeId(prefix: string): string {
  lastIdTime = Math.max(Date.now(), lastIdTime + 1);
  return `${prefix}${lastIdTime}`;
}

function loadProjects(): Project[] {
  return readStored(storageKeys.projects, projectListSchema, []);
}

/** A project's saved items, newest first; unreadable storage gives none (spec 8). */
export function loadArtifacts(projectId: string): Artifact[] {
  return readStored(storageKeys.artifacts(projectId), artifactListSchema, []);
}

interface ProjectsState {
  projects: Project[];
  activeProjectId: string | null;
  /** Bumped on every artifact write so screens showing artifacts re-read them. */
  artifactsVersion: number;
  createProject(name: string): Project;
  setActiveProject(id: string | null): void;
  /** Saves a result to a project; returns false when the project no longer exists (silently skipped, spec 8). */
  saveArtifact(projectId: string, artifact: NewArtifact): boolean;
  /** Re-reads everything from storage (another tab may have written). */
  reload(): void;
}

function readActiveProject(projects: Project[]): string | null {
  const id = readStored(storageKeys.activeProject, activeProjectSchema, null);
  return id !== null && projects.some((p) => p.id === id) ? id : null;
}

export const useProjects = create<ProjectsState>()((set, get) => {
  const projects = loadProjects();
  return {
    projects,
    activeProjectId: readActiveProject(projects),
    artifactsVersion: 0,

    createProject(name) {
      const trimmed = name.trim();
      if (trimmed === '') throw new Error('A project needs a name.');
      const project: Project = { id: timeId('proj_'), name: trimmed, createdAt: new Date().toISOString() };
      const next = [...loadProjects(), project];
      writeStored(storageKeys.projects, next);
      set({ projects: next });
      return project;
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
      // Read the list fresh so a save made in another tab is kept, not overwritten.
      if (!loadProjects().some((p) => p.id === projectId)) return false;
      const saved: Artifact = { id: timeId('art_'), createdAt: new Date().toISOString(), ...artifact };
      writeStored(storageKeys.artifacts(projectId), [saved, ...loadArtifacts(projectId)]);
      set({ artifactsVersion: get().artifactsVersion + 1 });
      return true;
    },

    reload() {
      const fresh = loadProjects();
      set({ projects: fresh, activeProjectId: readActiveProject(fresh), artifactsVersion: get().artifactsVersion + 1 });
    },
  };
});

/** Newest first, as the projects page lists them. */
export function newestFirst(projects: readonly Project[]): Project[] {
  return [...projects].sort((a, b) => b.createdAt.localeCompare(a.createdAt) || b.id.localeCompare(a.id));
}
