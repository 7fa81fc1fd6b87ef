import type { Artifact } from '../projects';
import { cardsOf, type CardFace } from './cards';
import { dueAt, isDue, isSuspended, newRecord, type CardRecord } from './schedule';
import type { CardRecords } from './studyStorage';

/*
 * A project's deck: the cards its saved items hold, each with its schedule
 * (a new card's starts when its item was saved), its edits applied, deleted
 * cards left out.
 */

export interface StudyCard extends CardFace {
  record: CardRecord;
}

export function buildDeck(artifacts: readonly Artifact[], records: CardRecords): StudyCard[] {
  const deck: StudyCard[] = [];
  for (const artifact of artifacts) {
    for (const face of cardsOf(artifact.id, artifact.data)) {
      const record = records[face.id] ?? newRecord(new Date(artifact.createdAt));
      if (record.deletedAt !== undefined) continue;
      const edited = record.edit?.value;
      deck.push({ ...face, front: edited?.front ?? face.front, back: edited?.back ?? face.back, record });
    }
  }
  return deck;
}

/** The end of the day `now` falls in, in the person's time zone: "due today" means by then. */
export function endOfDay(now: Date): Date {
  const end = new Date(now);
  end.setHours(23, 59, 59, 999);
  return end;
}

/** Cards due by `until`, soonest first (never reviewed ones by when they were saved). */
export function dueCards(deck: readonly StudyCard[], until: Date): StudyCard[] {
  return deck.filter((card) => isDue(card.record, until)).sort((a, b) => dueAt(a.record).getTime() - dueAt(b.record).getTime() || a.id.localeCompare(b.id));
}

export interface DeckSummary {
  cards: number;
  dueToday: number;
  suspended: number;
  /** The soonest due time of a card not suspended, or null for a deck with none. */
  nextDue: Date | null;
}

export function summarise(deck: readonly StudyCard[], now: Date): DeckSummary {
  const until = endOfDay(now);
  let dueToday = 0;
  let suspended = 0;
  let nextDue: Date | null = null;
  for (const card of deck) {
    if (isSuspended(card.record)) {
      suspended++;
      continue;
    }
    const due = dueAt(card.record);
    if (due.getTime() <= until.getTime()) dueToday++;
    if (!nextDue || due < nextDue) nextDue = due;
  }
  return { cards: deck.length, dueToday, suspended, nextDue };
}
