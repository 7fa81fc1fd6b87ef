import type { CardGrade } from './schedule';

/*
 * One sitting at the Study screen: what was answered, which cards are worth
 * waiting for, and how the screen says when. Cards still being learned come
 * back within minutes (FSRS learning steps); a student who stays sees them
 * again in the same sitting instead of being told to come back later.
 */

/**
 * How soon a card must be due for the screen to wait for it with a
 * countdown rather than end the session (Anki's "learn ahead" limit): every
 * learning step of the scheduler (1 and 10 minutes, 10 for relearning) fits.
 */
export const WAIT_LIMIT_MS = 20 * 60_000;

export interface SessionTally {
  /** Answers given, per grade. */
  byGrade: Readonly<Record<CardGrade, number>>;
  /** The cards answered at least once. */
  cardIds: readonly string[];
}

export const emptyTally: SessionTally = { byGrade: { 1: 0, 2: 0, 3: 0, 4: 0 }, cardIds: [] };

export function withAnswer(tally: SessionTally, cardId: string, grade: CardGrade): SessionTally {
  return {
    byGrade: { ...tally.byGrade, [grade]: tally.byGrade[grade] + 1 },
    cardIds: tally.cardIds.includes(cardId) ? tally.cardIds : [...tally.cardIds, cardId],
  };
}

export function answersIn(tally: SessionTally): number {
  return tally.byGrade[1] + tally.byGrade[2] + tally.byGrade[3] + tally.byGrade[4];
}

/** When the screen, with nothing due, should show the next card: its due time if soon enough to wait for, else null. */
export function waitFor(nextDue: Date | null, now: Date): Date | null {
  if (!nextDue) return null;
  const wait = nextDue.getTime() - now.getTime();
  return wait > 0 && wait <= WAIT_LIMIT_MS ? nextDue : null;
}

/** "0:58", "12:05": the time left as a clock shows it, never 0:00 while something is left. */
export function countdown(until: Date, now: Date): string {
  const seconds = Math.max(0, Math.ceil((until.getTime() - now.getTime()) / 1000));
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
}

/** Whole minutes left, rounded up: what a screen reader hears, so it changes once a minute, not every second. */
export function minutesUntil(until: Date, now: Date): number {
  return Math.max(1, Math.ceil((until.getTime() - now.getTime()) / 60_000));
}

const time = new Intl.DateTimeFormat(undefined, { timeStyle: 'short' });
const weekday = new Intl.DateTimeFormat(undefined, { weekday: 'long' });
const dayMonth = new Intl.DateTimeFormat(undefined, { day: 'numeric', month: 'long' });
const dayMonthYear = new Intl.DateTimeFormat(undefined, { day: 'numeric', month: 'long', year: 'numeric' });

function calendarDaysBetween(from: Date, to: Date): number {
  const start = new Date(from.getFullYear(), from.getMonth(), from.getDate());
  const end = new Date(to.getFullYear(), to.getMonth(), to.getDate());
  return Math.round((end.getTime() - start.getTime()) / 86_400_000);
}

/**
 * When a card is due, as a student says it: "in 25 minutes, at 10:25",
 * "today at 3:30 PM", "tomorrow at 9:00 AM", "on Tuesday", "on 12 December".
 * A time already here reads "now"; a moment away, "in less than a minute".
 */
export function dueInWords(when: Date, now: Date): string {
  const ms = when.getTime() - now.getTime();
  if (ms <= 0) return 'now';
  if (ms < 60_000) return 'in less than a minute';
  const days = calendarDaysBetween(now, when);
  if (ms < 3_600_000) return `in ${Math.round(ms / 60_000)} ${Math.round(ms / 60_000) === 1 ? 'minute' : 'minutes'}, at ${time.format(when)}`;
  if (days === 0) return `today at ${time.format(when)}`;
  if (days === 1) return `tomorrow at ${time.format(when)}`;
  if (days < 7) return `on ${weekday.format(when)}`;
  return `on ${(when.getFullYear() === now.getFullYear() ? dayMonth : dayMonthYear).format(when)}`;
}
