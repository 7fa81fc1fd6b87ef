import ICAL from 'ical.js';
import { expect } from 'vitest';

/*
 * A calendar file's events as a calendar reads them (ical.js, Mozilla's
 * iCalendar parser): the calendar exports' tests share it (the export
 * feature's and the sprint renderer's: both may import from renderers/).
 */

export interface ParsedEvent {
  summary: string;
  description: string;
  /** "2026-11-23T17:00:00": floating, no zone. */
  start: string;
  end: string;
  minutes: number;
  floating: boolean;
  /** A whole-day event (DTSTART;VALUE=DATE): start is "2026-12-04". */
  allDay: boolean;
  free: boolean;
}

/** An exported file as the export feature hands it over, as far as reading a calendar needs. */
interface CalendarFile {
  extension: string;
  type: string;
  bytes: Uint8Array;
}

/** Every VEVENT of an .ics export, after checking it is a calendar file. */
export function eventsOf(file: CalendarFile): ParsedEvent[] {
  expect(file.extension).toBe('ics');
  expect(file.type).toBe('text/calendar;charset=utf-8');
  const text = new TextDecoder('utf-8', { fatal: true }).decode(file.bytes);
  const calendar = new ICAL.Component(ICAL.parse(text));
  expect(calendar.name).toBe('vcalendar');
  return calendar.getAllSubcomponents('vevent').map((vevent) => {
    const event = new ICAL.Event(vevent);
    const dtstart = vevent.getFirstProperty('dtstart');
    return {
      summary: event.summary,
      description: event.description ?? '',
      start: event.startDate.toString(),
      end: event.endDate.toString(),
      minutes: event.duration.toSeconds() / 60,
      floating: !event.startDate.isDate && event.startDate.zone?.tzid === 'floating' && !dtstart?.getParameter('tzid') && !/Z$/.test(String(dtstart?.getFirstValue())),
      allDay: event.startDate.isDate,
      free: vevent.getFirstPropertyValue('transp') === 'TRANSPARENT',
    };
  });
}
