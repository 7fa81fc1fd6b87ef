// zod/mini: this store is in every page's first load, where zod's full API would triple zod's weight.
import * as z from 'zod/mini';
import { create } from 'zustand';
import { readStored, removeStored, storageKeys, writeStored } from '../storage';

/*
 * Projects live under one key; each project's artifacts under a key with its
 * id (spec 7). Artifacts are read from storage on demand rather than held for
 * every project, so a project list with months of work stays cheap to load.
 *
 * Several tabs share that storage, and none of them may lose another's work:
 *
 * - Every change is a read-modify-write from storage at the moment of writing,
 *   never a write of what this tab happened to hold in memory.
 * - A browser propagates storage between tabs asynchronously, so two tabs
 *   saving in the same instant can still each write a list without the
 *   other's item. Each tab therefore keeps a ledger of what it wrote itself;
 *   when another tab's write arrives (the 'storage' event) and lacks one of
 *   those, this tab writes it back. Both tabs do so, so the lists converge to
 *   the union.
 * - Deletions are recorded as tombstones (storageKeys.deleted), so a ledger
 *   never brings back what a person deleted in another tab, and a tab writing
 *   from an older copy cannot resurrect it either: reads leave tombstoned
 *   ids out. Undo and import lift the tombstone.
 */

export const projectSchema = z.object({
  id: z.string().check(z.minLength(1)),
  name: z.string(),
  createdAt: z.string(),
  /** When the name last changed. Optional so data stored before renames existed still reads. */
  updatedAt: z.optional(z.string()),
});

export const artifactSchema = z.object({
  id: z.string().check(z.minLength(1)),
  createdAt: z.string(),
  toolId: z.string(),
  toolTitle: z.optional(z.string()),
  /**
   * Random, one per save. Ids alone cannot tell saves apart: tabs saving in the
   * same millisecond pick the same id, and identical content is no sign of the
   * same save (a result saved twice is two items). Optional so data stored
   * before it existed still reads.
   */
  saveId: z.optional(z.string()),
  // Present, whatever its shape: an item without content is not a saved result.
  data: z.unknown().check(z.refine((data): boolean => data !== undefined, 'is missing')),
});

export type Project = z.infer<typeof projectSchema>;
export type Artifact = z.infer<typeof artifactSchema>;
export type NewArtifact = Pick<Artifact, 'toolId' | 'toolTitle' | 'data'>;

const projectListSchema = z.array(projectSchema);
const artifactListSchema = z.array(artifactSchema);
const activeProjectSchema = z.nullable(z.string());
const deletedSchema = z.object({ projects: z.array(z.string()), artifacts: z.array(z.string()) });
type Deleted = z.infer<typeof deletedSchema>;

/** Tombstones kept per kind; older ones are dropped (only a tab asleep for that long could resurrect them). */
export const MAX_TOMBSTONES = 500;

/** Ids are the prefix plus the time in ms (spec 3), nudged forward when two land in the same ms or the id is taken. */
let lastIdTime = 0;
function timeId(prefix: string, taken: (id: string) => boolean = () => false): string {
  for (;;) {
    lastIdTime = Math.max(Date.now(), lastIdTime + 1);
    const id = `${prefix}${lastIdTime}`;
    if (!taken(id)) return id;
  }
}

/** When a project's name was last set: its rename time, or its creation. */
export function nameStamp(project: Project): string {
  return project.updatedAt ?? project.createdAt;
}

/** Artifacts newest first; ties by id so every tab orders a merged list the same way. */
function byNewest(a: Artifact, b: Artifact): number {
  return b.createdAt.localeCompare(a.createdAt) || b.id.localeCompare(a.id);
}

/** A fresh save id; getRandomValues, unlike randomUUID, also works on a page served without HTTPS. */
function newSaveId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(12));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

/**
 * Whether two stored items are the same save. Items with a save id are told
 * apart by it alone (never by content, and without serialising content that
 * may be huge or deeply nested); items stored before save ids existed by content.
 */
function sameSave(a: Artifact, b: Artifact): boolean {
  if (a.saveId !== undefined || b.saveId !== undefined) return a.saveId === b.saveId;
  try {
    return JSON.stringify(a) === JSON.stringify(b);
  } catch {
    // Stored data too deep to serialise (another version): this tab could never have written it, so it is not this tab's save.
    return false;
  }
}

const artifactTombstone = (projectId: string, artifactId: string) => `${projectId}/${artifactId}`;

function readDeleted(): Deleted {
  return readStored(storageKeys.deleted, deletedSchema, { projects: [], artifacts: [] });
}

