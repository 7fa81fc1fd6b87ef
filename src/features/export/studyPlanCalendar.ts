import { Lexer, type Token, type Tokens } from 'marked';
import { addMinutes, calendarFile, oneLine, shortTitle, type CalendarEvent, type FloatingTime } from './calendar';
import type { ExportInput } from './format';
import { defineExport } from './defineExport';
import { DAY_MS, headingDate, planDates, timeOf, type CalendarDate, type HeadingDate } from './planDates';
import { z } from 'zod';

/*
 * A study plan as a calendar: one event per session of StudyPlan
 * AI's day-by-day plan (registry/study-plan-ai.ts), so the plan drops into
 * Google Calendar, Outlook or Apple Calendar.
 *
 * The plan is Markdown: a "### Day N: Weekday D Month" heading per day, each
 * followed by bullets like "Chemistry, moles: 10 practice calculations
 * (40 min)", then "### Exam day: Friday 4 December". marked's lexer gives the
 * structure (headings, lists, items); regular expressions only read a
 * heading's date and a bullet's time.
 *
 *  - A heading holding a date ("23 November", "November 23rd", "2026-11-23")
 *    starts a day; any other heading ends it, so "## Tips" and the bullets of
 *    a "### Week N" block (the early weeks of a long plan, which have no date
 *    to put them on) stay out of the calendar.
 *  - Each bullet is one event, in the plan's order, laid end to end from 17:00
 *    on a weekday (after school or lectures) and 10:00 at the weekend: the
 *    plan gives no clock times, and any calendar lets a student drag them.
 *    Its title is the text before the first ":" ("Chemistry, moles") or the
 *    whole bullet without its time, cut to 80 characters; its description is
 *    the whole bullet (nested bullets too), as plain text.
 *  - Its length is the time the bullet states: "(40 min)", "(1 hour)",
 *    "(1 h 30 min)", "(1.5 hours)", or a time ending the bullet. A bullet with
 *    no time ("Rest day: no new material", "Pack your bag and get to bed
 *    early") is a reminder, not a session: it still becomes an event, so
 *    nothing the plan says is lost, of 30 minutes shown as free time, so it
 *    blocks nothing.
 *  - The exam day is one event at 09:00 lasting 2 hours, "Exam: <subjects>",
 *    its bullets (the morning routine, what to bring) as the description. An
 *    exam heading with no date is the day after the plan's last day, as the
 *    prompt has the plan end the day before the exam.
 *
 * The headings carry no year: see planDates (planDates.ts).
 */

/** When a day's sessions start: after school or lectures on a weekday, mid-morning at the weekend. */
const weekdayStart = { hour: 17, minute: 0 };
const weekendStart = { hour: 10, minute: 0 };
const EXAM_START = { hour: 9, minute: 0 };
const EXAM_MINUTES = 120;
const REMINDER_MINUTES = 30;
/** No single session is longer than this: a larger number is a misread, not a plan. */
const MAX_SESSION_MINUTES = 8 * 60;

const NO_DAYS = 'This plan has no dated days to put in a calendar.';

/* ---------- Text of the markdown ---------- */

