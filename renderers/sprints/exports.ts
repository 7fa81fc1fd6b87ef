import { addMinutes, calendarFile, defineExport, floatingOf, shortTitle, type BinaryFormat, type CalendarEvent, type RendererExports } from '../../src/features/export';
import { sprintsContract } from './contract';

/*
 * A sprint plan as a calendar: one event per sprint, in order and
 * end to end, so the session shows in Google Calendar or Outlook with each
 * sprint's activity. A work sprint is titled by its activity, a break
 * "Break: <activity>"; the full activity is the description (a title is cut
 * to 80 characters). A sprint of no minutes has no place in a calendar and
 * is left out.
 *
 * The plan is for a session about to start, so it starts at the next quarter
 * hour (14:00 stays 14:00, 14:05 becomes 14:15) after the moment it was made,
 * or after now when that has passed: an event in the past is of no use.
 */

type SprintPlan = ReturnType<typeof sprintsContract.result.parse>;

const sprintsExport = defineExport(sprintsContract, 'This result is not a sprint plan the export can read.');

const QUARTER_HOUR_MS = 15 * 60_000;

/** When the session starts: the next quarter hour on or after madeAt if that is still ahead, else on or after now. */
export function sessionStart(madeAt: string | undefined, now: Date): Date {
  const made = madeAt ? new Date(madeAt).getTime() : Number.NaN;
  const from = Number.isFinite(made) && made > now.getTime() ? made : now.getTime();
  return new Date(Math.ceil(from / QUARTER_HOUR_MS) * QUARTER_HOUR_MS);
}

/** The events of a sprint plan from start, read as the wall clock where this runs. */
export function sprintEvents(plan: SprintPlan, start: Date): CalendarEvent[] {
  const events: CalendarEvent[] = [];
  let at = floatingOf(start);
  for (const sprint of plan.sprints) {
    const minutes = Math.round(sprint.duration);
    if (minutes < 1) continue;
    const activity = sprint.activity.trim();
    const title = sprint.type === 'break' ? (activity ? `Break: ${activity}` : 'Break') : activity || 'Focus sprint';
    events.push({ title: shortTitle(title), ...(activity ? { description: activity } : {}), start: at, minutes });
    at = addMinutes(at, minutes);
  }
  return events;
}

/** The format with its clock: tests give a fixed one. */
export function sprintsCalendarFormatWith(now: () => Date): BinaryFormat<'ics'> {
  return sprintsExport.binary({
    key: 'ics',
    label: 'Calendar (.ics)',
    build: async (plan, input) => {
      const events = sprintEvents(plan, sessionStart(input.madeAt, now()));
      if (events.length === 0) throw new Error('This sprint plan has no sprints with a length to put in a calendar.');
      return calendarFile(input, events);
    },
  });
}

export const sprintsCalendarFormat = sprintsCalendarFormatWith(() => new Date());

export const sprintsExports: RendererExports = { formats: [sprintsCalendarFormat] };
