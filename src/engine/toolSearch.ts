import type { ToolSearchTerms } from './defineTool';
import { normalised, slipsFrom } from './searchText';

/*
 * The one ranking every search box uses: the sidebar search, the dashboard
 * filter and the command palette's tools, so a query finds the same tools in
 * the same order wherever it is typed. Spec 2's "search box filtering tools by
 * title or description (case-insensitive substring; empty shows all)" still
 * holds word for word; on top of it a tool's category, subjects and keywords
 * (the search index) match, the best matches come first, and a slip of the
 * keyboard is forgiven. Pure: the index is passed in (searchIndex.ts binds the
 * generated one), so tests and flows can use it too.
 *
 * Ranking, best first: the title (a word of it starting with the query before
 * the query inside a word), then a subject or keyword (equal, starting with,
 * containing), or the category, then the description. A word that no tool
 * holds as typed is read as a slip of the keyboard: it then matches a title
 * word, or after that a subject or keyword word, it misses by a slip or two
 * ("flaschard", "biolgy"); a word some tool holds is taken as typed, so
 * "study" does not bring "student" along. A query that no one field holds
 * still matches when every word of it does somewhere ("biology homework"),
 * after all whole-query matches, ranked by its weakest word. Among subject and
 * keyword matches, a term listed earlier ranks higher (authors list first
 * what people most often type); otherwise the list's own order stays. Whether
 * a word is a slip is decided over the whole catalogue (the `universe`), so a
 * shorter list (a dashboard tab) shows the same tools in the same order as
 * the whole one.
 */

/** What a search box can rank: a tool, or (in the palette) a screen or project. */
export interface Searchable {
  readonly id: string;
  readonly title: string;
  readonly description?: string;
  readonly category?: string;
}

/** Each tool's subjects and keywords, by tool id. */
export type SearchTerms = Readonly<Record<string, ToolSearchTerms | undefined>>;

/** A match and its rank (lower is better). */
export interface Ranked<T> {
  item: T;
  rank: number;
}

/**
 * Words that say nothing about which tool is wanted: "help with my biology
 * homework" looks for biology and homework. Only used to split a query that no
 * field holds whole, so a search for "the" or "help" still works as a substring.
 */
const FILLER = new Set(['a', 'an', 'and', 'about', 'can', 'do', 'for', 'help', 'how', 'i', 'in', 'is', 'me', 'my', 'need', 'of', 'on', 'or', 'some', 'the', 'to', 'want', 'with']);

/** More distinct words than this are not a search for a tool: a pasted paragraph costs what six words do. */
const MAX_QUERY_WORDS = 6;

/** After every whole-query match: the rank of a match made word by word is this plus its weakest word's. */
const BY_WORDS = 10;

/** Ranks of a slip, after every match as typed: on a title word, then on a subject or keyword word. */
const SLIP_IN_TITLE = 7;
const SLIP_IN_TERM = 8;

interface Text {
  /** A space in front, so ' ' + word finds a word's start. */
  title: string;
  titleWords: readonly string[];
  description: string;
  category: string;
}

const texts = new WeakMap<Searchable, Text>();

/** Normalised once per item, not once per keystroke. */
function textOf(item: Searchable): Text {
  let text = texts.get(item);
  if (!text) {
    const title = normalised(item.title);
    text = { title: ` ${title}`, titleWords: title.split(' '), description: ` ${normalised(item.description ?? '')}`, category: normalised(item.category ?? '') };
    texts.set(item, text);
  }
  return text;
}

interface Terms {
  /** Subjects, then keywords, in the order the tool's file lists them. */
  all: readonly string[];
  /** Every word of them once, for slips. */
  words: readonly string[];
}

const NO_TERMS: Terms = { all: [], words: [] };
const joined = new WeakMap<ToolSearchTerms, Terms>();

/** A tool's subjects and keywords, made once per index entry. */
function termsIn(terms: ToolSearchTerms | undefined): Terms {
  if (!terms) return NO_TERMS;
  let made = joined.get(terms);
  if (!made) {
    const all = [...(terms.subjects ?? []), ...(terms.keywords ?? [])].map(normalised);
    made = { all, words: [...new Set(all.flatMap((term) => term.split(' ')))] };
    joined.set(terms, made);
  }
  return made;
}

/** The rank of a term match: its kind, then (a fraction, never reaching the next kind) where the term is listed. */
function termRank(kind: number, at: number): number {
  return kind + Math.min(at, 99) / 100;
}

