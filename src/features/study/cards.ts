/*
 * Which saved results hold flashcards: the Flashcard Generator's
 * deck (question/answer), and any result with term/definition pairs (the
 * Keyword Extractor's glossary, say), wherever they sit in it. Each card is
 * named by its saved item and its place there, so the same card keeps its
 * schedule across reloads, tabs and export files.
 */

export interface CardFace {
  /** `<artifact id>:<n>`, n counting the pairs found in the item, in order. */
  id: string;
  artifactId: string;
  front: string;
  back: string;
}

const PAIRS: readonly (readonly [string, string])[] = [
  ['question', 'answer'],
  ['term', 'definition'],
  ['front', 'back'],
];

/** How deep a result is searched: results nest lists in sections, not deeper (and stored data is untrusted). */
const MAX_DEPTH = 4;

function pairOf(value: unknown): [string, string] | null {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return null;
  const record = value as Record<string, unknown>;
  // A quiz question has a question and an answer too, but it is studied by retaking the quiz (its options are the point).
  if ('options' in record) return null;
  for (const [frontKey, backKey] of PAIRS) {
    const front = record[frontKey];
    const back = record[backKey];
    if (typeof front === 'string' && typeof back === 'string' && front.trim() !== '' && back.trim() !== '') return [front.trim(), back.trim()];
  }
  return null;
}

/** The cards a saved result holds: a list whose every entry is a pair, found anywhere in it; none for other results. */
export function cardsOf(artifactId: string, data: unknown): CardFace[] {
  const cards: CardFace[] = [];
  const visit = (value: unknown, depth: number): void => {
    if (depth > MAX_DEPTH || typeof value !== 'object' || value === null) return;
    if (Array.isArray(value)) {
      const pairs = value.map(pairOf);
      if (pairs.length > 0 && pairs.every((p) => p !== null)) {
        for (const pair of pairs as [string, string][]) cards.push({ id: `${artifactId}:${cards.length}`, artifactId, front: pair[0], back: pair[1] });
        return;
      }
      for (const item of value) visit(item, depth + 1);
      return;
    }
    for (const item of Object.values(value)) visit(item, depth + 1);
  };
  visit(data, 0);
  return cards;
}
