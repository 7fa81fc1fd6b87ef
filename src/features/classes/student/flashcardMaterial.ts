/*
 * An assignment's flashcards as the gateway hands them over: the Flashcard
 * Generator's result (a list of {question, answer}), whether bare or inside
 * the tool result it came in. Read without trusting it: anything else is
 * not a deck.
 */

export interface StudyCard {
  question: string;
  answer: string;
}

/** As many cards as one sitting can take; the generator makes at most 12. */
const MAX_CARDS = 200;

function isCard(value: unknown): value is StudyCard {
  if (!value || typeof value !== 'object') return false;
  const card = value as Record<string, unknown>;
  return typeof card.question === 'string' && typeof card.answer === 'string' && card.question.trim() !== '';
}

export function flashcardsOf(material: unknown): StudyCard[] | null {
  const inner = material && typeof material === 'object' && !Array.isArray(material) ? (material as Record<string, unknown>) : null;
  const candidates = [material, inner?.data, inner?.cards, inner?.content];
  for (const candidate of candidates) {
    if (Array.isArray(candidate) && candidate.length > 0 && candidate.every(isCard)) {
      return candidate.slice(0, MAX_CARDS).map((card) => ({ question: card.question, answer: card.answer }));
    }
  }
  return null;
}
