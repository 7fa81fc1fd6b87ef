import { describe, expect, it } from 'vitest';
import { answersIn, countdown, dueInWords, emptyTally, minutesUntil, waitFor, withAnswer, WAIT_LIMIT_MS } from './studySession';
import { grade, newRecord, dueAt } from './schedule';

/*
 * A sitting at the Study screen: a card answered Again is worth waiting for
 * (it is back in a minute), one answered Easy is not; the countdown reads as
 * a clock; the summary counts answers per grade and says when the next card
 * is due in words, never "now" for a time still to come.
 */

const now = new Date(2026, 10, 25, 10, 0, 0);
const at = (ms: number) => new Date(now.getTime() + ms);

describe('waiting for a card within the session', () => {
  it('waits for a card answered Again (its learning step is a minute), not for one answered Easy', () => {
    const again = grade(newRecord(now), 1, now, 'r1');
    const easy = grade(newRecord(now), 4, now, 'r2');
    expect(waitFor(dueAt(again), now)).toEqual(dueAt(again));
    expect(waitFor(dueAt(easy), now)).toBeNull();
  });

  it('waits for a card due within the limit, not for one already due, none, or one further off', () => {
    expect(waitFor(at(WAIT_LIMIT_MS), now)).toEqual(at(WAIT_LIMIT_MS));
    expect(waitFor(at(WAIT_LIMIT_MS + 1), now)).toBeNull();
    expect(waitFor(now, now)).toBeNull();
    expect(waitFor(null, now)).toBeNull();
  });

  it('counts down as a clock does, rounding up so it never shows 0:00 with time left', () => {
    expect(countdown(at(58_000), now)).toBe('0:58');
    expect(countdown(at(57_200), now)).toBe('0:58');
    expect(countdown(at(600_000), now)).toBe('10:00');
    expect(countdown(at(100), now)).toBe('0:01');
    expect(countdown(at(-5_000), now)).toBe('0:00');
  });

  it('announces whole minutes only, so a screen reader hears a change once a minute, not every second', () => {
    expect([60_000, 59_000, 1_000].map((ms) => minutesUntil(at(ms), now))).toEqual([1, 1, 1]);
    expect(minutesUntil(at(61_000), now)).toBe(2);
    expect(minutesUntil(at(600_000), now)).toBe(10);
  });
});

describe('the session summary', () => {
  it('counts answers per grade and the cards answered, a card answered twice once', () => {
    const tally = [
      ['a', 1],
      ['b', 3],
      ['a', 3],
      ['c', 4],
    ].reduce((t, [id, g]) => withAnswer(t, id as string, g as 1 | 3 | 4), emptyTally);
    expect(tally.byGrade).toEqual({ 1: 1, 2: 0, 3: 2, 4: 1 });
    expect(tally.cardIds).toEqual(['a', 'b', 'c']);
    expect(answersIn(tally)).toBe(4);
    expect(emptyTally.byGrade[1]).toBe(0);
  });

  it('says when the next card is due as a student would, never "now" for a time to come', () => {
    // The formatted parts in the locale the tests run in, as the person's browser would show them.
    const clock = (d: Date) => new Intl.DateTimeFormat(undefined, { timeStyle: 'short' }).format(d);
    const date = (d: Date, year = false) => new Intl.DateTimeFormat(undefined, { day: 'numeric', month: 'long', ...(year ? { year: 'numeric' } : {}) }).format(d);
    expect(dueInWords(at(30_000), now)).toBe('in less than a minute');
    expect(dueInWords(at(25 * 60_000), now)).toBe(`in 25 minutes, at ${clock(at(25 * 60_000))}`);
    expect(dueInWords(at(60_000), now)).toBe(`in 1 minute, at ${clock(at(60_000))}`);
    const afternoon = new Date(2026, 10, 25, 15, 30);
    expect(dueInWords(afternoon, now)).toBe(`today at ${clock(afternoon)}`);
    const tomorrow = new Date(2026, 10, 26, 9, 0);
    expect(dueInWords(tomorrow, now)).toBe(`tomorrow at ${clock(tomorrow)}`);
    const saturday = new Date(2026, 10, 28, 9, 0);
    expect(dueInWords(saturday, now)).toBe(`on ${new Intl.DateTimeFormat(undefined, { weekday: 'long' }).format(saturday)}`);
    const december = new Date(2026, 11, 12, 9, 0);
    expect(dueInWords(december, now)).toBe(`on ${date(december)}`);
    const nextYear = new Date(2027, 0, 12, 9, 0);
    expect(dueInWords(nextYear, now)).toBe(`on ${date(nextYear, true)}`);
    expect(dueInWords(nextYear, now)).toContain('2027');
    expect(dueInWords(now, now)).toBe('now');
  });
});
