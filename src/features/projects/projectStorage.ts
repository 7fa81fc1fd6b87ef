import { readers } from '../../kernel/stored/readers';
import { readStored, storageKeys, writeStored } from '../../kernel/stored/storage';
import type { StoredValue } from '../../kernel/stored/schemas';
import { artifactTombstone } from './merge';
import type { Artifact, Project } from './schema';

/*
 * Projects live under one key; each project's artifacts under a key with its
 * id (spec 7). Artifacts are read from storage on demand rather than held for
 * every project, so a project list with months of work stays cheap to load.
 *
 * Deletions are recorded as tombstones (storageKeys.deleted), so a tab
 * writing from an older copy cannot resurrect what a person deleted: reads
 * leave tombstoned ids out. Undo and import lift the tombstone.
 */

// Projects are in every first load: their stored values are read with checks compiled from stored/schemas.ts, not zod.
export type Deleted = StoredValue<'deleted'>;

/** Tombstones kept per kind; older ones are dropped (only a tab asleep for that long could resurrect them). */
export const MAX_TOMBSTONES = 500;

export function readDeleted(): Deleted {
  return readStored(storageKeys.deleted, readers.deleted, { projects: [], artifacts: [] });
}

/** Tombstones are a safeguard: failing to write one (full storage) is logged, never blocks the user's action. */
export function updateDeleted(change: (deleted: Deleted) => Deleted): void {
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

/** The stored project list as it is, tombstoned projects included; unreadable storage gives none. */
export function readStoredProjects(): Project[] {
  return readStored(storageKeys.projects, readers.projectList, []);
}

/** A project's stored artifacts as they are, tombstoned ones included; unreadable storage gives none. */
export function readStoredArtifacts(projectId: string): Artifact[] {
  return readStored(storageKeys.artifacts(projectId), readers.artifactList, []);
}

/** The stored project list without deleted projects; unreadable storage gives none (spec 8). */
export function loadProjects(): Project[] {
  const deleted = new Set(readDeleted().projects);
  return readStoredProjects().filter((p) => !deleted.has(p.id));
}

/** A project's saved items, newest first; unreadable storage gives none (spec 8). */
export function loadArtifacts(projectId: string): Artifact[] {
  const deleted = new Set(readDeleted().artifacts);
  return readStoredArtifacts(projectId).filter((a) => !deleted.has(artifactTombstone(projectId, a.id)));
}

/** The stored active project, when it is one of `projects`. */
export function readActiveProject(projects: readonly Project[]): string | null {
  const id = readStored(storageKeys.activeProject, readers.activeProject, null);
  return id !== null && projects.some((p) => p.id === id) ? id : null;
}

const artifactsPrefix = storageKeys.artifacts('');

/** Keys whose change in another tab can change what the projects store shows. */
export function concernsProjects(key: string): boolean {
  return (
    key === storageKeys.projects ||
    key === storageKeys.deleted ||
    key === storageKeys.activeProject ||
    key.startsWith(artifactsPrefix)
  );
}

/** A repair write: failing (full storage) is logged, and the next event tries again. */
export function writeBack(what: string, write: () => void): void {
  try {
    write();
  } catch (error) {
    console.warn(`[projects] could not write back ${what} that another tab's save left out`, error);
  }
}
