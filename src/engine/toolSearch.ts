import type { ToolMeta, ToolSearchTerms } from './defineTool';

/*
 * Search by need (issue 21). Spec 2 asks for "a search box with placeholder
 * 'Search tools...' filtering tools by title or description (case-insensitive
 * substring; empty shows all)"; that still holds, word for word, and this adds
 * to it: the sidebar search and the dashboard filter also match each tool's
 * category, and its subjects and keywords from the search index, and list the
 * best matches first. Pure: the index is passed in
 * (searchIndex.ts binds the generated one), so tests and flows can use it too.
 *
 * Ranking, best first: the title (a word of it starting with the query before
 * the query inside a word), then a subject or keyword (equal, starting with,
 * containing), or the category, then the description. A query that no one
 * field holds still matches when every word of it does somewhere ("biology
 * homework"), after all whole-query matches, ranked by its weakest word.
 * Among subject and keyword matches, a term listed earlier ranks higher
 * (authors list first what people most often type); otherwise the list's own
 * order (by title) stays.
 */

/** Each tool's subjects and keywords, by tool id. */
export type SearchTerms = Readonly<Record<string, ToolSearchTerms | undefined>>;

/**
 * Words that say nothing about which tool is wanted: "help with my biology
 * homework" looks for biology and homework. Only used to split a query that no
 * field holds whole, so a search for "the" or "help" still works as a substring.
 */
const FILLER = new Set(['a', 'an', 'and', 'about', 'can', 'do', 'for', 'help', 'how', 'i', 'in', 'is', 'me', 'my', 'need', 'of', 'on', 'or', 'some', 'the', 'to', 'want', 'with']);

/** After every whole-query match: the rank of a match made word by word is this plus its weakest word's. */
const BY_WORDS = 10;

const lowered = new WeakMap<ToolMeta, { title: string; description: string; category: string }>();

/** Lower-cased once per tool, not once per keystroke; a space in front so ' ' + word finds a word's start. */
function textOf(tool: ToolMeta): { title: string; description: string; category: string } {
  let text = lowered.get(tool);
  if (!text) {
    text = { title: ` ${tool.title.toLowerCase()}`, description: ` ${tool.description.toLowerCase()}`, category: tool.category.toLowerCase() };
    lowered.set(tool, text);
  }
  return text;
}

const joined = new WeakMap<ToolSearchTerms, readonly string[]>();

/** A tool's subjects, then its keywords, in the order its file lists them (made once per index entry). */
function termsIn(terms: ToolSearchTerms | undefined): readonly string[] {
  if (!terms) return [];
  let all = joined.get(terms);
  if (!all) {
    all = [...(terms.subjects ?? []), ...(terms.keywords ?? [])];
    joined.set(terms, all);
  }
  return all;
}

/** The rank of a term match: its kind, then (a fraction, never reaching the next kind) where the term is listed. */
function termRank(kind: number, at: number): number {
  return kind + Math.min(at, 99) / 100;
}

/** How well one tool matches a lower-cased needle (lower is better), or undefined when it does not. */
function rankOf(tool: ToolMeta, terms: ToolSearchTerms | undefined, needle: string): number | undefined {
  const { title, description, category } = textOf(tool);
  if (title.includes(` ${needle}`)) return 0;
  if (title.includes(needle)) return 1;
  const words = termsIn(terms);
  const equal = words.indexOf(needle);
  if (equal >= 0) return termRank(2, equal);
  const start = words.findIndex((word) => word.startsWith(needle) || word.includes(` ${needle}`));
  if (start >= 0) return termRank(3, start);
  const inside = words.findIndex((word) => word.includes(needle));
  if (inside >= 0) return termRank(4, inside);
  if (category.includes(needle)) return 4.99;
  if (description.includes(` ${needle}`)) return 5;
  if (description.includes(needle)) return 6;
  return undefined;
}

/** The tools matching a query, best first; a blank query keeps the whole list in its order. */
export function rankTools<T extends ToolMeta>(list: readonly T[], query: string, terms: SearchTerms): readonly T[] {
  const needle = query.trim().toLowerCase().replace(/\s+/g, ' ');
  if (needle === '') return list;
  // Each word once: a query repeating a word thousands of times costs what one does.
  const words = [...new Set(needle.split(' '))].filter((word) => !FILLER.has(word));
  const byWords = words.length > 1 || (words.length === 1 && words[0] !== needle);
  const ranked: { tool: T; rank: number }[] = [];
  for (const tool of list) {
    const own = terms[tool.id];
    let rank = rankOf(tool, own, needle);
    if (rank === undefined && byWords) {
      let weakest = 0;
      for (const word of words) {
        const wordRank = rankOf(tool, own, word);
        // One word matching nothing rules the tool out, so a long query stops at its first such word.
        if (wordRank === undefined) {
          weakest = -1;
          break;
        }
        weakest = Math.max(weakest, wordRank);
      }
      if (weakest >= 0) rank = BY_WORDS + weakest;
    }
    if (rank !== undefined) ranked.push({ tool, rank });
  }
  // Array.prototype.sort is stable: within a rank, the list's order stays.
  return ranked.sort((a, b) => a.rank - b.rank).map((r) => r.tool);
}
