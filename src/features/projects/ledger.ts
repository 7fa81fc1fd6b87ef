import { storageKeys, writeStored } from '../../kernel/stored/storage';
import { byNewest, sameSave, timeId, artifactTombstone, unionArtifacts } from './merge';
import { loadArtifacts, loadProjects, readDeleted, readStoredArtifacts, readStoredProjects, writeBack } from './projectStorage';
import { nameStamp } from './projectOrder';
import type { Artifact, Project } from './schema';

/*
 * Several tabs share one storage, and none of them may lose another's work.
 * Every change is a read-modify-write from storage at the moment of writing;
 * but a browser propagates storage between tabs asynchronously, so two tabs
 * saving in the same instant can still each write a list without the other's
 * item. Each tab therefore keeps a ledger of what it wrote itself; when
 * another tab's write arrives (the 'storage' event) and lacks one of those,
 * this tab writes it back. Both tabs do so, so the lists converge to the
 * union. Tombstones keep a ledger from bringing back what a person deleted
 * in another tab.
 */

export interface TabLedger {
  /** This tab wrote this version of a project; `created`: it made the project (told apart from another tab's under the same id). */
  rememberProject(project: Project, created?: boolean): void;
  rememberArtifacts(projectId: string, artifacts: readonly Artifact[]): void;
  /** The project was deleted here: nothing of it is written back. */
  forgetProject(projectId: string): void;
  forgetArtifact(projectId: string, artifactId: string): void;
  /** Another tab cleared storage on purpose: nothing of ours to put back. */
  clear(): void;
  /** Puts back what this tab wrote and another tab's write dropped (or overwrote with an older name). */
  repair(): void;
}

/**
 * The ledger of one tab, kept for the page's lifetime; small, as it holds one
 * session's work. `onProjectMoved` hears when this tab's project had to take a
 * new id (another tab made one under the same id in the same millisecond).
 */
export function createTabLedger(onProjectMoved: (fromId: string, toId: string) => void): TabLedger {
  const projects = new Map<string, Project>();
  /** Names of the projects this tab created, by id: told apart from another tab's project given the same id in the same ms. */
  const createdNames = new Map<string, string>();
  const artifacts = new Map<string, Map<string, Artifact>>();

  function rememberArtifacts(projectId: string, saved: readonly Artifact[]) {
    let mine = artifacts.get(projectId);
    if (!mine) artifacts.set(projectId, (mine = new Map()));
    for (const artifact of saved) mine.set(artifact.id, artifact);
  }

  /** Puts back this tab's projects that another tab's write dropped or overwrote with an older name. */
  function repairProjects() {
    const tombstones = new Set(readDeleted().projects);
    const stored = readStoredProjects().filter((p) => !tombstones.has(p.id));
    let next = stored;
    for (const [id, mine] of [...projects]) {
      if (tombstones.has(id)) {
        projects.delete(id); // Deleted in another tab: respect it.
        createdNames.delete(id);
        continue;
      }
      const theirs = next.find((p) => p.id === id);
      if (!theirs) next = [...next, mine];
      else if (theirs.updatedAt === undefined && createdNames.has(id) && theirs.name !== createdNames.get(id)) {
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
    projects.delete(mine.id);
    projects.set(moved.id, moved);
    createdNames.set(moved.id, createdNames.get(mine.id) ?? moved.name);
    createdNames.delete(mine.id);
    const items = artifacts.get(mine.id);
    artifacts.delete(mine.id);
    if (items && items.size > 0) {
      artifacts.set(moved.id, items);
      writeBack('saved items', () => {
        writeStored(storageKeys.artifacts(moved.id), [...items.values()].sort(byNewest));
        const shared = readStoredArtifacts(mine.id);
        writeStored(storageKeys.artifacts(mine.id), shared.filter((a) => !items.has(a.id)));
      });
    }
    onProjectMoved(mine.id, moved.id);
    return moved;
  }

  /** Puts back this tab's artifacts that another tab's write dropped. */
  function repairArtifacts() {
    const tombstones = new Set(readDeleted().artifacts);
    const projectIds = new Set(loadProjects().map((p) => p.id));
    for (const [projectId, mine] of artifacts) {
      if (!projectIds.has(projectId)) {
        if (readDeleted().projects.includes(projectId)) artifacts.delete(projectId);
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
    rememberProject(project, created = false) {
      projects.set(project.id, project);
      if (created) createdNames.set(project.id, project.name);
    },
    rememberArtifacts,
    forgetProject(projectId) {
      projects.delete(projectId);
      createdNames.delete(projectId);
      artifacts.delete(projectId);
    },
    forgetArtifact(projectId, artifactId) {
      artifacts.get(projectId)?.delete(artifactId);
    },
    clear() {
      projects.clear();
      createdNames.clear();
      artifacts.clear();
    },
    repair() {
      repairProjects();
      repairArtifacts();
    },
  };
}
