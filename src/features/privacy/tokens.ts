/*
 * The words of a text with what the name finder needs to know about each:
 * where it is, whether it opens a sentence (a capital there says nothing),
 * and what follows it (a comma, a possessive, another word).
 */

export interface Token {
  text: string;
  start: number;
  end: number;
  /** First word of the text, of a line, or after ". ", "! ", "? ", ": " or a bullet. */
  opensSentence: boolean;
  /** The characters between this word and the next (", ", " "). */
  after: string;
  /** The characters between the previous word and this one. */
  before: string;
}

/** A word: letters and marks, with inner apostrophes and hyphens ("O’Brien", "Anne-Marie"). */
const WORD = /[\p{L}\p{M}]+(?:['’][\p{L}\p{M}]+)*(?:-[\p{L}\p{M}]+)*/gu;

export function tokensOf(text: string): Token[] {
  const tokens: Token[] = [];
  let lastEnd = 0;
  for (const match of text.matchAll(WORD)) {
    const start = match.index;
    const between = text.slice(lastEnd, start);
    const previous = tokens.at(-1);
    if (previous) previous.after = between;
    tokens.push({
      text: match[0],
      start,
      end: start + match[0].length,
      opensSentence: previous === undefined || /[.!?:;\n•*>]\s*[-–"“(]*\s*$|^\s*[-–]\s+$/u.test(between) || /\n\s*\S*\s*$/u.test(between),
      after: '',
      before: between,
    });
    lastEnd = start + match[0].length;
  }
  const last = tokens.at(-1);
  if (last) last.after = text.slice(lastEnd);
  return tokens;
}

/** Starts with a capital, with a small letter after it ("Ngozi", "O’Brien"; not "GCSE" or "A"). */
export function isCapitalised(word: string): boolean {
  // "O’Brien", "D’Souza", "Al-Sayed": a capital after an apostrophe or hyphen is part of one name.
  const name = word.replace(SURNAME_PREFIX, '$1').replace(/(['’-])(\p{Lu})/gu, (_, mark: string, letter: string) => mark + letter.toLowerCase());
  return /^\p{Lu}[\p{Ll}\p{M}'’-]*\p{Ll}/u.test(name) && !/\p{Lu}/u.test(name.slice(1));
}

/** "McDonald", "MacGrath", "FitzGerald": one name with a capital inside, never two glued. */
const SURNAME_PREFIX = /^(?:Mc|Mac|Fitz)(\p{Lu})/u;

/** Written all in small letters. */
export const isLowerCase = (word: string): boolean => !/\p{Lu}/u.test(word) && /\p{Ll}/u.test(word);

/** Two or more capitalised words glued together ("AmiraHaddad"), not a word with a capital inside a name ("McDonald" is one name, and kept whole). */
export function gluedWords(word: string): string[] | null {
  // "SiobhanOBrien": a one-letter part ("O" of O’Brien) goes with the next.
  if (SURNAME_PREFIX.test(word) || !/^\p{Lu}\p{Ll}+(?:\p{Lu}?\p{Lu}\p{Ll}+)+$/u.test(word)) return null;
  const parts = word.match(/\p{Lu}?\p{Lu}\p{Ll}+/gu) ?? [];
  return parts.length >= 2 ? parts : null;
}

/** A possessive's "’s" off a word: "Ngozi’s" is Ngozi. */
export const withoutPossessive = (word: string): string => word.replace(/['’]s$/u, '');
