/*
 * The command palette's search (issue 20): one list of what a person may want
 * to open (tools, the app's screens, their projects), ranked as they type, so
 * that a misspelt title ("flaschard") still finds its tool.
 *
 * Our own ranking rather than a fuzzy-search library, because it measured
 * better: fuse.js 7.5 (Bitap over every title, category and description) took
 * 6.6-9.2 ms a query over 551 tools on the 2-core build machine, against the
 * issue's 4 ms a keystroke; this one indexes the words once and compares a
 * typed word with each title word's beginning by edit distance (first letters
 * equal), 0.7-1.3 ms for the same 18 queries in the same run. `npm run bench`
 * measures it per keystroke in the browser. Framework-free; the dialog is
 * src/app/shell/palette/.
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

/** Longer queries than this are cut: a pasted paragraph is not a name. */
export const MAX_QUERY_LENGTH = 64;
export const MAX_RESULTS = 20;
/** More words than this in a query are not a search for a name either. */
const MAX_QUERY_WORDS = 6;

export type PaletteSearch = (query: string) => PaletteEntry[];

/** Lower case, accents off, runs of anything but letters and digits as one space. */
export function normalised(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

/**
 * Optimal string alignment distance (Levenshtein with adjacent swaps, so
 * "flaschard" is one edit from "flashcard"), giving up past `limit`.
 */
export function editDistance(a: string, b: string, limit: number): number {
  if (Math.abs(a.length - b.length) > limit) return limit + 1;
  let beforePrevious: number[] = [];
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    let rowBest = i;
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let value = Math.min(previous[j]! + 1, current[j - 1]! + 1, previous[j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) value = Math.min(value, beforePrevious[j - 2]! + 1);
      current.push(value);
      rowBest = Math.min(rowBest, value);
    }
    if (rowBest > limit) return limit + 1;
    beforePrevious = previous;
    previous = current;
  }
  return previous[b.length]!;
}

/** How many typing slips a typed word of this length may hold: none under 4 letters, one up to 6, two beyond. */
function slipsAllowed(length: number): number {
  return length < 4 ? 0 : length < 7 ? 1 : 2;
}

interface Indexed {
  entry: PaletteEntry;
  order: number;
  title: string;
  titleWords: string[];
  category: string;
  description: string;
}

/** How well one typed word fits one entry: 0 for not at all; a title word's beginning counts most. */
function wordScore(word: string, item: Indexed): number {
  let best = 0;
  for (const titleWord of item.titleWords) {
    if (titleWord.startsWith(word)) return 10;
    if (best < 6 && titleWord[0] === word[0]) {
      const allowed = slipsAllowed(word.length);
      if (allowed === 0) continue;
      // Against the title word's beginning of about the typed length: "flasc" is one slip from "flash".
      for (const length of [word.length, word.length + 1, word.length - 1]) {
        const slips = editDistance(word, titleWord.slice(0, length), allowed);
        if (slips <= allowed) best = Math.max(best, 6 - slips);
      }
    }
  }
  if (best > 0) return best;
  if (item.title.includes(word)) return 7;
  if (item.category.startsWith(word) || item.category.includes(` ${word}`)) return 4;
  if (word.length >= 3 && item.description.includes(word)) return 2;
  return 0;
}

/**
 * Builds the search over these entries once; each keystroke then ranks them:
 * every typed word must fit the entry (its title, category or description);
 * titles weigh most; ties keep the list's own order.
 */
export function paletteSearch(entries: readonly PaletteEntry[]): PaletteSearch {
  const index: Indexed[] = entries.map((entry, order) => {
    const title = normalised(entry.title);
    return {
      entry,
      order,
      title,
      titleWords: title.split(' ').filter(Boolean),
      category: normalised(entry.category ?? ''),
      description: normalised(entry.description ?? ''),
    };
  });
  return (query) => {
    const wanted = normalised(query.slice(0, MAX_QUERY_LENGTH));
    if (wanted === '') return [];
    const words = wanted.split(' ').slice(0, MAX_QUERY_WORDS);
    const ranked: { item: Indexed; score: number }[] = [];
    for (const item of index) {
      let score = item.title.startsWith(wanted) ? 5 : 0;
      for (const word of words) {
        const fit = wordScore(word, item);
        if (fit === 0) {
          score = 0;
          break;
        }
        score += fit;
      }
      if (score > 0) ranked.push({ item, score });
    }
    ranked.sort((a, b) => b.score - a.score || a.item.order - b.item.order);
    return ranked.slice(0, MAX_RESULTS).map(({ item }) => item.entry);
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