/** marked leaves &amp; &lt; &gt; &quot; &#39; as written; the screen shows the characters. */
function decodeEntities(text: string): string {
  return text.replace(/&(amp|lt|gt|quot|#39);/g, (_, name: string) => ({ amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'" })[name] ?? '');
}

/** Tokens as the plain text a student reads on screen: emphasis dropped, a link's address kept after its text, inline HTML as written. */
function plainText(tokens: readonly Token[] | undefined): string {
  let text = '';
  for (const token of tokens ?? []) {
    switch (token.type) {
      case 'br':
        text += '\n';
        break;
      case 'checkbox':
      case 'space':
        break;
      case 'link': {
        const link = token as Tokens.Link;
        const label = plainText(link.tokens);
        text += link.href && !('autolink' in link && link.autolink) && link.href !== label ? `${label} (${link.href})` : label;
        break;
      }
      case 'codespan':
        text += (token as Tokens.Codespan).text;
        break;
      case 'list':
        // A nested list: its items on their own lines, under the bullet.
        text += `\n${(token as Tokens.List).items.map((item) => `- ${itemText(item).full.replace(/\n/g, '\n  ')}`).join('\n')}`;
        break;
      default:
        if ('tokens' in token && Array.isArray(token.tokens) && token.tokens.length > 0) text += plainText(token.tokens as Token[]);
        else text += decodeEntities('text' in token && typeof token.text === 'string' ? token.text : token.raw);
    }
  }
  return text;
}

interface Bullet {
  /** The item's own text (without nested bullets): where its title and time are read. */
  main: string;
  /** Everything under the bullet. */
  full: string;
}

function itemText(item: Tokens.ListItem): Bullet {
  const own = item.tokens.filter((t) => t.type !== 'list');
  const nested = item.tokens.filter((t) => t.type === 'list');
  const main = own
    .map((t) => plainText([t]))
    .filter((t) => t.trim() !== '')
    .join('\n')
    .trim();
  return { main, full: `${main}${plainText(nested)}`.trim() };
}

/* ---------- Times in bullets ---------- */

const HOURS = /(\d+(?:[.,]\d+)?)\s*(?:h|hrs?|hours?)\b/i;
const MINUTES = /(\d+)\s*(?:m|mins?|minutes?)\b/i;
const H_MM = /\b(\d{1,2})\s*h\s*(\d{2})\b/i;
const TIME_AT_END = /(?:\d+(?:[.,]\d+)?\s*(?:h|hrs?|hours?)\b(?:\s*(?:and\s+)?\d+\s*(?:m|mins?|minutes?)\b)?|\d+\s*(?:m|mins?|minutes?)\b)\s*\.?\s*$/i;

/** Minutes in "40 min", "1 hour", "1 h 30 min", "1.5 hours", "1h30"; null when the text states no time. */
function durationIn(text: string): number | null {
  const hm = H_MM.exec(text);
  let total: number;
  if (hm) total = Number(hm[1]) * 60 + Number(hm[2]);
  else {
    const hours = HOURS.exec(text);
    const minutes = MINUTES.exec(text);
    if (!hours && !minutes) return null;
    total = (hours ? Number(hours[1]!.replace(',', '.')) * 60 : 0) + (minutes ? Number(minutes[1]) : 0);
  }
  total = Math.round(total);
  return total >= 1 ? Math.min(total, MAX_SESSION_MINUTES) : null;
}

/** The time a bullet states: its last parenthesis that holds one, or a time ending it. */
export function bulletMinutes(text: string): number | null {
  for (const group of [...text.matchAll(/\(([^()]*)\)/g)].reverse()) {
    const minutes = durationIn(group[1]!);
    if (minutes !== null) return minutes;
  }
  const tail = TIME_AT_END.exec(text);
  return tail ? durationIn(tail[0]) : null;
}

/** "Chemistry, moles: learn ... (40 min)" is "Chemistry, moles"; with no ":", the bullet without its time. */
function bulletTitle(main: string): string {
  const withoutTime = oneLine(main).replace(/\s*\(([^()]*)\)\s*\.?$/, (all, inner: string) => (durationIn(inner) === null ? all : ''));
  const colon = withoutTime.search(/:(\s|$)/);
  return shortTitle(colon > 0 ? withoutTime.slice(0, colon) : withoutTime) || 'Study session';
}

/* ---------- The plan ---------- */

interface PlanDay {
  date: HeadingDate | null;
  exam: boolean;
  bullets: Bullet[];
}

const isExamHeading = (text: string) => /^\W*exam\b/i.test(text) || /\bexam[\s-]+day\b/i.test(text);
/** "### Week 3: 7 to 13 December" is a week's block, not a day. */
const isWeekHeading = (text: string) => /^\W*weeks?\b/i.test(text);

function planDays(markdown: string): PlanDay[] {
  const days: PlanDay[] = [];
  let current: PlanDay | null = null;
  for (const token of new Lexer({ gfm: true }).lex(markdown)) {
    if (token.type === 'heading') {
      const text = oneLine(plainText((token as Tokens.Heading).tokens));
      const date = isWeekHeading(text) ? null : headingDate(text);
      const exam = isExamHeading(text);
      current = date || exam ? { date, exam, bullets: [] } : null;
      if (current) days.push(current);
    } else if (token.type === 'list' && current) {
      for (const item of (token as Tokens.List).items) {
        const bullet = itemText(item);
        if (bullet.full) current.bullets.push(bullet);
      }
    }
  }
  return days;
}

const at = (date: CalendarDate, time: { hour: number; minute: number }): FloatingTime => ({ ...date, ...time });

/** The subjects the exam is in: the "Subjects" input, or the result's topic unless that is the exam's date. */
function subjectsOf(input: Pick<ExportInput, 'topic' | 'inputs'>): string {
  const named = input.inputs?.find((i) => /subject/i.test(i.label))?.value;
  const topic = input.topic && !/^\d{4}-\d{2}-\d{2}/.test(input.topic.trim()) ? input.topic : undefined;
  return oneLine(named || topic || '');
}

/** The events of a plan (see the top of the file); madeAt places its days in a year. */
export function studyPlanEvents(markdown: string, madeAt: Date, subjects = ''): CalendarEvent[] {
  const days = planDays(markdown);
  const dates = planDates(
    days.map((d) => d.date),
    madeAt,
  );
  if (!dates.some(Boolean)) throw new Error(NO_DAYS);
  const events: CalendarEvent[] = [];
  let lastDate: CalendarDate | null = null;
  for (const [i, day] of days.entries()) {
    let date = dates[i] ?? null;
    if (!date && day.exam && !day.date && lastDate) {
      const next: Date = new Date((timeOf(lastDate) ?? 0) + DAY_MS);
      date = { year: next.getUTCFullYear(), month: next.getUTCMonth() + 1, day: next.getUTCDate() };
    }
    if (!date) continue;
    lastDate = date;
    if (day.exam) {
      const description = day.bullets.map((b) => `- ${b.full.replace(/\n/g, '\n  ')}`).join('\n');
      events.push({
        title: shortTitle(subjects ? `Exam: ${subjects}` : 'Exam'),
        ...(description ? { description } : {}),
        start: at(date, EXAM_START),
        minutes: EXAM_MINUTES,
      });
      continue;
    }
    const weekday = new Date(timeOf(date) ?? 0).getUTCDay();
    let start = at(date, weekday === 0 || weekday === 6 ? weekendStart : weekdayStart);
    for (const bullet of day.bullets) {
      const stated = bulletMinutes(bullet.main);
      const minutes = stated ?? REMINDER_MINUTES;
      events.push({ title: bulletTitle(bullet.main), description: bullet.full, start, minutes, ...(stated === null ? { free: true } : {}) });
      start = addMinutes(start, minutes);
    }
  }
  if (events.length === 0) throw new Error('This plan has no sessions to put in a calendar.');
  return events;
}

function madeAtOf(input: ExportInput): Date {
  const made = input.madeAt ? new Date(input.madeAt) : new Date();
  return Number.isNaN(made.getTime()) ? new Date() : made;
}

/** The plan is the tool's Markdown answer: any other result has no days to read. */
const studyPlanExport = defineExport({ result: z.string() }, NO_DAYS);

export const studyPlanCalendarFormat = studyPlanExport.binary({
  key: 'ics',
  label: 'Calendar (.ics)',
  build: async (markdown, input) => {
    // The plan is read before ics is loaded: a result that is not a plan fails at once.
    const events = studyPlanEvents(markdown, madeAtOf(input), subjectsOf(input));
    return calendarFile(input, events);
  },
});
