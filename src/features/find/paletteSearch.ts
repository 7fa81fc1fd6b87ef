import { rankedMatches, type Ranked, type SearchTerms } from './toolSearch';
import { projectPath, toolPath } from '../../ui/paths';

/*
 * The command palette's search: one list of what a person may want to open
 * (tools, the app's screens, their projects), ranked as they type. Its tools
 * are ranked by the one ranking every search box uses (toolSearch.ts: typo
 * tolerance, subjects and keywords), so the palette lists the same tools in
 * the same order as the sidebar search and the dashboard filter; screens and
 * projects are ranked by the same rules and placed among them by rank.
 *
 * Our own ranking rather than a fuzzy-search library, because it measured
 * better: fuse.js 7.5 (Bitap over every title, category and description) took
 * 6.6-9.2 ms a query over 551 tools on the 2-core build machine, against a
 * 4 ms keystroke budget; the palette's earlier ranking (title words only)
 * took 0.7-1.3 ms for the same 18 queries in the same run. The shared
 * ranking also reads subjects and keywords, yet stays close: typing those 18
 * queries key by key (166 keystrokes) over 551 tools in Node on the same
 * loaded machine, the earlier palette ranking took a median 0.60 ms a
 * keystroke, this one 0.91 ms (and the sidebar's earlier ranking 2.33 ms),
 * because one indexOf over an item's fields rules out most items and a word
 * is compared for slips only when no tool holds it as typed. `npm run bench`
 * measures it per keystroke in the browser. Framework-free; the dialog is
 * src/features/find/.
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

export const MAX_RESULTS = 20;

export type PaletteSearch = (query: string) => PaletteEntry[];

export { editDistance, normalised } from './searchText';

const TOOL_KEY = 'tool:';

/** An entry as the ranking reads it: a tool by its id (its subjects and keywords are filed under it). */
interface Rankable {
  id: string;
  title: string;
  description?: string;
  category?: string;
  entry: PaletteEntry;
}

function rankable(entry: PaletteEntry): Rankable {
  const id = entry.kind === 'tool' ? entry.key.slice(TOOL_KEY.length) : entry.key;
  return { id, title: entry.title, description: entry.description, category: entry.category, entry };
}

/**
 * Builds the search over these entries once; each keystroke then ranks them. Tools keep the entries' order on
 * ties, as the sidebar keeps its list's; a screen or project ranked equal to a tool comes after it.
 */
export function paletteSearch(entries: readonly PaletteEntry[], terms: SearchTerms = {}): PaletteSearch {
  const tools = entries.filter((entry) => entry.kind === 'tool').map(rankable);
  const others = entries.filter((entry) => entry.kind !== 'tool').map(rankable);
  return (query) => {
    const toolMatches = rankedMatches(tools, query, terms) ?? [];
    // Slips are read over the tools, as everywhere: "setings" is a slip (no tool holds it), so Settings is found.
    const otherMatches = rankedMatches(others, query, terms, tools) ?? [];
    return byRank(toolMatches, otherMatches).slice(0, MAX_RESULTS).map((match) => match.item.entry);
  };
}

/** Two ranked lists as one, by rank; on a tie, the first list's match first. */
function byRank<T>(first: readonly Ranked<T>[], second: readonly Ranked<T>[]): Ranked<T>[] {
  const merged: Ranked<T>[] = [];
  let i = 0;
  let j = 0;
  while (i < first.length || j < second.length) {
    const next = j >= second.length || (i < first.length && first[i]!.rank <= second[j]!.rank) ? first[i++]! : second[j++]!;
    merged.push(next);
  }
  return merged;
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
  return { key: `tool:${tool.id}`, kind: 'tool', title: tool.title, href: toolPath(tool.id), icon: tool.icon, description: tool.description, category: tool.category };
}

/** One of the app's pages (the sidebar's, from the app's screen table), by the name the sidebar and header give it. */
export function screenEntry(screen: { id: string; path: string; title: string; icon: string }): PaletteEntry {
  return { key: `screen:${screen.id}`, kind: 'screen', title: screen.title, href: screen.path, icon: screen.icon, category: 'Page' };
}

/** A project by its name, opening its page. */
export function projectEntry(project: { id: string; name: string }): PaletteEntry {
  return { key: `project:${project.id}`, kind: 'project', title: project.name, href: projectPath(project.id), icon: 'folder', category: 'Project' };
}
