/*
 * The dates in a study plan's day headings ("Monday 23 November", "Mon,
 * November 23rd", "2026-11-23"), and the year each falls in: the headings
 * name none, so the plan is placed near when it was made.
 */

/** A day's length in milliseconds: dates here are whole days at midnight UTC. */
export const DAY_MS = 86_400_000;


const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];
const WEEKDAYS = ['sun', 'mon', 'tue', 'wed', 'thu', 'fri', 'sat'];
const MONTH = 'january|february|march|april|may|june|july|august|september|october|november|december|jan|feb|mar|apr|jun|jul|aug|sept|sep|oct|nov|dec';
const WEEKDAY = 'monday|tuesday|wednesday|thursday|friday|saturday|sunday|mon|tues|tue|wed|thurs|thur|thu|fri|sat|sun';
const ORDINAL = '(?:st|nd|rd|th)?';
const DAY_FIRST = new RegExp(`\\b(\\d{1,2})${ORDINAL}\\s+(?:of\\s+)?(${MONTH})\\b\\.?(?:,?\\s+(\\d{4})\\b)?`, 'i');
const MONTH_FIRST = new RegExp(`\\b(${MONTH})\\.?\\s+(\\d{1,2})${ORDINAL}\\b(?:,?\\s+(\\d{4})\\b)?`, 'i');
const ISO_DATE = /\b(\d{4})-(\d{2})-(\d{2})\b/;
const WEEKDAY_NAME = new RegExp(`\\b(${WEEKDAY})\\b`, 'i');

export interface HeadingDate {
  day: number;
  month: number;
  /** 0 is Sunday, as getUTCDay(). */
  weekday?: number;
  year?: number;
}

const indexIn = (names: string[], word: string) => names.indexOf(word.slice(0, 3).toLowerCase());

/** The date a heading names, if it names one: "Monday 23 November", "Mon, November 23rd", "2026-11-23". */
export function headingDate(text: string): HeadingDate | null {
  const weekdayMatch = WEEKDAY_NAME.exec(text);
  const weekday = weekdayMatch ? { weekday: indexIn(WEEKDAYS, weekdayMatch[1]!) } : {};
  const iso = ISO_DATE.exec(text);
  if (iso) return { year: Number(iso[1]), month: Number(iso[2]), day: Number(iso[3]), ...weekday };
  const dayFirst = DAY_FIRST.exec(text);
  const monthFirst = dayFirst ? null : MONTH_FIRST.exec(text);
  const [day, monthName, year] = dayFirst ? [dayFirst[1], dayFirst[2], dayFirst[3]] : monthFirst ? [monthFirst[2], monthFirst[1], monthFirst[3]] : [];
  if (!day || !monthName) return null;
  const n = Number(day);
  if (n < 1 || n > 31) return null;
  return { day: n, month: indexIn(MONTHS, monthName) + 1, ...(year ? { year: Number(year) } : {}), ...weekday };
}

export interface CalendarDate {
  year: number;
  month: number;
  day: number;
}

/** The date's time at midnight UTC, or null when there is no such day (31 April, 29 February of a common year). */
export function timeOf(date: CalendarDate): number | null {
  const time = Date.UTC(date.year, date.month - 1, date.day);
  const d = new Date(time);
  return d.getUTCFullYear() === date.year && d.getUTCMonth() === date.month - 1 && d.getUTCDate() === date.day ? time : null;
}

/**
 * The year of each heading's date. The headings name no year, so the plan is
 * placed near when it was made (madeAt): its days run forward from its first
 * one, into the next year when the month goes back (a plan made in late
 * December whose days run into January). Of the three years around madeAt's,
 * the one where the most named weekdays fall on their dates wins ("Monday 23
 * November" is a Monday in 2026 only); on a tie, when no weekday is named or
 * fits, the first in which the plan starts on or after a week before madeAt.
 * A heading that names its year keeps it.
 */
export function planDates(dates: readonly (HeadingDate | null)[], madeAt: Date): (CalendarDate | null)[] {
  const madeYear = madeAt.getUTCFullYear();
  const floor = Date.UTC(madeYear, madeAt.getUTCMonth(), madeAt.getUTCDate()) - 7 * DAY_MS;
  type Candidate = { dates: (CalendarDate | null)[]; score: number; first: number | null };
  const candidates: Candidate[] = [madeYear - 1, madeYear, madeYear + 1].map((startYear) => {
    let year = startYear;
    let previous: number | null = null;
    let score = 0;
    let first: number | null = null;
    const resolved = dates.map((d) => {
      if (!d) return null;
      const key = d.month * 100 + d.day;
      if (d.year !== undefined) year = d.year;
      else if (previous !== null && key < previous) year += 1;
      previous = key;
      const date = { year, month: d.month, day: d.day };
      const time = timeOf(date);
      if (time === null) return null;
      first ??= time;
      if (d.weekday !== undefined && new Date(time).getUTCDay() === d.weekday) score += 1;
      return date;
    });
    return { dates: resolved, score, first };
  });
  const rank = (c: Candidate) => (c.first === null ? -Infinity : c.first >= floor ? -c.first : c.first - 1e15);
  candidates.sort((a, b) => b.score - a.score || rank(b) - rank(a));
  return candidates[0]!.dates;
}
