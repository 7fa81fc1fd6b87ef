import type { ContractSchema } from '../../kernel/contractSchema';
import { calendarFile, shortTitle, type AllDayEvent, type CalendarDay } from './calendar';
import type { BinaryFormat, ExportInput } from './format';

/*
 * A calendar from any structured result holding dated tasks, as a
 * deck comes from any result holding card pairs: a list of objects each with
 * a `due` (or `date`) written YYYY-MM-DD and a text saying what to do
 * (`task`, `title` or `activity`). The Group Project Coordinator's next
 * steps are such a list; any tool whose result grows one gets the calendar
 * with no line in its registry file.
 *
 * Each task is a whole-day event on its day, shown free (a deadline, not a
 * meeting), titled by the task; the item's other texts ("Who: Member 2") are
 * its description. A model's date that is no real day (2026-02-30, "next
 * Friday") leaves that task out of the calendar; the result on screen keeps it.
 */

const DATE_KEYS = ['due', 'date'] as const;
const TITLE_KEYS = ['task', 'title', 'activity'] as const;

export interface DatedTask {
  title: string;
  day: CalendarDay;
  /** The item's other texts, each with its label. */
  details: { label: string; text: string }[];
}

type Item = Record<string, unknown>;
const isItem = (value: unknown): value is Item => typeof value === 'object' && value !== null && !Array.isArray(value);

/** A real calendar day written YYYY-MM-DD, or null. */
export function calendarDayOf(text: unknown): CalendarDay | null {
  if (typeof text !== 'string') return null;
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text.trim());
  if (!match) return null;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day ? { year, month, day } : null;
}

const textAt = (item: Item, key: string) => (typeof item[key] === 'string' ? (item[key] as string).trim() : '');

function taskOf(item: Item, labels: Record<string, string>): DatedTask | null {
  const dateKey = DATE_KEYS.find((key) => calendarDayOf(item[key]) !== null);
  if (!dateKey) return null;
  const titleKey = TITLE_KEYS.find((key) => textAt(item, key));
  if (!titleKey) return null;
  const details = Object.keys(item)
    .filter((key) => key !== dateKey && key !== titleKey && textAt(item, key))
    .map((key) => ({ label: labels[key] ?? key, text: textAt(item, key) }));
  return { title: textAt(item, titleKey), day: calendarDayOf(item[dateKey])!, details };
}

/** The dated tasks in a result's lists, in date order (a stable sort: same-day tasks keep the model's order). */
export function datedTasksOf(data: unknown, schema?: ContractSchema): DatedTask[] {
  if (!isItem(data)) return [];
  const tasks = Object.entries(data).flatMap(([key, value]) => {
    if (!Array.isArray(value)) return [];
    const itemSchema = schema?.properties?.[key]?.items?.properties ?? {};
    const labels = Object.fromEntries(Object.entries(itemSchema).flatMap(([k, node]) => (node.description ? [[k, node.description]] : [])));
    return value.flatMap((item) => (isItem(item) ? (taskOf(item, labels) ?? []) : []));
  });
  const order = ({ day }: DatedTask) => Date.UTC(day.year, day.month - 1, day.day);
  return tasks.sort((a, b) => order(a) - order(b));
}

export function taskEvent(task: DatedTask): AllDayEvent {
  const title = shortTitle(task.title);
  // The item's other texts (who does it), then the whole task when the title had to be cut.
  const lines = [...task.details.map((d) => `${d.label}: ${d.text}`), ...(title === task.title ? [] : [task.title])];
  return { title, ...(lines.length ? { description: lines.join('\n') } : {}), day: task.day };
}

export const datedTasksCalendarFormat: BinaryFormat<'ics'> = {
  key: 'ics',
  kind: 'binary',
  label: 'Calendar (.ics)',
  build: async (input: ExportInput) => {
    const tasks = datedTasksOf(input.data, input.schema);
    if (tasks.length === 0) throw new Error('This result has no dated tasks to put in a calendar.');
    return calendarFile(input, tasks.map(taskEvent));
  },
};

/** The calendar format, when the result holds dated tasks. */
export function datedTaskFormatsFor(data: unknown): readonly BinaryFormat<'ics'>[] {
  return datedTasksOf(data).length > 0 ? [datedTasksCalendarFormat] : [];
}
