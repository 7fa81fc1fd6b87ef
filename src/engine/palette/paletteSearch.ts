import Fuse from 'fuse.js';

/*
 * The command palette's search (issue 20): one list of what a person may want
 * to open (tools, the app's screens, their projects), ranked by fuse.js, a
 * well-kept fuzzy matcher (Bitap), so a misspelt title ("flaschard") still
 * finds its tool. Framework-free; the dialog is src/app/shell/palette/.
 */

export type PaletteKind = 'tool' | 'screen' | 'project';

export interface PaletteEntry {
  /** Unique across kinds: "tool:quiz-whiz", "screen:settings", "project:proj_1". */
  key: string;
  kind: PaletteKind;
  title: string;
  /** The app route it opens ("/quiz-whiz", "/settings", "/projects/proj_1"). */
  href: string;
  icon: string;
  description?: string;
  category?: string;
}

/** Longer queries than this are cut: a pasted paragraph is not a name, and the matcher's cost grows with the pattern. */
export const MAX_QUERY_LENGTH = 64;
export const MAX_RESULTS = 20;

export type PaletteSearch = (query: string) => PaletteEntry[];

/**
 * Builds the search over these entries once; each keystroke then ranks them.
 * Titles weigh most, then categories, then descriptions; where a match falls in
 * the text does not matter (ignoreLocation), so "generator" finds a title's end.
 */
export function paletteSearch(entries: readonly PaletteEntry[]): PaletteSearch {
  const fuse = new Fuse(entries, {
    keys: [
      { name: 'title', weight: 3 },
      { name: 'category', weight: 1 },
      { name: 'description', weight: 0.6 },
    ],
    threshold: 0.38,
    ignoreLocation: true,
    ignoreDiacritics: true,
    minMatchCharLength: 2,
  });
  return (query) => {
    const pattern = query.trim().replace(/\s+/g, ' ').slice(0, MAX_QUERY_LENGTH);
    if (pattern === '') return [];
    return fuse.search(pattern, { limit: MAX_RESULTS }).map((result) => result.item);
  };
}

/**
 * What the palette offers before anything is typed: favourites, then recent
 * tools (each once, in that order), then the screens.
 */
export function startingEntries(
  entries: readonly PaletteEntry[],
  favouriteToolIds: readonly string[],
  recentToolIds: readonly string[],
): PaletteEntry[] {
  const byKey = new Map(entries.map((entry) => [entry.key, entry]));
  const seen = new Set<string>();
  const picked: PaletteEntry[] = [];
  for (const id of [...favouriteToolIds, ...recentToolIds]) {
    const entry = byKey.get(`tool:${id}`);
    if (entry && !seen.has(entry.key)) {
      seen.add(entry.key);
      picked.push(entry);
    }
  }
  return [...picked, ...entries.filter((entry) => entry.kind === 'screen')];
}

/** A tool as the palette lists it (its page is at its id, spec 2). */
export function toolEntry(tool: { id: string; title: string; description: string; icon: string; category: string }): PaletteEntry {
  return { key: `tool:${tool.id}`, kind: 'tool', title: tool.title, href: `/${tool.id}`, icon: tool.icon, description: tool.description, category: tool.category };
}

/** A project by its name, opening its page. */
export function projectEntry(project: { id: string; name: string }): PaletteEntry {
  return { key: `project:${project.id}`, kind: 'project', title: project.name, href: `/projects/${project.id}`, icon: 'folder', category: 'Project' };
}
