// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { storageKeys } from '../../kernel/stored/storage';
import { cardsOf } from './cards';
import { buildDeck, dueCards, endOfDay, summarise } from './deck';
import { dueAt, grade, isDue, mergeRecords, newRecord, nextDueByGrade, type CardRecord } from './schedule';
import { mergeCardRecords, readStudyData, writeStudyData } from './studyStorage';
import { loadProjectFile } from '../projects';

/*
 * The scheduling wrapper around ts-fsrs: when a card is due, what
 * grading does, how two tabs' reviews of the same deck become one, and that
 * a corrupted record costs that card its schedule, never the deck.
 */

const t0 = new Date('2026-11-25T09:00:00.000Z');
const minutes = (n: number) => new Date(t0.getTime() + n * 60_000);
const days = (n: number) => new Date(t0.getTime() + n * 86_400_000);

function gradedAll(record: CardRecord, grades: readonly [1 | 2 | 3 | 4, Date, string][]): CardRecord {
  return grades.reduce((r, [g, at, id]) => grade(r, g, at, id), record);
}

describe('due', () => {
  it('a new card is due at once; Good sends it away for minutes, then for days; Again brings it back soonest', () => {
    const fresh = newRecord(t0);
    expect(isDue(fresh, t0)).toBe(true);
    const once = grade(fresh, 3, t0, 'r1');
    expect(isDue(once, t0)).toBe(false);
    expect(dueAt(once).getTime()).toBeGreaterThan(t0.getTime());
    expect(dueAt(once).getTime()).toBeLessThan(minutes(60).getTime());
    const twice = grade(once, 3, dueAt(once), 'r2');
    expect(dueAt(twice).getTime()).toBeGreaterThan(days(1).getTime());
    const forgot = grade(twice, 1, dueAt(twice), 'r3');
    expect(dueAt(forgot).getTime() - dueAt(twice).getTime()).toBeLessThan(60 * 60_000);
    expect(forgot.reviews.map((r) => r.grade)).toEqual([3, 3, 1]);
  });

  it('the grade buttons preview later times for better grades', () => {
    const next = nextDueByGrade(grade(newRecord(t0), 3, t0, 'r1'), minutes(10));
    expect(next[1].getTime()).toBeLessThan(next[3].getTime());
    expect(next[3].getTime()).toBeLessThan(next[4].getTime());
  });

  it('suspended and deleted cards are never due; "today" ends at local midnight', () => {
    const record = newRecord(t0);
    expect(isDue({ ...record, suspended: { value: true, at: t0.toISOString() } }, days(30))).toBe(false);
    expect(isDue({ ...record, deletedAt: t0.toISOString() }, days(30))).toBe(false);
    const end = endOfDay(t0);
    expect(end.getHours()).toBe(23);
    expect(end.getDate()).toBe(new Date(t0).getDate());
  });
});

describe('merging two tabs', () => {
  const base = grade(newRecord(t0), 3, t0, 'r1');
  // Tab A and tab B both graded the card after the shared first review.
  const tabA = grade(base, 3, minutes(15), 'a1');
  const tabB = grade(base, 1, minutes(20), 'b1');

  it('keeps every review of both, in time order, and schedules as if one person made them all', () => {
    const merged = mergeRecords(tabA, tabB);
    expect(merged.reviews.map((r) => r.id)).toEqual(['r1', 'a1', 'b1']);
    const replayed = gradedAll(newRecord(t0), [[3, t0, 'r1'], [3, minutes(15), 'a1'], [1, minutes(20), 'b1']]);
    expect(merged.fsrs).toEqual(replayed.fsrs);
  });

  it('gives the same record whichever tab merges first, and merging again changes nothing', () => {
    expect(mergeRecords(tabA, tabB)).toEqual(mergeRecords(tabB, tabA));
    const merged = mergeRecords(tabA, tabB);
    expect(mergeRecords(merged, tabA)).toEqual(merged);
  });

  it('the later edit and suspension win; a deletion in either tab stands', () => {
    const editedEarly = { ...tabA, edit: { value: { front: 'early', back: 'x' }, at: minutes(1).toISOString() } };
    const editedLate = { ...tabB, edit: { value: { front: 'late', back: 'y' }, at: minutes(2).toISOString() }, deletedAt: minutes(3).toISOString() };
    const merged = mergeRecords(editedEarly, editedLate);
    expect(merged.edit?.value.front).toBe('late');
    expect(merged.deletedAt).toBe(minutes(3).toISOString());
  });

  it('whole decks merge card by card, keeping cards only one tab has', () => {
    const merged = mergeCardRecords({ 'x:0': tabA, 'x:1': base }, { 'x:0': tabB, 'x:2': base });
    expect(Object.keys(merged).sort()).toEqual(['x:0', 'x:1', 'x:2']);
    expect(merged['x:0']!.reviews).toHaveLength(3);
  });
});

