/*
 * Which way an answer reads: one decision for the screen, Word and print,
 * so Arabic, Hebrew, Persian or Urdu is never laid out left to right in one
 * of them and right to left in another. The chosen output language decides
 * when it is written right to left (every part of the answer is asked for in
 * it); otherwise the text's first letter does, as a reader would judge it, so
 * an Arabic passage in an English answer still reads right to left.
 */

export type TextDirection = 'ltr' | 'rtl';

/** Languages written right to left, by their primary subtag (BCP 47). */
const RIGHT_TO_LEFT_LANGUAGES = new Set(['ar', 'arc', 'ckb', 'dv', 'fa', 'he', 'iw', 'ks', 'ps', 'sd', 'syr', 'ug', 'ur', 'yi']);
/** Script subtags written right to left ("pa-Arab", "az-Arab"). */
const RIGHT_TO_LEFT_SCRIPTS = new Set(['adlm', 'arab', 'hebr', 'nkoo', 'rohg', 'samr', 'syrc', 'thaa', 'mand']);

/** Whether a language (a BCP 47 tag such as "ar", "fa-IR" or "pa-Arab") is written right to left. */
export function isRightToLeftLanguage(language: string | undefined): boolean {
  if (!language) return false;
  const [primary = '', ...rest] = language.toLowerCase().split(/[-_]/);
  if (rest.some((subtag) => RIGHT_TO_LEFT_SCRIPTS.has(subtag))) return true;
  return RIGHT_TO_LEFT_LANGUAGES.has(primary) && !rest.some((subtag) => subtag.length === 4);
}

/** A letter: digits, punctuation, spaces and markdown's marks decide nothing (they are weak or neutral in the bidi algorithm). */
const LETTER = /\p{L}/u;
/** Letters of the scripts written right to left. */
const RIGHT_TO_LEFT_LETTER =
  /[\p{Script=Arabic}\p{Script=Hebrew}\p{Script=Syriac}\p{Script=Thaana}\p{Script=Nko}\p{Script=Samaritan}\p{Script=Mandaic}\p{Script=Adlam}\p{Script=Hanifi_Rohingya}]/u;

/** The direction of the first letter in the text, or null when it has none (numbers, symbols, nothing). */
export function firstStrongDirection(text: string): TextDirection | null {
  // Found by scanning, not by a regular expression over the whole text: a long answer stops at its first letter.
  for (const char of text) {
    if (LETTER.test(char)) return RIGHT_TO_LEFT_LETTER.test(char) ? 'rtl' : 'ltr';
  }
  return null;
}

/**
 * The direction an answer (or one block of it) is laid out in: right to left
 * when the chosen output language is written so, else the direction of the
 * text's first letter, left to right when it has none.
 */
export function textDirection(text: string, chosenLanguage?: string): TextDirection {
  if (isRightToLeftLanguage(chosenLanguage)) return 'rtl';
  return firstStrongDirection(text) ?? 'ltr';
}

/**
 * The direction of a result's data: its text values in order, never its keys
 * (a structured answer's keys are English whatever language it is in).
 * Stops at the first value with a letter.
 */
export function dataDirection(data: unknown, chosenLanguage?: string): TextDirection {
  if (isRightToLeftLanguage(chosenLanguage)) return 'rtl';
  return firstStrongIn(data, 0) ?? 'ltr';
}

/** Deep enough for any result's nesting; untrusted data deeper than this decides nothing. */
const MAX_DEPTH = 32;

function firstStrongIn(value: unknown, depth: number): TextDirection | null {
  if (typeof value === 'string') return firstStrongDirection(value);
  if (depth >= MAX_DEPTH || typeof value !== 'object' || value === null) return null;
  for (const item of Array.isArray(value) ? value : Object.values(value)) {
    const found = firstStrongIn(item, depth + 1);
    if (found) return found;
  }
  return null;
}
