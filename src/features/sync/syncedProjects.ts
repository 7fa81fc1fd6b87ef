import { storageKeys } from '../../kernel/stored/storage';
import { isRecord, objectFromFields, type ApplyContext, type Arrival, type SyncedEntry } from './syncedEntry';

/*
 * Projects and their saved results, as the shared contract fixes them (the
 * server's account download reads them): collection `project` (fields = the
 * Project's properties) and `artifact` (id `${projectId}/${artifactId}`,
 * fields = the Artifact's properties plus `projectId`).
 *
 * Deletions come only from the tombstone list (storageKeys.deleted), never
 * from an item missing from a list: two tabs saving at once can each write a
 * list without the other's item for a moment (the tab ledger writes it back),
 * and a deletion that synced is final everywhere. A deletion that arrives is
 * written into the same tombstone list, so this device's tabs respect it too.
 */

const artifactsPrefix = storageKeys.artifacts('');
/** The same cap the projects' own tombstone list keeps (projectStorage.ts). */
const MAX_TOMBSTONES = 500;

interface Tombstones {
  projects: string[];
  artifacts: string[];
}

function readTombstones(read: (key: string) => unknown): Tombstones {
  const value = read(storageKeys.deleted);
  const ids = (list: unknown) => (Array.isArray(list) ? list.filter((id): id is string => typeof id === 'string') : []);
  return isRecord(value) ? { projects: ids(value.projects), artifacts: ids(value.artifacts) } : { projects: [], artifacts: [] };
}

function addTombstones(context: ApplyContext, kind: keyof Tombstones, ids: readonly string[]) {
  if (ids.length === 0) return;
  const tombstones = readTombstones(context.read);
  tombstones[kind] = [...new Set([...tombstones[kind], ...ids])].slice(-MAX_TOMBSTONES);
  context.write(storageKeys.deleted, tombstones);
}

const listOf = (value: unknown): Record<string, unknown>[] => (Array.isArray(value) ? value.filter(isRecord) : []);

/** A list with the arrived objects put in place (or added), and the deleted ones taken out. */
function updatedList(list: Record<string, unknown>[], arrivals: readonly { id: string; value?: Record<string, unknown> }[]) {
  let next = [...list];
  for (const { id, value } of arrivals) {
    const at = next.findIndex((entry) => entry.id === id);
    if (!value) next = next.filter((entry) => entry.id !== id);
    else if (at >= 0) next[at] = value;
    else next.push(value);
  }
  return next;
}

export const projectsEntry: SyncedEntry = {
  what: 'The project list: one `project` item per project.',
  collections: ['project'],
  matches: (key) => key === storageKeys.projects,
  split(_key, value, { read }) {
    const deleted = new Set(readTombstones(read).projects);
    const live = listOf(value)
      .filter((project) => typeof project.id === 'string' && !deleted.has(project.id))
      .map((project) => ({ c: 'project', id: project.id as string, f: project }));
    return { live, deleted: [] };
  },
  apply(arrivals, context) {
    const list = listOf(context.read(storageKeys.projects));
    const changes = arrivals.map((arrival) => ({ id: arrival.id, value: arrival.f ? { ...objectFromFields(arrival.f), id: arrival.id } : undefined }));
    context.write(storageKeys.projects, updatedList(list, changes));
    const gone = arrivals.filter((arrival) => !arrival.f).map((arrival) => arrival.id);
    addTombstones(context, 'projects', gone);
    // As deleting it here does: its saved results go with it.
    for (const id of gone) context.write(storageKeys.artifacts(id), undefined);
  },
};

/** `${projectId}/${artifactId}`: project ids never hold a slash. */
function artifactParts(id: string): { projectId: string; artifactId: string } {
  const slash = id.indexOf('/');
  return { projectId: id.slice(0, slash), artifactId: id.slice(slash + 1) };
}

const newestFirst = (a: Record<string, unknown>, b: Record<string, unknown>) => String(b.createdAt ?? '').localeCompare(String(a.createdAt ?? ''));

export const artifactsEntry: SyncedEntry = {
  what: "A project's saved results with their versions and attempts: one `artifact` item each, id `projectId/artifactId`.",
  collections: ['artifact'],
  matches: (key) => key.startsWith(artifactsPrefix) && key.length > artifactsPrefix.length,
  split(key, value, { read }) {
    const projectId = key.slice(artifactsPrefix.length);
    const deleted = new Set(readTombstones(read).artifacts);
    const live = listOf(value)
      .filter((artifact) => typeof artifact.id === 'string' && !deleted.has(`${projectId}/${artifact.id}`))
      .map((artifact) => ({ c: 'artifact', id: `${projectId}/${artifact.id as string}`, f: { ...artifact, projectId } }));
    return { live, deleted: [] };
  },
  apply(arrivals, context) {
    const byProject = new Map<string, { id: string; value?: Record<string, unknown> }[]>();
    for (const arrival of arrivals) {
      const { projectId, artifactId } = artifactParts(arrival.id);
      const value = arrival.f ? (({ projectId: _project, ...artifact }) => ({ ...artifact, id: artifactId }))(objectFromFields(arrival.f)) : undefined;
      byProject.set(projectId, [...(byProject.get(projectId) ?? []), { id: artifactId, value }]);
    }
    for (const [projectId, changes] of byProject) {
      const key = storageKeys.artifacts(projectId);
      const next = updatedList(listOf(context.read(key)), changes).sort(newestFirst);
      context.write(key, next.length > 0 ? next : undefined);
    }
    addTombstones(context, 'artifacts', arrivals.filter((arrival) => !arrival.f).map((arrival) => arrival.id));
  },
};

export const tombstonesEntry: SyncedEntry = {
  what: 'The tombstone list of deleted projects and results: each becomes (and comes from) an item with `d` set.',
  collections: [],
  matches: (key) => key === storageKeys.deleted,
  split(_key, value, { known }) {
    const tombstones = readTombstones(() => value);
    const deletedProjects = new Set(tombstones.projects);
    // A project's results go with it, whether or not each has its own tombstone.
    const artifactsOfDeleted = known('artifact').filter((id) => deletedProjects.has(artifactParts(id).projectId));
    return {
      live: [],
      deleted: [
        ...tombstones.projects.map((id) => ({ c: 'project', id })),
        ...[...new Set([...tombstones.artifacts, ...artifactsOfDeleted])].map((id) => ({ c: 'artifact', id })),
      ],
    };
  },
  apply() {
    // Arrived deletions are written into the list by the project and result rows above.
  },
};