/** Tombstones are a safeguard: failing to write one (full storage) is logged, never blocks the user's action. */
function updateDeleted(change: (deleted: Deleted) => Deleted): void {
  const next = change(readDeleted());
  try {
    writeStored(storageKeys.deleted, {
      projects: [...new Set(next.projects)].slice(-MAX_TOMBSTONES),
      artifacts: [...new Set(next.artifacts)].slice(-MAX_TOMBSTONES),
    });
  } catch (error) {
    console.warn('[projects] could not record a deletion', error);
  }
}

/** The stored project list without deleted projects; unreadable storage gives none (spec 8). */
function loadProjects(): Project[] {
  const deleted = new Set(readDeleted().projects);
  return readStored(storageKeys.projects, projectListSchema, []).filter((p) => !deleted.has(p.id));
}

/** A project's saved items, newest first; unreadable storage gives none (spec 8). */
export function loadArtifacts(projectId: string): Artifact[] {
  const deleted = new Set(readDeleted().artifacts);
  return readStored(storageKeys.artifacts(projectId), artifactListSchema, []).filter(
    (a) => !deleted.has(artifactTombstone(projectId, a.id)),
  );
}

/** Existing artifacts first, then those of `extra` whose id is new; sorted newest first. */
function unionArtifacts(existing: readonly Artifact[], extra: readonly Artifact[]): { merged: Artifact[]; added: Artifact[] } {
  const ids = new Set(existing.map((a) => a.id));
  const added: Artifact[] = [];
  for (const artifact of extra) {
    if (ids.has(artifact.id)) continue;
    ids.add(artifact.id);
    added.push(artifact);
  }
  return { merged: [...existing, ...added].sort(byNewest), added };
}

/** What deleteProject took away, for Undo. */
export interface DeletedProject {
  project: Project;
  artifacts: Artifact[];
  wasActive: boolean;
}

/** What deleteArtifact took away, for Undo. */
export interface DeletedArtifact {
  projectId: string;
  artifact: Artifact;
  /** Where it was in the list, so Undo puts it back there. */
  index: number;
}

/** A project and its artifacts as an export file carries them. */
export interface ProjectBundle {
  project: Project;
  artifacts: Artifact[];
}

export interface ImportOutcome {
  /** 'added': the project was new here; 'merged': it existed and got what it lacked. */
  kind: 'added' | 'merged';
  project: Project;
  /** Artifacts that were not here before. */
  addedArtifacts: number;
  /** For a merge: whether the import's name was newer and replaced this one. */
  renamed: boolean;
}

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
  /** Saves a result to a project; returns false when the project no longer exists (silently skipped, spec 8). */
  saveArtifact(projectId: string, artifact: NewArtifact): boolean;
  deleteArtifact(projectId: string, artifactId: string): DeletedArtifact | null;
  /** Puts a deleted artifact back; false when its project is gone meanwhile. */
  restoreArtifact(deleted: DeletedArtifact): boolean;
  /** Merges a project export: adds an unknown project, gives a known one what it lacks, never drops anything. */
  importProject(bundle: ProjectBundle): ImportOutcome;
  /** Re-reads everything from storage. */
  reload(): void;
  /**
   * Another tab wrote `key` (null: it cleared storage). Writes back what this
   * tab saved and that write dropped, then re-reads.
   */
  syncFromStorage(key: string | null): void;
}

function readActiveProject(projects: Project[]): string | null {
  const id = readStored(storageKeys.activeProject, activeProjectSchema, null);
  return id !== null && projects.some((p) => p.id === id) ? id : null;
}

const artifactsPrefix = storageKeys.artifacts('');

/** Keys whose change in another tab can change what this store shows. */
function concernsProjects(key: string): boolean {
  return (
    key === storageKeys.projects ||
    key === storageKeys.deleted ||
    key === storageKeys.activeProject ||
    key.startsWith(artifactsPrefix)
  );
}

