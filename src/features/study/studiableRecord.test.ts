// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { storageKeys } from '../../kernel/stored/storage';
import { buildDeck, dueCards, summarise } from './deck';
import { grade, newRecord, nextDueByGrade, type CardRecord } from './schedule';
import { readableRecords, readStudyData } from './studyStorage';

/*
 * One bad study record costs only itself: a deck whose stored records
 * include one the scheduler cannot work from (a review dated in the future,
 * a cached state with a negative, NaN or out-of-range stability or
 * difficulty, an unknown state, a due date that is no date) still opens
 * and studies every card, as the Study screen does (the due cards, the
 * first one's grade buttons, a grade). The bad card keeps what it can (its
 * past reviews, its edit); the other cards keep their schedules exactly.
 */

const now = new Date('2026-11-25T09:00:00.000Z');
const earlier = (days: number) => new Date(now.getTime() - days * 86_400_000);
const later = (days: number) => new Date(now.getTime() + days * 86_400_000);

const artifact = {
  id: 'art_1',
  createdAt: earlier(10).toISOString(),
  toolId: 'flashcard-generator',
  data: [
    { question: 'Q0', answer: 'A0' },
    { question: 'Q1', answer: 'A1' },
    { question: 'Q2', answer: 'A2' },
  ],
};

/** Reviewed twice in the past: a sound record, due again by now. */
const reviewed = (): CardRecord => grade(grade(newRecord(earlier(10)), 3, earlier(10), 'r1'), 3, earlier(9), 'r2');
const sound = { 'art_1:0': reviewed(), 'art_1:2': grade(newRecord(earlier(10)), 1, earlier(3), 'r9') };
const edit = { value: { front: 'Q1, edited', back: 'A1, edited' }, at: earlier(2).toISOString() };

/** The record under test, with its edit, beside two sound ones, stored as the app stores them. */
function storeDeckWith(bad: unknown): void {
  localStorage.setItem(storageKeys.study('proj_1'), JSON.stringify({ cards: { ...sound, 'art_1:1': bad } }));
}

/** What the Study screen does with a deck: lists what is due, shows the first card's grade buttons, grades it; then every other card too. */
function studyEveryCard(records: Readonly<Record<string, CardRecord>>): string[] {
  const deck = buildDeck([artifact], records);
  summarise(deck, now);
  for (const card of deck) {
    nextDueByGrade(card.record, now);
    grade(card.record, 3, now, 'study');
  }
  return dueCards(deck, later(60)).map((card) => card.front);
}

const badRecords: Record<string, () => unknown> = {
  'a review dated in the future, no cached state': () => ({ ...reviewed(), reviews: [...reviewed().reviews, { id: 'r3', at: later(90).toISOString(), grade: 4 }], fsrs: undefined, edit }),
  'a review dated in the future, with the state cached after it': () => {
    const ahead = grade(reviewed(), 4, later(90), 'r3');
    return { ...ahead, edit };
  },
  'a negative stability': () => ({ ...reviewed(), fsrs: { ...reviewed().fsrs, stability: -5 }, edit }),
  'a negative difficulty': () => ({ ...reviewed(), fsrs: { ...reviewed().fsrs, difficulty: -5 }, edit }),
  'a NaN stability (stored as null)': () => ({ ...reviewed(), fsrs: { ...reviewed().fsrs, stability: NaN }, edit }),
  'an unknown state': () => ({ ...reviewed(), fsrs: { ...reviewed().fsrs, state: 9 }, edit }),
  'a fractional state': () => ({ ...reviewed(), fsrs: { ...reviewed().fsrs, state: 1.5 }, edit }),
  'a due date that is no date': () => ({ ...reviewed(), fsrs: { ...reviewed().fsrs, due: 'next Tuesday' }, edit }),
};

beforeEach(() => {
  // Reading judges "in the future" against the clock: the clock is this test's now.
  vi.useFakeTimers({ now, toFake: ['Date'] });
  localStorage.clear();
  vi.spyOn(console, 'warn').mockImplementation(() => undefined);
});
afterEach(() => {
  vi.restoreAllMocks();
  vi.useRealTimers();
});

describe('one bad study record costs only itself', () => {
  for (const [kind, bad] of Object.entries(badRecords)) {
    it(`${kind}: every card of the deck studies; the card keeps its past reviews and edit; the others keep their schedules`, () => {
      storeDeckWith(bad());
      const records = readStudyData('proj_1').cards;
      expect(() => studyEveryCard(records)).not.toThrow();
      expect(studyEveryCard(records).sort()).toEqual(['Q0', 'Q1, edited', 'Q2']);
      expect(records['art_1:0']).toEqual(sound['art_1:0']);
      expect(records['art_1:2']).toEqual(sound['art_1:2']);
      // Its schedule is what its past reviews make it: the same as the sound record with those reviews.
      expect(records['art_1:1']).toEqual({ ...reviewed(), edit });
      expect(console.warn).toHaveBeenCalledWith(expect.stringContaining('card "art_1:1"'));
    });
  }

  it('a NaN held in memory (an import read before it is stored) is set right the same way', () => {
    const records = readableRecords({ ...sound, 'art_1:1': { ...reviewed(), fsrs: { ...reviewed().fsrs, stability: NaN, difficulty: NaN } } }, 'import', now);
    expect(records['art_1:1']).toEqual(reviewed());
    expect(() => studyEveryCard(records)).not.toThrow();
  });

  it('a card made in the future is studied now, not hidden until then', () => {
    storeDeckWith({ createdAt: later(4000).toISOString(), reviews: [], edit });
    const records = readStudyData('proj_1').cards;
    expect(records['art_1:1']).toEqual({ createdAt: now.toISOString(), reviews: [], edit });
    expect(dueCards(buildDeck([artifact], records), now).map((card) => card.front)).toContain('Q1, edited');
  });

  it('a sound deck reads back exactly as stored, nothing logged', () => {
    storeDeckWith(reviewed());
    expect(readStudyData('proj_1').cards).toEqual({ ...sound, 'art_1:1': reviewed() });
    expect(console.warn).not.toHaveBeenCalled();
  });
});
