import { describe, expect, it } from 'vitest';
import { loadTool } from '../../kernel/catalogue';
import { xssPayloads } from '../../kernel/testing/xssPayloadList';
import { eventsOf } from '../../kernel/testing/calendarEvents';
import { MAX_CALENDAR_TEXT } from './calendar';
import type { BinaryFile, ExportInput } from './format';
import { studyPlanCalendarFormat } from './studyPlanCalendar';

/*
 * The study plan as a calendar, read back with a real iCalendar parser
 * (ical.js, Mozilla's): each VEVENT's SUMMARY, floating DTSTART, DTEND and
 * DESCRIPTION. It reads StudyPlan AI's own example through the catalogue
 * (a feature may not import registry/ files).
 */

const studyPlanExample = (await loadTool('study-plan-ai')).example.output;
if (typeof studyPlanExample !== 'string') throw new Error('StudyPlan AI answers in Markdown: its example should be a text.');
const registryExample: string = studyPlanExample;

const build = (data: unknown, madeAt?: string, extra: Partial<ExportInput> = {}) =>
  studyPlanCalendarFormat.build({ toolTitle: 'StudyPlan AI', topic: 'GCSE Biology and Chemistry', data, ...(madeAt ? { madeAt } : {}), ...extra }, {
    document: () => ({ title: '', meta: [], blocks: [] }),
  });

/* An oracle for the example, read line by line (independent of the parser under test). */
const MONTH_NAMES = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];
const WEEKDAY_NAMES = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];
const iso = (ms: number) => new Date(ms).toISOString().slice(0, 19);

interface ExpectedSession {
  summary: string;
  description: string;
  start: string;
  minutes: number;
  free: boolean;
}

