import type { Artifact } from '../../../features/projects';

/*
 * Finding saved items on a project page: a search over each
 * item's tool title, its topic and the text it holds (its words, not its JSON keys),
 * and a filter by tool. Case-insensitive, as the sidebar's tool search.
 */

/** How deep an item's data is searched: deeper than any result nests (stored data is untrusted). */
const MAX_DEPTH = 12;

function wordsOf(value: unknown, depth: number, out: string[]): void {
  if (depth > MAX_DEPTH) return;
  if (typeof value === 'string') out.push(value);
  else if (typeof value === 'number') out.push(String(value));
  else if (Array.isArray(value)) for (const item of value) wordsOf(item, depth + 1, out);
  else if (typeof value === 'object' && value !== null) for (const item of Object.values(value)) wordsOf(item, depth + 1, out);
}

/** Lower-cased once per item, not once per keystroke. */
const haystacks = new WeakMap<Artifact, string>();
function haystackOf(artifact: Artifact, title: string): string {
  let text = haystacks.get(artifact);
  if (text === undefined) {
    const words: string[] = [title, ...(artifact.topic ? [artifact.topic] : []), ...(artifact.refinements ?? [])];
    wordsOf(artifact.data, 0, words);
    text = words.join('\u0000').toLowerCase();
    haystacks.set(artifact, text);
  }
  return text;
}

export interface ArtifactQuery {
  /** Words to find; blank finds every item. */
  text: string;
  /** A tool id, or '' for every tool. */
  toolId: string;
}

export function findArtifacts(artifacts: readonly Artifact[], query: ArtifactQuery, titleOf: (artifact: Artifact) => string): Artifact[] {
  const needle = query.text.trim().toLowerCase();
  return artifacts.filter(
    (artifact) => (query.toolId === '' || artifact.toolId === query.toolId) && (needle === '' || haystackOf(artifact, titleOf(artifact)).includes(needle)),
  );
}

/** The tools a project's items come from, for the filter: each once, by title. */
export function toolsIn(artifacts: readonly Artifact[], titleOf: (artifact: Artifact) => string): { toolId: string; title: string; count: number }[] {
  const byId = new Map<string, { toolId: string; title: string; count: number }>();
  for (const artifact of artifacts) {
    const entry = byId.get(artifact.toolId) ?? { toolId: artifact.toolId, title: titleOf(artifact), count: 0 };
    entry.count++;
    byId.set(artifact.toolId, entry);
  }
  return [...byId.values()].sort((a, b) => a.title.localeCompare(b.title));
}
