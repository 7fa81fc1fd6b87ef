import type { ToolSearchTerms } from '../../kernel/defineTool';
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

interface Terms {
  /**
   * Subjects, then keywords, in the order the tool's file lists them, each between line breaks: one string
   * searched with indexOf, several times faster per keystroke than going through the terms one by one.
   */
  lines: string;
  /** Every word of them once, for slips. */
  words: readonly string[];
}

const NO_TERMS: Terms = { lines: '\n', words: [] };
const joined = new WeakMap<ToolSearchTerms, Terms>();

/** A tool's subjects and keywords, made once per index entry (normalised, so no term holds a line break). */
function termsIn(terms: ToolSearchTerms | undefined): Terms {
  if (!terms) return NO_TERMS;
  let made = joined.get(terms);
  if (!made) {
    const all = [...(terms.subjects ?? []), ...(terms.keywords ?? [])].map(normalised);
    made = { lines: `\n${all.join('\n')}\n`, words: [...new Set(all.flatMap((term) => term.split(' ')))] };
    joined.set(terms, made);
  }
  return made;
}

/**
 * The rank of a term match: its kind, then (a fraction, never reaching the next kind) where the term is listed,
 * counted from the line breaks before where it was found.
 */
function termRank(kind: number, terms: Terms, found: number): number {
  let at = -1;
  for (let i = terms.lines.indexOf('\n'); i >= 0 && i < found; i = terms.lines.indexOf('\n', i + 1)) at++;
  return kind + Math.min(at, 99) / 100;
}

/** The earliest of two indexOf results, either of which may be -1. */
function earliest(a: number, b: number): number {
  return a < 0 ? b : b < 0 ? a : Math.min(a, b);
}

/** An item as the ranking reads it, normalised once per item, not once per keystroke. */
interface Prepared {
  /** A space in front, so ' ' + word finds a word's start. */
  title: string;
  titleWords: readonly string[];
  description: string;
  category: string;
  terms: Terms;
  /** Every field in one string: most items hold a typed word nowhere, and one indexOf rules them out. */
  all: string;
  /** The index entry it was made with (tests rank one list with and without an index). */
  from: ToolSearchTerms | undefined;
}

const prepared = new WeakMap<Searchable, Prepared>();

function preparedOf(item: Searchable, index: SearchTerms): Prepared {
  const from = index[item.id];
  let made = prepared.get(item);
  if (!made || made.from !== from) {
    const title = normalised(item.title);
    const description = ` ${normalised(item.description ?? '')}`;
    const category = normalised(item.category ?? '');
    const terms = termsIn(from);
    made = { title: ` ${title}`, titleWords: title.split(' '), description, category, terms, all: ` ${title}\n${category}\n${description}${terms.lines}`, from };
    prepared.set(item, made);
  }
  return made;
}

/** How well one item holds a needle as typed (lower is better), or undefined when it does not. */
function exactRank(text: Prepared, needle: string): number | undefined {
  if (!text.all.includes(needle)) return undefined;
  const { terms } = text;
  if (text.title.includes(` ${needle}`)) return 0;
  if (text.title.includes(needle)) return 1;
  const equal = terms.lines.indexOf(`\n${needle}\n`);
  if (equal >= 0) return termRank(2, terms, equal + 1);
  // A term starting with the needle, or with a word of it that does: whichever term comes first.
  const termStart = terms.lines.indexOf(`\n${needle}`);
  const start = earliest(termStart < 0 ? -1 : termStart + 1, terms.lines.indexOf(` ${needle}`));
  if (start >= 0) return termRank(3, terms, start);
  const inside = terms.lines.indexOf(needle);
  if (inside >= 0) return termRank(4, terms, inside);
  if (text.category.includes(needle)) return 4.99;
  if (text.description.includes(` ${needle}`)) return 5;
  if (text.description.includes(needle)) return 6;
  return undefined;
}

/** Slips of one typed word against known words, each known word worked out once a search (many tools share words). */
type Slips = (known: string) => number | undefined;

function slipsOf(word: string): Slips {
  const seen = new Map<string, number>(); // -1: too far
  return (known) => {
    let count = seen.get(known);
    if (count === undefined) {
      count = slipsFrom(word, known) ?? -1;
      seen.set(known, count);
    }
    return count < 0 ? undefined : count;
  };
}

/** How well one item holds a word it misses by a slip or two, or undefined. */
function slipRank(text: Prepared, slips: Slips): number | undefined {
  let best: number | undefined;
  for (const word of text.titleWords) {
    const count = slips(word);
    if (count !== undefined && (best === undefined || count < best)) best = count;
  }
  if (best !== undefined) return SLIP_IN_TITLE + best / 10;
  for (const word of text.terms.words) {
    const count = slips(word);
    if (count !== undefined && (best === undefined || count < best)) best = count;
  }
  return best === undefined ? undefined : SLIP_IN_TERM + best / 10;
}

/** Whether some item holds the word as typed: if none does, the word is read as a slip. */
function heldAsTyped(universe: readonly Searchable[], terms: SearchTerms, word: string): boolean {
  return universe.some((item) => preparedOf(item, terms).all.includes(word));
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
    const text = preparedOf(item, terms);
    let rank = exactRank(text, needle) ?? (wholeSlips && slipRank(text, wholeSlips));
    if (rank === undefined && byWords) {
      let weakest = 0;
      for (const word of words) {
        const wordSlips = slips.get(word);
        const wordRank = exactRank(text, word) ?? (wordSlips && slipRank(text, wordSlips));
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
