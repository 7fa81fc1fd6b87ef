/*
 * Names out, placeholders in, and back. A request leaves the
 * browser with "Student A" where the user typed "Amira Khan"; the answer
 * comes back with the placeholders put back as the names. Framework-free and
 * synchronous: which names to hide is decided by pseudonymise.ts.
 *
 * Matching is forgiving where a name is written differently (another case,
 * accents left off, a curly apostrophe, a line break between first and last
 * name) and strict where a name is also a word: "Will" or "Rose" is replaced
 * only where it starts with a capital, so "I will" stays as it is.
 */

export const personRoles = ['Student', 'Parent', 'Teacher', 'Person', 'Family'] as const;
export type PersonRole = (typeof personRoles)[number];

export interface HiddenName {
  /** As the user typed it, the way it is put back. */
  name: string;
  placeholder: string;
  /** Also an English word ("Will", "Rose"): matched only where it starts with a capital. */
  isWord: boolean;
  /** The way the person was named first (in the name box, or first in the notes): the one put back in the answer. */
  primary?: boolean;
}

export interface Pseudonyms {
  /** Longest names first, so "Maria Garcia" is replaced before "Maria". */
  names: readonly HiddenName[];
  /** Everything the user typed, folded: a placeholder-like string found there is the user's own, never a leftover. */
  typed: string;
}

export const NO_PSEUDONYMS: Pseudonyms = { names: [], typed: '' };

const APOSTROPHES = /[\u2018\u2019\u02bc\u0060\u00b4]/;
const HYPHENS = /[\u2010\u2011\u2012\u2013\u2014\u2212]/;

/** Letters with no decomposed form that people still write without their mark ("Lukasz", "Yilmaz"). */
const BARE_LETTERS: Readonly<Record<string, string>> = { ı: 'i', ł: 'l', Ł: 'l', ø: 'o', Ø: 'o', đ: 'd', Đ: 'd', ħ: 'h' };

/** One character folded for matching: no accents, lower case, one apostrophe and one hyphen; never a change of length. */
function foldChar(ch: string): string {
  if (APOSTROPHES.test(ch)) return "'";
  if (HYPHENS.test(ch)) return '-';
  const bareLetter = BARE_LETTERS[ch];
  if (bareLetter) return bareLetter;
  const bare = ch.normalize('NFD').replace(/\p{M}/gu, '');
  const base = bare.length === ch.length ? bare : ch;
  const lower = base.toLowerCase();
  return lower.length === base.length ? lower : base;
}

