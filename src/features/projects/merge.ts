import type { Artifact } from './schema';

/*
 * Pure pieces of keeping several tabs' projects together: ids that do not
 * collide, telling saves apart, and merging artifact lists without losing any.
 */

/** Ids are the prefix plus the time in ms (spec 3), nudged forward when two land in the same ms or the id is taken. */
let lastIdTime = 0;
export function timeId(prefix: string, taken: (id: string) => boolean = () => false): string {
  for (;;) {
    lastIdTime = Math.max(Date.now(), lastIdTime + 1);
    const id = `${prefix}${lastIdTime}`;
    if (!taken(id)) return id;
  }
}

/** Artifacts newest first; ties by id so every tab orders a merged list the same way. */
export function byNewest(a: Artifact, b: Artifact): number {
  return b.createdAt.localeCompare(a.createdAt) || b.id.localeCompare(a.id);
}

/** A fresh save id; getRandomValues, unlike randomUUID, also works on a page served without HTTPS. */
export function newSaveId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(12));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

/**
 * Whether two stored items are the same save. Items with a save id are told
 * apart by it alone (never by content, and without serialising content that
 * may be huge or deeply nested); items stored before save ids existed by content.
 */
export function sameSave(a: Artifact, b: Artifact): boolean {
  if (a.saveId !== undefined || b.saveId !== undefined) return a.saveId === b.saveId;
  try {
    return JSON.stringify(a) === JSON.stringify(b);
  } catch {
    // Stored data too deep to serialise (another version): this tab could never have written it, so it is not this tab's save.
    return false;
  }
}

/** How a deleted artifact is recorded among the tombstones. */
export const artifactTombstone = (projectId: string, artifactId: string) => `${projectId}/${artifactId}`;

/** Existing artifacts first, then those of `extra` whose id is new; sorted newest first. */
export function unionArtifacts(existing: readonly Artifact[], extra: readonly Artifact[]): { merged: Artifact[]; added: Artifact[] } {
  const ids = new Set(existing.map((a) => a.id));
  const added: Artifact[] = [];
  for (const artifact of extra) {
    if (ids.has(artifact.id)) continue;
    ids.add(artifact.id);
    added.push(artifact);
  }
  return { merged: [...existing, ...added].sort(byNewest), added };
}