/** How well one item holds a needle as typed (lower is better), or undefined when it does not. */
function exactRank(text: Text, terms: Terms, needle: string): number | undefined {
  if (text.title.includes(` ${needle}`)) return 0;
  if (text.title.includes(needle)) return 1;
  const equal = terms.all.indexOf(needle);
  if (equal >= 0) return termRank(2, equal);
  const start = terms.all.findIndex((term) => term.startsWith(needle) || term.includes(` ${needle}`));
  if (start >= 0) return termRank(3, start);
  const inside = terms.all.findIndex((term) => term.includes(needle));
  if (inside >= 0) return termRank(4, inside);
  if (text.category.includes(needle)) return 4.99;
  if (text.description.includes(` ${needle}`)) return 5;
  if (text.description.includes(needle)) return 6;
  return undefined;
}

/** Slips of one typed word against known words, each known word worked out once a search (many tools share words). */
type Slips = (known: string) => number | undefined;

function slipsOf(word: string): Slips {
  const seen = new Map<string, number | undefined>();
  return (known) => {
    if (!seen.has(known)) seen.set(known, slipsFrom(word, known));
    return seen.get(known);
  };
}

/** How well one item holds a word it misses by a slip or two, or undefined. */
function slipRank(text: Text, terms: Terms, slips: Slips): number | undefined {
  let best: number | undefined;
  for (const word of text.titleWords) {
    const count = slips(word);
    if (count !== undefined && (best === undefined || count < best)) best = count;
  }
  if (best !== undefined) return SLIP_IN_TITLE + best / 10;
  for (const word of terms.words) {
    const count = slips(word);
    if (count !== undefined && (best === undefined || count < best)) best = count;
  }
  return best === undefined ? undefined : SLIP_IN_TERM + best / 10;
}

/** Whether some item holds the word as typed: if none does, the word is read as a slip. */
function heldAsTyped(universe: readonly Searchable[], terms: SearchTerms, word: string): boolean {
  return universe.some((item) => exactRank(textOf(item), termsIn(terms[item.id]), word) !== undefined);
}

/**
 * The items matching a query with their ranks, best first (ties in the list's order); undefined for a blank query.
 * `universe` is every tool, over which a word is found as typed or read as a slip (by default, the list).
 */
export function rankedMatches<T extends Searchable>(
  list: readonly T[],
  query: string,
  terms: SearchTerms,
  universe: readonly Searchable[] = list,
): Ranked<T>[] | undefined {
  if (query.trim() === '') return undefined;
  const needle = normalised(query);
  // Only marks or symbols (emoji): nothing a title or term holds.
  if (needle === '') return [];
  // Each word once: a query repeating a word thousands of times costs what one does.
  const words = [...new Set(needle.split(' '))].filter((word) => !FILLER.has(word)).slice(0, MAX_QUERY_WORDS);
  const byWords = words.length > 1 || (words.length === 1 && words[0] !== needle);
  const slips = new Map(words.map((word) => [word, heldAsTyped(universe, terms, word) ? undefined : slipsOf(word)]));
  const wholeSlips = byWords || needle.includes(' ') ? undefined : slips.get(needle);
  const ranked: Ranked<T>[] = [];
  for (const item of list) {
    const text = textOf(item);
    const own = termsIn(terms[item.id]);
    let rank = exactRank(text, own, needle) ?? (wholeSlips && slipRank(text, own, wholeSlips));
    if (rank === undefined && byWords) {
      let weakest = 0;
      for (const word of words) {
        const wordSlips = slips.get(word);
        const wordRank = exactRank(text, own, word) ?? (wordSlips && slipRank(text, own, wordSlips));
        // One word matching nothing rules the item out, so a long query stops at its first such word.
        if (wordRank === undefined) {
          weakest = -1;
          break;
        }
        weakest = Math.max(weakest, wordRank);
      }
      if (weakest >= 0) rank = BY_WORDS + weakest;
    }
    if (rank !== undefined) ranked.push({ item, rank });
  }
  // Array.prototype.sort is stable: within a rank, the list's order stays.
  return ranked.sort((a, b) => a.rank - b.rank);
}

/** The tools matching a query, best first; a blank query keeps the whole list in its order. */
export function rankTools<T extends Searchable>(list: readonly T[], query: string, terms: SearchTerms, universe?: readonly Searchable[]): readonly T[] {
  return rankedMatches(list, query, terms, universe)?.map((match) => match.item) ?? list;
}