export const useProjects = create<ProjectsState>()((set, get) => {
  const projects = loadProjects();

  /*
   * What this tab wrote: the latest version of each project it created,
   * renamed, restored or imported, and each artifact it saved, restored or
   * imported. Kept for the page's lifetime; small, as it holds one session's work.
   */
  const ledger = {
    projects: new Map<string, Project>(),
    /** Names of the projects this tab created, by id: told apart from another tab's project given the same id in the same ms. */
    createdNames: new Map<string, string>(),
    artifacts: new Map<string, Map<string, Artifact>>(),
  };
  function rememberArtifacts(projectId: string, artifacts: readonly Artifact[]) {
    let mine = ledger.artifacts.get(projectId);
    if (!mine) ledger.artifacts.set(projectId, (mine = new Map()));
    for (const artifact of artifacts) mine.set(artifact.id, artifact);
  }

  /** Re-reads storage into the state; the active project is dropped if it no longer exists. */
  function publish(fresh: Project[] = loadProjects()) {
    const activeProjectId = get().activeProjectId;
    set({
      projects: fresh,
      activeProjectId: activeProjectId !== null && fresh.some((p) => p.id === activeProjectId) ? activeProjectId : null,
      artifactsVersion: get().artifactsVersion + 1,
    });
  }

  function writeBack(what: string, write: () => void) {
    try {
      write();
    } catch (error) {
      console.warn(`[projects] could not write back ${what} that another tab's save left out`, error);
    }
  }

  /** Puts back this tab's projects that another tab's write dropped or overwrote with an older name. */
  function repairProjects() {
    const tombstones = new Set(readDeleted().projects);
    const stored = readStored(storageKeys.projects, projectListSchema, []).filter((p) => !tombstones.has(p.id));
    let next = stored;
    for (const [id, mine] of [...ledger.projects]) {
      if (tombstones.has(id)) {
        ledger.projects.delete(id); // Deleted in another tab: respect it.
        ledger.createdNames.delete(id);
        continue;
      }
      const theirs = next.find((p) => p.id === id);
      if (!theirs) next = [...next, mine];
      else if (theirs.updatedAt === undefined && ledger.createdNames.has(id) && theirs.name !== ledger.createdNames.get(id)) {
        // Another tab created a different project in the same millisecond, under the same id: this tab's moves aside.
        const moved = moveProjectAside(mine, (candidate) => next.some((p) => p.id === candidate) || tombstones.has(candidate));
        next = [...next, moved];
      } else if (nameStamp(theirs) < nameStamp(mine)) next = next.map((p) => (p.id === id ? mine : p));
    }
    if (next !== stored) writeBack('projects', () => writeStored(storageKeys.projects, next));
  }

  /** Gives this tab's project (and the items this tab saved into it) a new id; the old id stays with the other tab's project. */
  function moveProjectAside(mine: Project, taken: (id: string) => boolean): Project {
    const moved: Project = { ...mine, id: timeId('proj_', taken) };
    ledger.projects.delete(mine.id);
    ledger.projects.set(moved.id, moved);
    ledger.createdNames.set(moved.id, ledger.createdNames.get(mine.id) ?? moved.name);
    ledger.createdNames.delete(mine.id);
    const items = ledger.artifacts.get(mine.id);
    ledger.artifacts.delete(mine.id);
    if (items && items.size > 0) {
      ledger.artifacts.set(moved.id, items);
      writeBack('saved items', () => {
        writeStored(storageKeys.artifacts(moved.id), [...items.values()].sort(byNewest));
        const shared = readStored(storageKeys.artifacts(mine.id), artifactListSchema, []);
        writeStored(storageKeys.artifacts(mine.id), shared.filter((a) => !items.has(a.id)));
      });
    }
    if (get().activeProjectId === mine.id) get().setActiveProject(moved.id);
    return moved;
  }

  /** Puts back this tab's artifacts that another tab's write dropped. */
  function repairArtifacts() {
    const tombstones = new Set(readDeleted().artifacts);
    const projectIds = new Set(loadProjects().map((p) => p.id));
    for (const [projectId, mine] of ledger.artifacts) {
      if (!projectIds.has(projectId)) {
        if (readDeleted().projects.includes(projectId)) ledger.artifacts.delete(projectId);
        continue;
      }
      const stored = loadArtifacts(projectId);
      const storedById = new Map(stored.map((a) => [a.id, a]));
      const missing: Artifact[] = [];
      for (const [id, artifact] of [...mine]) {
        if (tombstones.has(artifactTombstone(projectId, id))) {
          mine.delete(id); // Deleted in another tab.
          continue;
        }
        const theirs = storedById.get(id);
        if (theirs && sameSave(theirs, artifact)) continue;
        // Already written back under another id (two tabs moved the same pair aside at once): adopt that id.
        const adopted = stored.find((a) => a.id !== id && sameSave({ ...a, id }, artifact));
        if (adopted) {
          mine.delete(id);
          mine.set(adopted.id, adopted);
          continue;
        }
        if (theirs) {
          // Another tab saved a different item in the same millisecond, under the same id: this tab's copy moves aside.
          const moved = { ...artifact, id: timeId('art_', (candidate) => storedById.has(candidate) || mine.has(candidate)) };
          mine.delete(id);
          mine.set(moved.id, moved);
          missing.push(moved);
        } else {
          missing.push(artifact);
        }
      }
      if (missing.length > 0) {
        const { merged } = unionArtifacts(stored, missing);
        writeBack('saved items', () => writeStored(storageKeys.artifacts(projectId), merged));
      }
    }
  }

  return {
    projects,
    activeProjectId: readActiveProject(projects),
    artifactsVersion: 0,

    createProject(name) {
      const trimmed = name.trim();
      if (trimmed === '') throw new Error('A project needs a name.');
      const current = loadProjects();
      const id = timeId('proj_', (candidate) => current.some((p) => p.id === candidate));
      const project: Project = { id, name: trimmed, createdAt: new Date().toISOString() };
      const next = [...current, project];
      writeStored(storageKeys.projects, next);
      ledger.projects.set(project.id, project);
      ledger.createdNames.set(project.id, project.name);
      set({ projects: next });
      return project;
    },

    renameProject(id, name) {
      const trimmed = name.trim();
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
      ledger.projects.set(id, renamed);
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
      ledger.projects.delete(id);
      ledger.createdNames.delete(id);
      ledger.artifacts.delete(id);
      if (wasActive) get().setActiveProject(null);
      publish();
      return { project, artifacts, wasActive };
    },

    restoreProject({ project, artifacts, wasActive }) {
      const key = storageKeys.artifacts(project.id);
      const before = readStored(storageKeys.artifacts(project.id), artifactListSchema, []);
      const { merged } = unionArtifacts(before, artifacts);
      writeStored(key, merged);
      const current = readStored(storageKeys.projects, projectListSchema, []);
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
      ledger.projects.set(project.id, restored);
      rememberArtifacts(project.id, artifacts);
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
      const id = timeId('art_', (candidate) => current.some((a) => a.id === candidate));
      const saved: Artifact = { id, createdAt: new Date().toISOString(), ...artifact, saveId: newSaveId() };
      writeStored(storageKeys.artifacts(projectId), [saved, ...current]);
      rememberArtifacts(projectId, [saved]);
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
      ledger.artifacts.get(projectId)?.delete(artifactId);
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
      rememberArtifacts(projectId, [artifact]);
      set({ artifactsVersion: get().artifactsVersion + 1 });
      return true;
    },

    importProject({ project: incoming, artifacts: incomingArtifacts }) {
      const deleted = readDeleted();
      const current = loadProjects();
      const existing = current.find((p) => p.id === incoming.id);
      const key = storageKeys.artifacts(incoming.id);
      // Read without tombstones: an import is an explicit wish to have these items, deleted here or not.
      const rawBefore = readStored(key, artifactListSchema, []);
      const tombstoned = new Set(deleted.artifacts);
      const visibleBefore = rawBefore.filter((a) => !tombstoned.has(artifactTombstone(incoming.id, a.id)));
      const { merged, added } = unionArtifacts(visibleBefore, incomingArtifacts);
      if (added.length > 0 || !existing) writeStored(key, merged);

      let project = existing ?? incoming;
      let renamed = false;
      if (!existing || nameStamp(incoming) > nameStamp(existing)) {
        renamed = existing !== undefined && incoming.name !== existing.name;
        project = existing ? { ...existing, name: incoming.name, updatedAt: nameStamp(incoming) } : incoming;
        try {
          writeStored(storageKeys.projects, [...current.filter((p) => p.id !== incoming.id), project]);
        } catch (error) {
          // Leave storage as it was: no artifacts for a project that is not in the list.
          if (!existing) {
            if (rawBefore.length > 0) writeBack('saved items', () => writeStored(key, rawBefore));
            else removeStored(key);
          }
          throw error;
        }
      }

      const lifted = new Set([incoming.id]);
      const liftedArtifacts = new Set(incomingArtifacts.map((a) => artifactTombstone(incoming.id, a.id)));
      if (deleted.projects.some((p) => lifted.has(p)) || deleted.artifacts.some((t) => liftedArtifacts.has(t))) {
        updateDeleted((d) => ({
          projects: d.projects.filter((p) => !lifted.has(p)),
          artifacts: d.artifacts.filter((t) => !liftedArtifacts.has(t)),
        }));
      }
      ledger.projects.set(project.id, project);
      rememberArtifacts(project.id, added);
      publish();
      return { kind: existing ? 'merged' : 'added', project, addedArtifacts: added.length, renamed };
    },

    reload() {
      const fresh = loadProjects();
      set({ projects: fresh, activeProjectId: readActiveProject(fresh), artifactsVersion: get().artifactsVersion + 1 });
    },

    syncFromStorage(key) {
      if (key === null) {
        // Another tab cleared storage on purpose: nothing of ours to put back.
        ledger.projects.clear();
        ledger.createdNames.clear();
        ledger.artifacts.clear();
      } else if (!concernsProjects(key)) {
        return;
      } else {
        repairProjects();
        repairArtifacts();
      }
      get().reload();
    },
  };
});

/** Newest first, as the projects page lists them. */
export function newestFirst(projects: readonly Project[]): Project[] {
  return [...projects].sort((a, b) => b.createdAt.localeCompare(a.createdAt) || b.id.localeCompare(a.id));
}
