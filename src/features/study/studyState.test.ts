// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { storageKeys } from '../../kernel/stored/storage';
import { grade, newRecord } from './schedule';
import { readStudyData, writeStudyData } from './studyStorage';
import { useStudy } from './studyState';

/*
 * The study store across tabs and a full storage: another tab's
 * reviews are merged in, never overwritten, and a grade that could not be
 * written is kept, reported, and written with the next one.
 */

const PROJECT = 'proj_1';
const SAVED_AT = '2026-11-25T09:00:00.000Z';
const key = storageKeys.study(PROJECT);

beforeEach(() => {
  localStorage.clear();
  useStudy.setState({ data: {}, unsaved: {} });
});
afterEach(() => vi.restoreAllMocks());

describe('the study store', () => {
  it("merges another tab's reviews of the same card with this tab's, and keeps both when it writes next", () => {
    useStudy.getState().grade(PROJECT, 'a:0', 3, SAVED_AT);
    // The other tab graded the same card and wrote its copy (without this tab's review).
    const theirs = grade(newRecord(new Date(SAVED_AT)), 1, new Date('2026-11-25T09:05:00.000Z'), 'other-tab');
    writeStudyData(PROJECT, { cards: { 'a:0': theirs, 'b:0': newRecord(new Date(SAVED_AT)) }, attempts: {} });
    useStudy.getState().syncFromStorage(key);
    const held = useStudy.getState().data[PROJECT]!;
    expect(held.cards['a:0']!.reviews).toHaveLength(2);
    expect(Object.keys(held.cards).sort()).toEqual(['a:0', 'b:0']);
    useStudy.getState().grade(PROJECT, 'a:0', 4, SAVED_AT);
    expect(readStudyData(PROJECT).cards['a:0']!.reviews.map((r) => r.grade).sort()).toEqual([1, 3, 4]);
  });

  it('a full storage keeps the grade, says why, and the next grade writes both', () => {
    const setItem = vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('full', 'QuotaExceededError');
    });
    expect(useStudy.getState().grade(PROJECT, 'a:0', 3, SAVED_AT)).toBe(false);
    expect(useStudy.getState().unsaved[PROJECT]).toMatch(/storage/i);
    expect(useStudy.getState().data[PROJECT]!.cards['a:0']!.reviews).toHaveLength(1);
    setItem.mockRestore();
    expect(useStudy.getState().grade(PROJECT, 'a:1', 3, SAVED_AT)).toBe(true);
    expect(useStudy.getState().unsaved[PROJECT]).toBeUndefined();
    expect(Object.keys(readStudyData(PROJECT).cards).sort()).toEqual(['a:0', 'a:1']);
  });

  it('records quiz attempts per saved item, oldest first', () => {
    useStudy.getState().recordAttempt(PROJECT, 'art_1', { score: 3, total: 5, missed: [1, 4] });
    useStudy.getState().recordAttempt(PROJECT, 'art_1', { score: 1, total: 2, missed: [4] });
    expect(readStudyData(PROJECT).attempts.art_1!.map((a) => a.score)).toEqual([3, 1]);
  });
});
