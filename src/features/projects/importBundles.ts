import { removeStored, storageKeys, writeStored } from '../../kernel/stored/storage';
import { artifactTombstone, unionArtifacts } from './merge';
import { nameStamp } from './projectOrder';
import { loadProjects, readDeleted, readStoredArtifacts, updateDeleted, writeBack } from './projectStorage';
import type { Artifact, ImportOutcome, Project, ProjectBundle } from './schema';

/*
 * Export files merged into storage, any number at once (a project's own
 * export is one; Settings' file of every project up to 1,000). The project
 * list and the tombstones are read once and written once for the whole file,
 * and each project's items once: a file of n projects costs n, where
 * importing them one by one re-read, re-checked and re-wrote the whole list
 * for each (a 1,000-project file froze the tab for most of a minute).
 *
 * Nothing is lost and nothing half-imported: an unknown project is added, a
 * known one gets the items it lacks and the import's name when that is
 * newer. When storage fills part way, the projects before are imported and
 * the failure is returned; when the list itself cannot be written, every
 * item written for this file is put back as it was, and nothing is imported.
 */

export interface ImportedProject {
  outcome: ImportOutcome;
  /** The items this project did not have before, for the tab's ledger. */
  added: Artifact[];
}

export interface ImportRun {
  imported: ImportedProject[];
  /** Why the import stopped (full storage), when it did: `imported` says how far it got. */
  failure?: unknown;
}

/** An item list as it was before this import wrote it: put back if the project list cannot be written. */
interface PriorItems {
  projectId: string;
  items: Artifact[];
}

export function importBundles(bundles: readonly ProjectBundle[]): ImportRun {
  const deleted = readDeleted();
  const tombstoned = new Set(deleted.artifacts);
  const projects = new Map(loadProjects().map((p): [string, Project] => [p.id, p]));
  const liftedProjects = new Set<string>();
  const liftedArtifacts = new Set<string>();
  const prior: PriorItems[] = [];
  const imported: ImportedProject[] = [];
  let listChanged = false;
  let failure: unknown;

  for (const { project: incoming, artifacts: incomingArtifacts } of bundles) {
    const existing = projects.get(incoming.id);
    // Read without tombstones: an import is an explicit wish to have these items, deleted here or not.
    const rawBefore = readStoredArtifacts(incoming.id);
    const visibleBefore = rawBefore.filter((a) => {
      const tombstone = artifactTombstone(incoming.id, a.id);
      return !tombstoned.has(tombstone) || liftedArtifacts.has(tombstone);
    });
    const { merged, added } = unionArtifacts(visibleBefore, incomingArtifacts);
    if (added.length > 0 || !existing) {
      try {
        writeStored(storageKeys.artifacts(incoming.id), merged);
      } catch (error) {
        failure = error;
        break;
      }
      prior.push({ projectId: incoming.id, items: rawBefore });
    }

    let project = existing ?? incoming;
    let renamed = false;
    if (!existing || nameStamp(incoming) > nameStamp(existing)) {
      renamed = existing !== undefined && incoming.name !== existing.name;
      project = existing ? { ...existing, name: incoming.name, updatedAt: nameStamp(incoming) } : incoming;
      // Taken out and put back: an added or renamed project goes to the end of the list, as a single import puts it.
      projects.delete(incoming.id);
      projects.set(incoming.id, project);
      listChanged = true;
    }
    liftedProjects.add(incoming.id);
    for (const artifact of incomingArtifacts) liftedArtifacts.add(artifactTombstone(incoming.id, artifact.id));
    imported.push({ outcome: { kind: existing ? 'merged' : 'added', project, addedArtifacts: added.length, renamed }, added });
  }

  if (listChanged) {
    try {
      writeStored(storageKeys.projects, [...projects.values()]);
    } catch (error) {
      // Leave storage as it was: no items for projects that are not in the list.
      for (const { projectId, items } of prior.reverse()) {
        if (items.length > 0) writeBack('saved items', () => writeStored(storageKeys.artifacts(projectId), items));
        else removeStored(storageKeys.artifacts(projectId));
      }
      return { imported: [], failure: error };
    }
  }

  if (deleted.projects.some((p) => liftedProjects.has(p)) || deleted.artifacts.some((t) => liftedArtifacts.has(t))) {
    updateDeleted((d) => ({
      projects: d.projects.filter((p) => !liftedProjects.has(p)),
      artifacts: d.artifacts.filter((t) => !liftedArtifacts.has(t)),
    }));
  }
  return failure === undefined ? { imported } : { imported, failure };
}
