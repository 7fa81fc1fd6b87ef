import type { EventAttributes } from 'ics';
import { baseNameOf, wellFormed, withoutControlCharacters, type BinaryFile, type ExportInput } from './format';

/*
 * Calendar files: iCalendar (RFC 5545) events that Google
 * Calendar, Outlook and Apple Calendar import, written by the `ics` library.
 * `ics` (and yup, which it validates with: about 75 kB minified, 24 kB
 * gzipped) is loaded only when a calendar is asked for, so the formats that
 * use it are binary formats, whose build is asynchronous.
 *
 * Times are floating ("local" in, "local" out, no time zone and no Z): a
 * session at 17:00 stays at 17:00 in whatever zone the calendar is in, which
 * is what a plan written as "after school" means. Events end at DTEND, which
 * every calendar reads, computed here on the wall clock so a day's sessions
 * can run past midnight.
 *
 * ics escapes the backslash, semicolon, comma and line breaks of TEXT values
 * and folds long lines; what it is given here is already clean: no control
 * characters, one line for a title, "\n" as the only line break.
 */

/** A wall-clock time with no time zone; month 1 to 12. */
export interface FloatingTime {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
}

export interface CalendarEvent {
  /** One line; cut with shortTitle by the caller when it can be long. */
  title: string;
  description?: string;
  start: FloatingTime;
  /** Rounded to whole minutes, at least 1. */
  minutes: number;
  /** Shown as free rather than busy (a reminder, not a session). */
  free?: boolean;
}

/** A calendar day, month 1 to 12. */
export interface CalendarDay {
  year: number;
  month: number;
  day: number;
}

/**
 * A whole-day event (a task due that day): DTSTART;VALUE=DATE, shown in a
 * calendar's all-day row, and free, so it never blocks the day's lessons.
 */
export interface AllDayEvent {
  title: string;
  description?: string;
  day: CalendarDay;
}

export type CalendarEntry = CalendarEvent | AllDayEvent;

/**
 * The longest title or description kept, in characters; longer text is cut
 * at a word with "…". ics folds a line in time that grows with the square of
 * its length (a 70,000-character description took 45 s), and no session note
 * comes near this: the cap keeps a runaway model answer from freezing the page.
 */
export const MAX_CALENDAR_TEXT = 4000;

const MINUTE = 60_000;

/** The wall clock as a number (ms), read and written in UTC so no zone's daylight-saving change moves it. */
const clockOf = (t: FloatingTime) => Date.UTC(t.year, t.month - 1, t.day, t.hour, t.minute);

function fromClock(ms: number): FloatingTime {
  const d = new Date(ms);
  return { year: d.getUTCFullYear(), month: d.getUTCMonth() + 1, day: d.getUTCDate(), hour: d.getUTCHours(), minute: d.getUTCMinutes() };
}

export function addMinutes(time: FloatingTime, minutes: number): FloatingTime {
  return fromClock(clockOf(time) + minutes * MINUTE);
}

/** A moment as the wall clock where this runs (the browser's zone). */
export function floatingOf(date: Date): FloatingTime {
  return { year: date.getFullYear(), month: date.getMonth() + 1, day: date.getDate(), hour: date.getHours(), minute: date.getMinutes() };
}

/** Cut at a word (by code points, so no emoji is split) with "…", when longer than max. */
function cut(text: string, max: number): string {
  const points = Array.from(text);
  if (points.length <= max) return text;
  const head = points.slice(0, max - 1).join('');
  const space = head.search(/\s\S*$/);
  return `${(space > max / 2 ? head.slice(0, space) : head).trimEnd()}…`;
}

/** One line: control characters gone, line breaks and tabs a space, runs of spaces one. */
export function oneLine(text: string): string {
  return wellFormed(withoutControlCharacters(text))
    .replace(/[\t\n\r\u0085\u2028\u2029]/g, ' ')
    .replace(/ {2,}/g, ' ')
    .trim();
}

/** A title: one line, cut to max characters. */
export function shortTitle(text: string, max = 80): string {
  return cut(oneLine(text), max);
}

/** A description: control characters gone, every kind of line break "\n", cut to MAX_CALENDAR_TEXT. */
export function calendarText(text: string): string {
  const lines = wellFormed(text)
    .replace(/\r\n?|[\u0085\u2028\u2029]/g, '\n')
    .split('\n')
    .map((line) => withoutControlCharacters(line).trimEnd());
  return cut(lines.join('\n').trim(), MAX_CALENDAR_TEXT);
}

/** A calendar's name is TEXT too, and ics writes it as given: escaped here. */
function escapedName(name: string): string {
  return shortTitle(name, 120).replace(/[\\;,]/g, (c) => `\\${c}`);
}

const dateArray = (t: FloatingTime): [number, number, number, number, number] => [t.year, t.month, t.day, t.hour, t.minute];

/** The day after, on the calendar (DTEND of a whole-day event is the next day, RFC 5545 3.6.1). */
function nextDay({ year, month, day }: CalendarDay): [number, number, number] {
  const d = new Date(Date.UTC(year, month - 1, day + 1));
  return [d.getUTCFullYear(), d.getUTCMonth() + 1, d.getUTCDate()];
}

function attributesOf(event: CalendarEntry): EventAttributes {
  const description = event.description === undefined ? '' : calendarText(event.description);
  const text = {
    title: shortTitle(event.title, MAX_CALENDAR_TEXT) || 'Study session',
    ...(description ? { description } : {}),
  };
  if ('day' in event) {
    const { year, month, day } = event.day;
    return { ...text, start: [year, month, day], end: nextDay(event.day), transp: 'TRANSPARENT', busyStatus: 'FREE' };
  }
  const minutes = Math.max(1, Math.round(event.minutes));
  return {
    ...text,
    start: dateArray(event.start),
    startInputType: 'local',
    startOutputType: 'local',
    end: dateArray(addMinutes(event.start, minutes)),
    endInputType: 'local',
    endOutputType: 'local',
    ...(event.free ? { transp: 'TRANSPARENT' as const, busyStatus: 'FREE' as const } : {}),
  };
}

export type CalendarWriter = (events: readonly CalendarEntry[], name?: string) => string;

/** Loads ics, then writes events as the text of an .ics file (throws, with a reason a user can read, when it cannot). */
export async function loadCalendarWriter(): Promise<CalendarWriter> {
  const { createEvents } = await import('ics');
  return (events, name) => {
    if (events.length === 0) throw new Error('There is nothing here to put in a calendar.');
    const header = { productId: 'StudyForge', ...(name && oneLine(name) ? { calName: escapedName(name) } : {}) };
    const { error, value } = createEvents(events.map(attributesOf), header);
    if (error || !value) throw new Error(`The calendar file could not be made${error?.message ? ` (${error.message})` : ''}.`);
    return value;
  };
}

/** The .ics file of a result's events, named after the tool and topic. */
export async function calendarFile(input: ExportInput, events: readonly CalendarEntry[]): Promise<BinaryFile> {
  const write = await loadCalendarWriter();
  const baseName = baseNameOf(input);
  return {
    baseName: `${baseName} - Calendar`,
    extension: 'ics',
    type: 'text/calendar;charset=utf-8',
    bytes: new TextEncoder().encode(write(events, baseName)),
  };
}
