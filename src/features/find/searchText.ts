/*
 * How every search box reads text: what counts as the same word (case,
 * accents and punctuation do not), and how far a typed word may be from a
 * word it means ("flaschard" for "flashcard"). Shared by the one ranking
 * (toolSearch.ts), so the sidebar, the dashboard filter and the command
 * palette read a query alike.
 */

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
export function slipsAllowed(length: number): number {
  return length < 4 ? 0 : length < 7 ? 1 : 2;
}

/**
 * The slips between a typed word and the beginning of a known word of about its length ("flasc" is one slip
 * from "flash"), when both start with the same letter; undefined past what the typed word's length allows.
 */
export function slipsFrom(typed: string, known: string): number | undefined {
  const allowed = slipsAllowed(typed.length);
  if (allowed === 0 || typed[0] !== known[0]) return undefined;
  let best = allowed + 1;
  for (const length of [typed.length, typed.length + 1, typed.length - 1]) {
    best = Math.min(best, editDistance(typed, known.slice(0, length), allowed));
  }
  return best <= allowed ? best : undefined;
}