/** Day N of a plan whose Day 1 is firstDay: each heading's weekday and date are checked against the calendar, then its bullets laid from 17:00 or 10:00. */
function expectedSessions(markdown: string, firstDay: number): { sessions: ExpectedSession[]; examDay: number | null } {
  const sessions: ExpectedSession[] = [];
  let examDay: number | null = null;
  let cursor: number | null = null;
  for (const line of markdown.split('\n')) {
    const day = /^### Day (\d+): (\w+) (\d+) (\w+)$/.exec(line);
    const exam = /^### Exam day: (\w+) (\d+) (\w+)$/.exec(line);
    if (day) {
      const date = new Date(firstDay + (Number(day[1]) - 1) * 86_400_000);
      expect([WEEKDAY_NAMES[date.getUTCDay()], date.getUTCDate(), MONTH_NAMES[date.getUTCMonth()]]).toEqual([day[2], Number(day[3]), day[4]]);
      const weekend = date.getUTCDay() === 0 || date.getUTCDay() === 6;
      cursor = date.getTime() + (weekend ? 10 : 17) * 3_600_000;
    } else if (exam) {
      const last = sessions.at(-1)!;
      const date = new Date(Date.parse(`${last.start.slice(0, 10)}T00:00:00Z`) + 86_400_000);
      expect([WEEKDAY_NAMES[date.getUTCDay()], date.getUTCDate(), MONTH_NAMES[date.getUTCMonth()]]).toEqual([exam[1], Number(exam[2]), exam[3]]);
      examDay = date.getTime();
      cursor = null;
    } else if (/^#/.test(line)) cursor = null;
    else if (line.startsWith('- ') && cursor !== null) {
      const text = line.slice(2);
      const time = /\((\d+) min\)$/.exec(text);
      const minutes = time ? Number(time[1]) : 30;
      const colon = text.indexOf(': ');
      const summary = colon > 0 ? text.slice(0, colon) : text.replace(/ \(\d+ min\)$/, '');
      sessions.push({ summary, description: text, start: iso(cursor), minutes, free: !time });
      cursor += minutes * 60_000;
    }
  }
  return { sessions, examDay };
}

describe('study plan as a calendar (.ics)', () => {
  it("makes one event per session of the registry example, on the plan's dates from 17:00 on weekdays and 10:00 at weekends", async () => {
    const file = await build(registryExample, '2026-11-23T08:00:00Z');
    expect(file.baseName).toBe('StudyPlan AI - GCSE Biology and Chemistry - Calendar');
    const events = eventsOf(file);
    const { sessions, examDay } = expectedSessions(registryExample, Date.UTC(2026, 10, 23));
    expect(sessions).toHaveLength(23);
    expect(events).toHaveLength(sessions.length + 1);

    sessions.forEach((session, i) => {
      const event = events[i]!;
      expect(event.summary).toBe(session.summary);
      expect(event.description).toBe(session.description);
      expect(event.start).toBe(session.start);
      expect(event.minutes).toBe(session.minutes);
      expect(event.end).toBe(iso(Date.parse(`${session.start}Z`) + session.minutes * 60_000));
      expect(event.floating).toBe(true);
      expect(event.free).toBe(session.free);
    });

    // Spot checks in the file's own words.
    expect(events[0]).toMatchObject({ summary: 'Chemistry, moles', start: '2026-11-23T17:00:00', end: '2026-11-23T17:40:00' });
    expect(events[1]).toMatchObject({ summary: 'Biology, cell biology', start: '2026-11-23T17:40:00', end: '2026-11-23T18:10:00' });
    expect(events.find((e) => e.summary === 'Chemistry, energy changes')).toMatchObject({ start: '2026-11-28T10:00:00' });
    expect(events.find((e) => e.summary === 'Rest day')).toMatchObject({ start: '2026-11-29T10:00:00', minutes: 30, free: true });
    expect(events.some((e) => /Test yourself|Aim for 8/.test(e.description))).toBe(false);

    const exam = events.at(-1)!;
    expect(examDay).toBe(Date.UTC(2026, 11, 4));
    expect(exam).toMatchObject({ summary: 'Exam: GCSE Biology and Chemistry', start: '2026-12-04T09:00:00', end: '2026-12-04T11:00:00', floating: true, free: false });
    expect(exam.description).toBe(
      [
        '- Eat breakfast and glance at your key equations only; no new material',
        '- Bring pens, pencil, ruler and a calculator',
        '- Read every question carefully and check the marks available',
      ].join('\n'),
    );
  });

  it('takes the subjects from the Subjects input, and titles the exam "Exam" when there are none', async () => {
    const fromInputs = eventsOf(await build(registryExample, '2026-11-23T08:00:00Z', { topic: '2026-12-04', inputs: [{ label: 'Subjects', value: 'A-level Maths' }] }));
    expect(fromInputs.at(-1)!.summary).toBe('Exam: A-level Maths');
    const none = eventsOf(await build(registryExample, '2026-11-23T08:00:00Z', { topic: '2026-12-04' }));
    expect(none.at(-1)!.summary).toBe('Exam');
  });

  it('puts the days of a plan made in late December that run into January in the next year', async () => {
    const plan = [
      'You have 11 days until your exam on Friday 8 January.',
      '## Day-by-day plan',
      '### Day 1: Monday 28 December',
      '- Maths, algebra: 10 questions (30 min)',
      '### Day 2: Tuesday 29 December',
      '- Physics, forces: flashcards (25 min)',
      '### Day 3: Saturday 2 January',
      '- Maths: past paper (1 hour)',
      '- Physics: past paper (1 h 30 min)',
      '### Day 4: Monday 4 January',
      '- Mixed practice (1.5 hours)',
      '### Exam day: Friday 8 January',
      '- Bring a calculator',
    ].join('\n');
    const events = eventsOf(await build(plan, '2026-12-28T09:00:00Z'));
    expect(events.map((e) => [e.start, e.minutes])).toEqual([
      ['2026-12-28T17:00:00', 30],
      ['2026-12-29T17:00:00', 25],
      ['2027-01-02T10:00:00', 60],
      ['2027-01-02T11:00:00', 90],
      ['2027-01-04T17:00:00', 90],
      ['2027-01-08T09:00:00', 120],
    ]);

    // With no weekdays named, the year still follows the plan forward from when it was made.
    const noWeekdays = plan.replace(/(Monday|Tuesday|Saturday|Friday) /g, '');
    expect(noWeekdays).not.toMatch(/day \d+ \w+ \d/i);
    expect(eventsOf(await build(noWeekdays, '2026-12-28T09:00:00Z')).map((e) => e.start.slice(0, 10))).toEqual([
      '2026-12-28',
      '2026-12-29',
      '2027-01-02',
      '2027-01-02',
      '2027-01-04',
      '2027-01-08',
    ]);
  });

  it('chooses the year whose weekdays fit the dates, near when the plan was made', async () => {
    // Saved on 2 January 2027, made a few days before: 28 December is a Monday in 2026, not in 2027.
    const plan = '### Day 1: Monday 28 December\n- Revise (20 min)\n### Day 2: Thursday 31 December\n- Revise (20 min)';
    expect(eventsOf(await build(plan, '2027-01-02T12:00:00Z')).map((e) => e.start)).toEqual(['2026-12-28T17:00:00', '2026-12-31T17:00:00']);
    // 23 November is a Monday in 2026 and a Tuesday in 2027: the weekday decides, even a year ahead.
    expect(eventsOf(await build('### Day 1: Tuesday 23 November\n- Revise (20 min)', '2026-11-20T12:00:00Z'))[0]!.start).toBe('2027-11-23T17:00:00');
    // No weekday: the first such date from a week before the plan was made.
    expect(eventsOf(await build('### Day 1: 20 November\n- Revise (20 min)', '2026-11-23T12:00:00Z'))[0]!.start.slice(0, 10)).toBe('2026-11-20');
    expect(eventsOf(await build('### Day 1: 10 November\n- Revise (20 min)', '2026-11-23T12:00:00Z'))[0]!.start.slice(0, 10)).toBe('2027-11-10');
  });

  it('reads other ways of writing dates and times, and leaves undated week blocks out', async () => {
    const plan = [
      '### Week 1',
      '- Biology: read chapters 1 to 3 (2 hours)',
      '### Week 2: 7 to 13 December',
      '- Chemistry: flashcards (1 hour)',
      '### Day 1: Mon, December 14th',
      '1. **Biology**, cells: *recall* quiz (45 minutes)',
      '2. Chemistry – quick recap, 15 mins',
      '### Day 2: Tuesday 15th December',
      '- [ ] Physics: [simulation](https://example.org/sim) (1hr)',
      '- History: essay plan',
      '  - intro (10 min)',
      '  - three points (20 min)',
    ].join('\n');
    const events = eventsOf(await build(plan, '2026-11-23T08:00:00Z'));
    expect(events.map((e) => [e.summary, e.start, e.minutes, e.free])).toEqual([
      ['Biology, cells', '2026-12-14T17:00:00', 45, false],
      ['Chemistry – quick recap, 15 mins', '2026-12-14T17:45:00', 15, false],
      ['Physics', '2026-12-15T17:00:00', 60, false],
      ['History', '2026-12-15T18:00:00', 30, true],
    ]);
    expect(events[0]!.description).toBe('Biology, cells: recall quiz (45 minutes)');
    expect(events[2]!.description).toBe('Physics: simulation (https://example.org/sim) (1hr)');
    expect(events[3]!.description).toBe('History: essay plan\n- intro (10 min)\n- three points (20 min)');
  });

  it('keeps hostile text as the same text through iCalendar escaping, and the file still parses', async () => {
    // Each bullet is the text with every ASCII punctuation mark backslash-escaped, so Markdown reads it as the literal text.
    const markdownLiteral = (text: string) => text.replace(/[!-/:-@[-`{-~]/g, '\\$&');
    const hostile = [
      ...xssPayloads.map((p) => p.payload),
      'Commas, commas, and more, commas',
      'Semi; colons; everywhere;',
      'Back\\slash \\n \\, \\; \\\\ C:\\Users\\',
      'Quotes "double" and \'single\' and `ticks`',
      'Emoji 😀 👩‍👩‍👧‍👦 🇬🇧 and a skin tone 👍🏽',
      'Arabic: مراجعة الكيمياء والأحياء قبل الامتحان',
      'Mixed العربية with English, and numbers ١٢٣',
      'Control\u0000char\u0007acters\u001b[31m and\u007f DEL',
      'An HTML entity &amp; &lt;b&gt; and &#x27; as written',
      'BEGIN:VEVENT END:VCALENDAR SUMMARY:injected',
    ];
    const oneLine = (text: string) => text.replace(/[\t\r\n\u2028\u2029]+/g, ' ').replace(/ {2,}/g, ' ').trim();
    const visible = (text: string) => oneLine(text).replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/g, '');
    const bullets = hostile.map(oneLine);
    const plan = `### Day 1: Monday 23 November\n${bullets.map((b) => `- ${markdownLiteral(b)} (20 min)`).join('\n')}\n`;
    const events = eventsOf(await build(plan, '2026-11-23T08:00:00Z'));
    expect(events).toHaveLength(hostile.length);
    events.forEach((event, i) => {
      const expected = `${visible(bullets[i]!)} (20 min)`.trim();
      expect(event.description).toBe(expected);
      expect(event.summary).not.toMatch(/[\r\n]/);
      expect(Array.from(event.summary).length).toBeLessThanOrEqual(80);
      expect(expected.startsWith(event.summary.replace(/…$/, ''))).toBe(true);
      expect(event.start).toBe(iso(Date.UTC(2026, 10, 23, 17, 20 * i)));
      expect(event.minutes).toBe(20);
    });
    // The unchanged ones really are unchanged.
    expect(events.find((e) => e.description.startsWith('Back'))!.description).toBe('Back\\slash \\n \\, \\; \\\\ C:\\Users\\ (20 min)');
    expect(events.find((e) => e.description.startsWith('Emoji'))!.description).toBe('Emoji 😀 👩‍👩‍👧‍👦 🇬🇧 and a skin tone 👍🏽 (20 min)');
    expect(events.find((e) => e.description.startsWith('Arabic'))!.description).toBe('Arabic: مراجعة الكيمياء والأحياء قبل الامتحان (20 min)');
    expect(events.find((e) => e.description.startsWith('Control'))!.description).toBe('Controlcharacters[31m and DEL (20 min)');
    expect(events.find((e) => e.description.startsWith('BEGIN'))!.summary).toBe('BEGIN:VEVENT END:VCALENDAR SUMMARY:injected');
  });

  it('keeps line breaks inside a bullet, and cuts a 10,000-word bullet at a word without breaking the file', async () => {
    const words = Array.from({ length: 10_000 }, (_, i) => ['revise,', 'مراجعة;', 'back\\slash', '😀', 'mitosis'][i % 5]).join(' ');
    const plan = `### Day 1: Saturday 28 November\n- First line\n  second line, same bullet (10 min)\n- Long: ${words} (1 hour)\n- After (5 min)`;
    const started = performance.now();
    const events = eventsOf(await build(plan, '2026-11-23T08:00:00Z'));
    expect(performance.now() - started).toBeLessThan(5000);
    expect(events.map((e) => [e.summary, e.start, e.minutes])).toEqual([
      ['First line second line, same bullet', '2026-11-28T10:00:00', 10],
      ['Long', '2026-11-28T10:10:00', 60],
      ['After', '2026-11-28T11:10:00', 5],
    ]);
    expect(events[0]!.description).toBe('First line\nsecond line, same bullet (10 min)');
    const long = events[1]!.description;
    expect(long.endsWith('…')).toBe(true);
    expect(Array.from(long).length).toBeLessThanOrEqual(MAX_CALENDAR_TEXT);
    expect(Array.from(long).length).toBeGreaterThan(MAX_CALENDAR_TEXT / 2);
    expect(`Long: ${words} (1 hour)`.startsWith(long.slice(0, -1))).toBe(true);
  });

  it('refuses what is not a dated plan', async () => {
    const noDays = 'This plan has no dated days to put in a calendar.';
    await expect(build('# Notes\n\n- Photosynthesis (20 min)\n- Respiration (20 min)', '2026-11-23T08:00:00Z')).rejects.toThrow(noDays);
    await expect(build('### Week 1\n- Biology (2 hours)\n### Week 2\n- Chemistry (2 hours)', '2026-11-23T08:00:00Z')).rejects.toThrow(noDays);
    await expect(build('### Day 1\n- Biology (20 min)', '2026-11-23T08:00:00Z')).rejects.toThrow(noDays);
    await expect(build('', '2026-11-23T08:00:00Z')).rejects.toThrow(noDays);
    await expect(build({}, '2026-11-23T08:00:00Z')).rejects.toThrow(noDays);
    await expect(build('### Day 1: Monday 23 November\n\nNothing planned.', '2026-11-23T08:00:00Z')).rejects.toThrow('This plan has no sessions to put in a calendar.');
  });

  it('places a plan near now when it has no date of making', async () => {
    const today = new Date();
    const dayMonth = `${today.getUTCDate()} ${MONTH_NAMES[today.getUTCMonth()]}`;
    const [event] = eventsOf(await build(`### Day 1: ${dayMonth}\n- Revise (20 min)`));
    expect(event!.start.slice(0, 10)).toBe(today.toISOString().slice(0, 10));
  });
});
