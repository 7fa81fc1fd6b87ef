import { expect, test } from '@playwright/test';
import ICAL from 'ical.js';
import { flowProject, generateExample, seedActiveProject, toolById } from './support/app';
import { loadRegistry } from './support/registry';
import { exportFile } from './support/exportFiles';
import { savedItem } from './support/exportPage';

/*
 * Export as calendars: plans and a group's tasks as iCalendar files, from a
 * result and from the same result saved to a project, read back by Mozilla's
 * iCalendar parser (ical.js).
 */

const tools = await loadRegistry();

/** A calendar file's events, read by Mozilla's iCalendar parser (ical.js). */
function calendarEvents(bytes: Buffer) {
  const calendar = new ICAL.Component(ICAL.parse(bytes.toString('utf8')));
  return calendar.getAllSubcomponents('vevent').map((vevent) => {
    const event = new ICAL.Event(vevent);
    return { summary: event.summary, start: event.startDate.toString(), minutes: event.duration.toSeconds() / 60, description: event.description ?? '', allDay: event.startDate.isDate };
  });
}

test("a group project's next steps as a calendar: one whole-day event per task on its due day, with who does it; from the result and the saved item", async ({ page }) => {
  const coordinator = toolById(tools, 'group-project-coordinator');
  const steps = (coordinator.example.output as { nextSteps: { task: string; who: string; due: string }[] }).nextSteps;
  await seedActiveProject(page);
  const result = await generateExample(page, coordinator);
  // The steps are a table on screen, a row per task.
  const table = result.getByRole('table');
  await expect(table.getByRole('row')).toHaveCount(steps.length + 1);
  await expect(table.getByRole('row').nth(1)).toContainText(steps[0]!.task);

  const expected = steps.map((s) => ({ summary: s.task, start: s.due, minutes: 24 * 60, description: `Who: ${s.who}`, allDay: true }));
  const file = await exportFile(page, result, 'Calendar (.ics)');
  expect(file.name).toBe('Group Project Coordinator - Calendar.ics');
  expect(calendarEvents(file.bytes)).toEqual(expected);

  await result.getByRole('button', { name: 'Save to Project' }).click();
  await page.goto(`#/projects/${flowProject.id}`);
  expect(calendarEvents((await exportFile(page, savedItem(page, coordinator.title), 'Calendar (.ics)')).bytes)).toEqual(expected);
});

test("plans as calendars: the study plan's sessions on their days, and focus sprints end to end, from the result and the saved item", async ({ page }) => {
  const plan = toolById(tools, 'study-plan-ai');
  // The plan's headings name no year ("Monday 23 November"): it is placed near the day it is made, so the
  // flow makes it in that week, whatever today's date (in 2028 the Monday would fall in no nearby year).
  await page.clock.install({ time: new Date('2026-11-21T09:00:00Z') });
  await seedActiveProject(page);
  const result = await generateExample(page, plan);
  await expect(result).toContainText('Day 1: Monday 23 November');
  const file = await exportFile(page, result, 'Calendar (.ics)');
  expect(file.name).toMatch(/^StudyPlan AI.*\.ics$/);
  const events = calendarEvents(file.bytes);
  // One event per session, and one for the exam itself.
  const sessions = (plan.example.output as string).split('### Exam day')[0]!.match(/^- /gm)!.length;
  expect(events).toHaveLength(sessions + 1);
  // Monday's first session after school, laid end to end; Saturday's from the morning; the exam at 9.
  expect(events[0]).toMatchObject({ summary: 'Chemistry, moles', start: '2026-11-23T17:00:00', minutes: 40, allDay: false });
  expect(events[1]).toMatchObject({ summary: 'Biology, cell biology', start: '2026-11-23T17:40:00', minutes: 30 });
  expect(events.find((e) => e.start.startsWith('2026-11-28'))!.start).toBe('2026-11-28T10:00:00');
  expect(events.at(-1)!.start).toBe('2026-12-04T09:00:00');

  await result.getByRole('button', { name: 'Save to Project' }).click();
  await page.goto(`#/projects/${flowProject.id}`);
  const again = calendarEvents((await exportFile(page, savedItem(page, plan.title), 'Calendar (.ics)')).bytes);
  // The same calendar: a saved item keeps its topic, so its exam is named after the subjects as the result's is.
  expect(again).toEqual(events);
  expect(again.at(-1)!.summary).toMatch(/^Exam: /);

  const sprints = toolById(tools, 'focus-sprint-planner');
  const planned = (sprints.example.output as { sprints: { duration: number; activity: string; type: string }[] }).sprints;
  const sprintResult = await generateExample(page, sprints);
  await expect(sprintResult).toContainText(planned[0]!.activity);
  const sprintEvents = calendarEvents((await exportFile(page, sprintResult, 'Calendar (.ics)')).bytes);
  expect(sprintEvents.map((e) => e.minutes)).toEqual(planned.map((s) => s.duration));
  // A title is the activity, cut at a word with … when long (the whole activity is the event's description).
  sprintEvents.forEach((e, i) => {
    const title = planned[i]!.type === 'break' ? `Break: ${planned[i]!.activity}` : planned[i]!.activity;
    expect(title.startsWith(e.summary.replace(/…$/, ''))).toBe(true);
  });
  const starts = sprintEvents.map((e) => new Date(e.start).getTime());
  starts.slice(1).forEach((start, i) => expect(start - starts[i]!).toBe(planned[i]!.duration * 60_000));

  await sprintResult.getByRole('button', { name: 'Save to Project' }).click();
  await page.goto(`#/projects/${flowProject.id}`);
  const savedSprints = calendarEvents((await exportFile(page, savedItem(page, sprints.title), 'Calendar (.ics)')).bytes);
  expect(savedSprints.map(({ summary, minutes }) => ({ summary, minutes }))).toEqual(sprintEvents.map(({ summary, minutes }) => ({ summary, minutes })));
});
