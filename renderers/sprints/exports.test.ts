import { describe, expect, it } from 'vitest';
import { MAX_CALENDAR_TEXT, type BinaryFile, type ExportInput } from '../../src/features/export';
import { xssPayloads } from '../../src/kernel/testing/xssPayloadList';
import { eventsOf } from '../../src/kernel/testing/calendarEvents';
import { sessionStart, sprintEvents, sprintsCalendarFormat, sprintsCalendarFormatWith, sprintsExports } from './exports';

/*
 * A sprint plan as a calendar, read back with a real iCalendar parser
 * (ical.js, Mozilla's).
 */


const context = { document: () => ({ title: '', meta: [], blocks: [] }) };
const input = (data: unknown, madeAt?: string): ExportInput => ({ toolTitle: 'Focus Sprint Planner', topic: 'Cell division', data, ...(madeAt ? { madeAt } : {}) });

const pomodoro = {
  sprints: [
    { duration: 25, activity: 'Write the stages of mitosis in order', type: 'work' as const },
    { duration: 5, activity: 'Stand up and stretch', type: 'break' as const },
    { duration: 25, activity: 'Compare mitosis and meiosis in a table', type: 'work' as const },
  ],
};

/** The wall clock of a Date where the test runs, as ical.js prints a floating time. */
const wallClock = (d: Date) =>
  `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}T${String(d.getHours()).padStart(2, '0')}:${String(d.getMinutes()).padStart(2, '0')}:00`;

