import { describe, expect, it } from 'vitest';
import { xssPayloads } from '../../kernel/testing/xssPayloadList';
import { eventsOf } from '../../kernel/testing/calendarEvents';
import type { ContractSchema } from '../../kernel/contractSchema';
import { availableFormats } from './available';
import { datedTasksCalendarFormat } from './datedTasks';

/*
 * A calendar from a result's dated tasks, read back by ical.js:
 * a group sees each task as a whole-day event on its due day, free so it
 * never blocks a lesson, titled by the task, with who does it in the
 * description; tasks in date order; a task with no real date stays out.
 */

const schema: ContractSchema = {
  type: 'OBJECT',
  properties: {
    gapAnalysis: { type: 'STRING', description: 'What is still missing' },
    nextSteps: {
      type: 'ARRAY',
      description: 'Next steps',
      items: {
        type: 'OBJECT',
        properties: { task: { type: 'STRING', description: 'Task' }, who: { type: 'STRING', description: 'Who' }, due: { type: 'STRING', description: 'Due' } },
      },
    },
  },
};

const review = {
  gapAnalysis: 'No case study yet.',
  nextSteps: [
    { task: 'Hand in the report', who: 'Member 1', due: '2026-12-11' },
    { task: 'Write the case study', who: 'Member 2', due: '2026-12-04' },
    { task: 'Evaluate the solutions', who: 'Member 3', due: '2026-12-04' },
    { task: 'Proofread together', who: 'Everyone', due: 'next Friday' },
    { task: 'A day no calendar has', who: 'Everyone', due: '2026-02-30' },
  ],
};

const noOptional = { ics: () => Promise.reject(new Error('not asked for')) };

describe('a calendar of dated tasks', () => {
  it('is one free whole-day event per task with a real date, in date order, titled by the task, with who does it', async () => {
    const file = await datedTasksCalendarFormat.build({ toolTitle: 'Group Project Coordinator', data: review, schema }, { document: () => ({ title: '', meta: [], blocks: [] }) });
    expect(file.baseName).toBe('Group Project Coordinator - Calendar');
    expect(eventsOf(file).map(({ summary, description, start, end, allDay, free }) => ({ summary, description, start, end, allDay, free }))).toEqual([
      { summary: 'Write the case study', description: 'Who: Member 2', start: '2026-12-04', end: '2026-12-05', allDay: true, free: true },
      { summary: 'Evaluate the solutions', description: 'Who: Member 3', start: '2026-12-04', end: '2026-12-05', allDay: true, free: true },
      { summary: 'Hand in the report', description: 'Who: Member 1', start: '2026-12-11', end: '2026-12-12', allDay: true, free: true },
    ]);
  });

  it('is offered for a result holding dated tasks, and not for one without', async () => {
    const keys = async (data: unknown) => (await availableFormats(data, undefined, undefined, noOptional)).map((f) => f.key);
    expect(await keys(review)).toEqual(['docx', 'print', 'ics']);
    expect(await keys({ gapAnalysis: 'x', nextSteps: [] })).toEqual(['docx', 'print']);
    expect(await keys({ nextSteps: [{ task: 'Undated', due: 'soon' }] })).toEqual(['docx', 'print']);
    expect(await keys('## A markdown plan\n- 2026-12-04: write')).toEqual(['docx', 'print']);
  });

  it('the XSS corpus, line breaks and a 10,000-word task arrive as text in a file that parses, the full task kept in the description', async () => {
    const long = Array.from({ length: 10_000 }, (_, i) => `word${i}`).join(' ');
    const steps = [...xssPayloads.map((p) => ({ task: `Do ${p.payload}\n\u0007`, who: p.payload, due: '2026-12-01' })), { task: long, who: 'Everyone', due: '2026-12-02' }];
    const file = await datedTasksCalendarFormat.build({ toolTitle: 'Group Project Coordinator', data: { nextSteps: steps } }, { document: () => ({ title: '', meta: [], blocks: [] }) });
    const events = eventsOf(file);
    expect(events).toHaveLength(steps.length);
    events.slice(0, xssPayloads.length).forEach((event, i) => {
      expect(event.summary).not.toMatch(/[\n\u0007]/);
      // Each payload stays in its own event: who does it is still there, as text.
      const firstLine = xssPayloads[i]!.payload.replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/g, '').trim().split(/\r\n?|\n|\u2028|\u2029/)[0]!.trimEnd();
      expect(event.description).toContain(`who: ${firstLine.slice(0, 30)}`);
    });
    const last = events.at(-1)!;
    expect(last.summary.length).toBeLessThanOrEqual(80);
    expect(last.description.startsWith('who: Everyone\nword0 word1')).toBe(true);
  });

  it('refuses, with a reason, a result with no dated task', async () => {
    await expect(datedTasksCalendarFormat.build({ toolTitle: 'x', data: { nextSteps: [{ task: 'x', due: 'soon' }] } }, { document: () => ({ title: '', meta: [], blocks: [] }) })).rejects.toThrow('no dated tasks');
  });
});