/** The text folded character by character, the same length as the text (in UTF-16 units), so a match's place is the original's. */
export function fold(text: string): string {
  let out = '';
  for (const ch of text) out += foldChar(ch);
  return out;
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * A name as a pattern over folded text: its words in order, any run of spaces
 * (or a line break) between them, or glued together ("AmiraHaddad",
 * "amira.haddad", "amira_haddad"): a name written as one word is the name.
 */
function namePattern(name: string): string {
  return fold(name.normalize('NFC').trim())
    .split(/\s+/)
    .map(escapeRegExp)
    .join('(?:\\s+|[._-]?)');
}

const LETTER_OR_DIGIT = '[\\p{L}\\p{M}\\p{N}]';

/** A stretch of a text: as typed, or a name with the placeholder it is sent as. */
export interface TextPart {
  text: string;
  placeholder?: string;
}

/**
 * The text cut at every hidden name, each name with its placeholder: what
 * "What will be sent" highlights, and what hideNames joins. Works on the
 * NFC form (a name typed with combining accents is the same name).
 */
export function markNames(text: string, pseudonyms: Pseudonyms): TextPart[] {
  const source = text.normalize('NFC');
  if (pseudonyms.names.length === 0) return [{ text: source }];
  const folded = fold(source);
  const pattern = new RegExp(`(?<!${LETTER_OR_DIGIT})(?:${pseudonyms.names.map((n) => `(${namePattern(n.name)})`).join('|')})(?!${LETTER_OR_DIGIT})`, 'gu');
  const parts: TextPart[] = [];
  let last = 0;
  for (const match of folded.matchAll(pattern)) {
    const which = match.slice(1).findIndex((group) => group !== undefined);
    const hidden = pseudonyms.names[which];
    const start = match.index;
    const end = start + match[0].length;
    // A name that is also a word counts only where it is written as a name.
    if (!hidden || (hidden.isWord && !/^\p{Lu}/u.test(source.slice(start, end)))) continue;
    if (start > last) parts.push({ text: source.slice(last, start) });
    parts.push({ text: source.slice(start, end), placeholder: hidden.placeholder });
    last = end;
  }
  if (last < source.length || parts.length === 0) parts.push({ text: source.slice(last) });
  return parts;
}

/** The text with every hidden name replaced by its placeholder. */
export function hideNames(text: string, pseudonyms: Pseudonyms): string {
  if (pseudonyms.names.length === 0) return text;
  return markNames(text, pseudonyms)
    .map((part) => part.placeholder ?? part.text)
    .join('');
}

/** Whether the user typed this placeholder-like string themselves, as words of its own ("Student A", not "student asked"). */
export function typedByUser(typedFolded: string, text: string): boolean {
  return new RegExp(`(?<!${LETTER_OR_DIGIT})${escapeRegExp(fold(text))}(?!${LETTER_OR_DIGIT})`, 'u').test(typedFolded);
}

/** "Student A", "PARENT B", "Person AA": how a placeholder may come back (a model may shout a heading). */
const PLACEHOLDER = new RegExp(`(?<!${LETTER_OR_DIGIT})(${personRoles.join('|')}|${personRoles.map((r) => r.toUpperCase()).join('|')})[ \\u00a0]([A-Z]{1,2})(?!${LETTER_OR_DIGIT})`, 'gu');

const canonical = (role: string, letters: string) => `${role.charAt(0)}${role.slice(1).toLowerCase()} ${letters}`;

/** Each placeholder once, with the whole name it stands for: the longest (names come longest first, their parts after). */
export function namesByPlaceholder(pseudonyms: Pseudonyms): Map<string, string> {
  const byPlaceholder = new Map<string, string>();
  for (const { placeholder, name, primary } of pseudonyms.names) if (primary || !byPlaceholder.has(placeholder)) byPlaceholder.set(placeholder, name);
  return byPlaceholder;
}

export interface Revealed {
  text: string;
  /** Placeholders in the answer that stand for no name typed (a model changed or made one up): shown to the user, never guessed. */
  unmapped: string[];
}

/**
 * The answer with its placeholders put back as the names. `quote` writes a
 * name as it must appear in the text (escaped inside a JSON string while an
 * answer streams).
 */
export function revealNames(text: string, pseudonyms: Pseudonyms, quote: (name: string) => string = (name) => name): Revealed {
  const byPlaceholder = namesByPlaceholder(pseudonyms);
  const unmapped = new Set<string>();
  const revealed = text.replace(PLACEHOLDER, (found: string, role: string, letters: string) => {
    const placeholder = canonical(role, letters);
    const name = byPlaceholder.get(placeholder);
    if (name !== undefined) return quote(name);
    // The user's own words ("Student A" typed in the notes) are theirs, not a leftover.
    if (!typedByUser(pseudonyms.typed, found)) unmapped.add(placeholder);
    return found;
  });
  return { text: revealed, unmapped: [...unmapped] };
}

/** A parsed JSON answer with every string's placeholders put back; the leftovers of all of them. */
export function revealInValue(value: unknown, pseudonyms: Pseudonyms): { value: unknown; unmapped: string[] } {
  const unmapped = new Set<string>();
  const walk = (node: unknown): unknown => {
    if (typeof node === 'string') {
      const revealed = revealNames(node, pseudonyms);
      revealed.unmapped.forEach((p) => unmapped.add(p));
      return revealed.text;
    }
    if (Array.isArray(node)) return node.map(walk);
    if (node !== null && typeof node === 'object') return Object.fromEntries(Object.entries(node).map(([key, child]) => [key, walk(child)]));
    return node;
  };
  return { value: walk(value), unmapped: [...unmapped] };
}

/**
 * While an answer streams, its end may hold half a placeholder ("Stud",
 * "Student "): that much is held back from the preview until the rest comes,
 * so the user never sees a placeholder flicker into a name.
 */
export function withoutPartialPlaceholder(text: string): string {
  const tail = /(?:^|[^\p{L}\p{M}\p{N}])([A-Za-z]{1,7}[ \u00a0]?)$/u.exec(text);
  if (!tail) return text;
  const partial = tail[1]!;
  const word = partial.trimEnd();
  const couldGrow = personRoles.some((role) => role.startsWith(word) || role.toUpperCase().startsWith(word));
  // "Student" then a space, or a prefix of a role word: wait for the letter.
  if (couldGrow && (word.length < partial.length ? personRoles.some((r) => r === word || r.toUpperCase() === word) : true)) {
    return text.slice(0, text.length - partial.length);
  }
  return text;
}