describe('stored schedules', () => {
  beforeEach(() => localStorage.clear());
  afterEach(() => vi.restoreAllMocks());

  it('a corrupted card record is dropped on its own, logged; the other cards keep their schedules', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const good = grade(newRecord(t0), 4, t0, 'r1');
    localStorage.setItem(storageKeys.study('proj_1'), JSON.stringify({ cards: { 'a:0': good, 'a:1': { reviews: 'lots' }, 'a:2': { ...good, fsrs: { due: 'never' } } } }));
    const records = readStudyData('proj_1').cards;
    // 'a:1' is no record at all; 'a:2' only has an unreadable cached state, rebuilt from its reviews (the same as 'a:0's).
    expect(Object.keys(records)).toEqual(['a:0', 'a:2']);
    expect(records['a:0']).toEqual(good);
    expect(records['a:2']).toEqual(good);
    expect(warn).toHaveBeenCalledTimes(2);
  });

  it('unreadable study data as a whole gives no schedules, not an error', () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    localStorage.setItem(storageKeys.study('proj_1'), '{not json');
    expect(readStudyData('proj_1')).toEqual({ cards: {}, attempts: {} });
  });

  it('what is written reads back the same', () => {
    const records = { 'a:0': grade(newRecord(t0), 2, t0, 'r1') };
    const attempts = { art_9: [{ id: 'q1', at: t0.toISOString(), score: 3, total: 5, missed: [1, 4] }] };
    writeStudyData('proj_1', { cards: records, attempts });
    expect(readStudyData('proj_1')).toEqual({ cards: records, attempts });
  });
});

describe('a deck from saved items', () => {
  const flashcards = { id: 'art_1', createdAt: t0.toISOString(), toolId: 'flashcard-generator', data: [{ question: 'Q1', answer: 'A1' }, { question: 'Q2', answer: 'A2' }] };
  const glossary = { id: 'art_2', createdAt: t0.toISOString(), toolId: 'keyword-extractor', data: { keywords: ['x'], definitions: [{ term: 'Mantle', definition: 'The layer under the crust.' }] } };
  const quiz = { id: 'art_3', createdAt: t0.toISOString(), toolId: 'quiz-whiz', data: [{ question: 'Q', answer: 'A', options: ['A', 'B'] }] };

  it('takes flashcards and term/definition pairs, not quiz questions', () => {
    expect(cardsOf('art_2', glossary.data)).toEqual([{ id: 'art_2:0', artifactId: 'art_2', front: 'Mantle', back: 'The layer under the crust.' }]);
    const deck = buildDeck([flashcards, glossary, quiz], {});
    expect(deck.map((c) => c.id)).toEqual(['art_1:0', 'art_1:1', 'art_2:0']);
  });

  it('applies edits, leaves deleted cards out, and counts what is due today', () => {
    const records = {
      'art_1:0': { ...grade(newRecord(t0), 4, t0, 'r1'), edit: { value: { front: 'Q1 edited', back: 'A1' }, at: t0.toISOString() } },
      'art_1:1': { ...newRecord(t0), deletedAt: t0.toISOString() },
    };
    const deck = buildDeck([flashcards, glossary], records);
    expect(deck.map((c) => c.front)).toEqual(['Q1 edited', 'Mantle']);
    const summary = summarise(deck, t0);
    expect(summary).toMatchObject({ cards: 2, dueToday: 1, suspended: 0 });
    expect(summary.nextDue?.toISOString()).toBe(t0.toISOString());
    expect(dueCards(deck, endOfDay(t0)).map((c) => c.id)).toEqual(['art_2:0']);
  });
});

describe('study data in an export file', () => {
  beforeEach(() => localStorage.clear());
  afterEach(() => vi.restoreAllMocks());

  it('goes out with the project and comes back merged with what is here; an unreadable record is dropped alone', async () => {
    const { projectExportJson, parseProjectExport } = await loadProjectFile();
    const { importStudyData } = await import('./studyStorage');
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const project = { id: 'proj_1', name: 'Planets', createdAt: t0.toISOString() };
    const exported = { cards: { 'a:0': grade(newRecord(t0), 3, t0, 'r1'), 'a:1': { reviews: 'broken' } }, attempts: { a: [{ id: 'q1', at: t0.toISOString(), score: 1, total: 2, missed: [0] }] } };
    const parsed = parseProjectExport(projectExportJson(project, [], t0.toISOString(), exported), t0.getTime() + 1000);
    expect(parsed.ok).toBe(true);
    if (!parsed.ok) return;
    // Here already: a later review of the same card, made in this browser.
    writeStudyData('proj_1', { cards: { 'a:0': grade(grade(newRecord(t0), 3, t0, 'r1'), 1, minutes(30), 'here') }, attempts: {} });
    importStudyData('proj_1', parsed.file.study!);
    const merged = readStudyData('proj_1');
    expect(Object.keys(merged.cards)).toEqual(['a:0']);
    expect(merged.cards['a:0']!.reviews.map((r) => r.id)).toEqual(['r1', 'here']);
    expect(merged.attempts.a).toHaveLength(1);
  });
});