describe('sprint plan as a calendar (.ics)', () => {
  it('is the sprints renderer’s one export format', () => {
    expect(sprintsExports.formats).toEqual([sprintsCalendarFormat]);
    expect(sprintsCalendarFormat).toMatchObject({ key: 'ics', kind: 'binary', label: 'Calendar (.ics)' });
  });

  it('lays the sprints end to end from the start: 25 work, 5 break, 25 work from 14:00', () => {
    const events = sprintEvents(pomodoro, new Date(2026, 10, 23, 14, 0));
    expect(events.map((e) => [e.title, e.start.hour, e.start.minute, e.minutes])).toEqual([
      ['Write the stages of mitosis in order', 14, 0, 25],
      ['Break: Stand up and stretch', 14, 25, 5],
      ['Compare mitosis and meiosis in a table', 14, 30, 25],
    ]);
    expect(events.every((e) => e.start.year === 2026 && e.start.month === 11 && e.start.day === 23)).toBe(true);
    expect(events.map((e) => e.description)).toEqual(pomodoro.sprints.map((s) => s.activity));
  });

  it('runs past midnight onto the next day, and leaves out sprints of no minutes', () => {
    const late = {
      sprints: [
        { duration: 50, activity: 'Late work', type: 'work' as const },
        { duration: 0, activity: 'Nothing', type: 'break' as const },
        { duration: 20.4, activity: 'Later', type: 'work' as const },
      ],
    };
    const events = sprintEvents(late, new Date(2026, 11, 31, 23, 30));
    expect(events.map((e) => [e.title, e.start, e.minutes])).toEqual([
      ['Late work', { year: 2026, month: 12, day: 31, hour: 23, minute: 30 }, 50],
      ['Later', { year: 2027, month: 1, day: 1, hour: 0, minute: 20 }, 20],
    ]);
  });

  it('starts at the next quarter hour after it was made when that is ahead, else after now', () => {
    const now = new Date('2026-11-23T13:52:10Z');
    expect(sessionStart(undefined, now).toISOString()).toBe('2026-11-23T14:00:00.000Z');
    expect(sessionStart('2026-11-20T09:00:00Z', now).toISOString()).toBe('2026-11-23T14:00:00.000Z');
    expect(sessionStart('2026-11-23T14:05:00Z', now).toISOString()).toBe('2026-11-23T14:15:00.000Z');
    expect(sessionStart('2026-11-23T14:30:00Z', now).toISOString()).toBe('2026-11-23T14:30:00.000Z');
    expect(sessionStart('not a date', now).toISOString()).toBe('2026-11-23T14:00:00.000Z');
    expect(sessionStart(undefined, new Date('2026-11-23T14:00:00Z')).toISOString()).toBe('2026-11-23T14:00:00.000Z');
  });

  it('builds an .ics file whose floating events start at the next quarter hour from now', async () => {
    const now = new Date(2026, 10, 23, 13, 52);
    const format = sprintsCalendarFormatWith(() => now);
    const file = await format.build(input(pomodoro, '2026-11-20T09:00:00Z'), context);
    expect(file.baseName).toBe('Focus Sprint Planner - Cell division - Calendar');
    const events = eventsOf(file);
    expect(events.map(({ free: _free, ...rest }) => rest)).toEqual([
      {
        summary: 'Write the stages of mitosis in order',
        description: 'Write the stages of mitosis in order',
        start: '2026-11-23T14:00:00',
        end: '2026-11-23T14:25:00',
        minutes: 25,
        floating: true,
        allDay: false,
      },
      { summary: 'Break: Stand up and stretch', description: 'Stand up and stretch', start: '2026-11-23T14:25:00', end: '2026-11-23T14:30:00', minutes: 5, floating: true, allDay: false },
      {
        summary: 'Compare mitosis and meiosis in a table',
        description: 'Compare mitosis and meiosis in a table',
        start: '2026-11-23T14:30:00',
        end: '2026-11-23T14:55:00',
        minutes: 25,
        floating: true,
        allDay: false,
      },
    ]);
    // Made a moment ahead of now (a clock a little fast): from then.
    const ahead = new Date(2026, 10, 23, 14, 5);
    const [first] = eventsOf(await format.build(input(pomodoro, ahead.toISOString()), context));
    expect(first!.start).toBe(wallClock(new Date(2026, 10, 23, 14, 15)));
  });

  it('keeps hostile activities as the same text through iCalendar escaping, and the file still parses', async () => {
    const nasty = [
      'Commas, commas, and more, commas',
      'Semi; colons; everywhere;',
      'Back\\slash \\n \\, \\; \\\\ C:\\Users\\',
      'Two\nlines\n\nand a blank one',
      'Windows\r\nline ends\rand a lone CR',
      'Emoji 😀 👩‍👩‍👧‍👦 🇬🇧 👍🏽',
      'مراجعة الكيمياء: المولات، والتنفس؛ ثم اختبار',
      'Control\u0000char\u0007acters\u001b[31m and\u007f DEL',
      'BEGIN:VEVENT\nEND:VCALENDAR\nSUMMARY:injected',
      ' \tpadded with white space\t ',
    ];
    const activities = [...xssPayloads.map((p) => p.payload), ...nasty];
    const plan = { sprints: activities.map((activity, i) => ({ duration: 1, activity, type: i % 2 ? ('break' as const) : ('work' as const) })) };
    const format = sprintsCalendarFormatWith(() => new Date(2026, 10, 23, 9, 0));
    const events = eventsOf(await format.build(input(plan), context));
    expect(events).toHaveLength(activities.length);

    // What a calendar may not hold: control characters; every line break becomes "\n"; space at the ends of lines goes.
    const expected = (text: string) =>
      text
        .replace(/\r\n?/g, '\n')
        .replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/g, '')
        .split('\n')
        .map((line) => line.trimEnd())
        .join('\n')
        .trim();
    events.forEach((event, i) => {
      const activity = activities[i]!;
      expect(event.description).toBe(expected(activity));
      expect(event.summary).not.toMatch(/[\r\n\u0000-\u001f]/);
      expect(Array.from(event.summary).length).toBeLessThanOrEqual(80);
      const title = (i % 2 ? `Break: ${expected(activity)}` : expected(activity)).replace(/\s+/g, ' ');
      expect(title.startsWith(event.summary.replace(/…$/, '').replace(/\s+/g, ' '))).toBe(true);
      expect(event.start).toBe(wallClock(new Date(2026, 10, 23, 9, i)));
      expect(event.floating).toBe(true);
    });
    const byStart = (text: string) => events.find((e) => e.description.startsWith(text))!;
    expect(byStart('Back').description).toBe('Back\\slash \\n \\, \\; \\\\ C:\\Users\\');
    expect(byStart('Two').description).toBe('Two\nlines\n\nand a blank one');
    expect(byStart('Windows').description).toBe('Windows\nline ends\nand a lone CR');
    expect(byStart('Emoji').description).toBe('Emoji 😀 👩‍👩‍👧‍👦 🇬🇧 👍🏽');
    expect(byStart('مراجعة').description).toBe('مراجعة الكيمياء: المولات، والتنفس؛ ثم اختبار');
    expect(byStart('Control').description).toBe('Controlcharacters[31m and DEL');
    expect(byStart('BEGIN').summary).toMatch(/^(Break: )?BEGIN:VEVENT END:VCALENDAR SUMMARY:injected$/);
  });

  it('cuts a 10,000-word activity at a word, quickly, and the file still parses', async () => {
    const words = Array.from({ length: 10_000 }, (_, i) => ['focus,', 'تركيز;', 'back\\slash', '😀', 'meiosis'][i % 5]).join(' ');
    const format = sprintsCalendarFormatWith(() => new Date(2026, 10, 23, 9, 0));
    const started = performance.now();
    const [event] = eventsOf(await format.build(input({ sprints: [{ duration: 25, activity: words, type: 'work' }] }), context));
    expect(performance.now() - started).toBeLessThan(5000);
    expect(event!.description.endsWith('…')).toBe(true);
    expect(Array.from(event!.description).length).toBeLessThanOrEqual(MAX_CALENDAR_TEXT);
    expect(words.startsWith(event!.description.slice(0, -1))).toBe(true);
    expect(Array.from(event!.summary).length).toBeLessThanOrEqual(80);
    expect(words.startsWith(event!.summary.slice(0, -1))).toBe(true);
  });

  it('refuses what is not a sprint plan', async () => {
    const message = 'This result is not a sprint plan the export can read.';
    for (const data of [{}, { sprints: [] }, [], 'Sprint 1: 25 min', null, { sprints: [{ duration: -5, activity: 'x', type: 'work' }] }]) {
      await expect(sprintsCalendarFormat.build(input(data), context)).rejects.toThrow(message);
    }
    await expect(sprintsCalendarFormat.build(input({ sprints: [{ duration: 0, activity: 'x', type: 'work' }] }), context)).rejects.toThrow(
      'This sprint plan has no sprints with a length to put in a calendar.',
    );
  });
});
