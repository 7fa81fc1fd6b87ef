// @vitest-environment jsdom
import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { sprintsFixture as sprintPlanner } from '../testing/fixtures';
import { rendererProps } from '../testing/rendererProps';
import SprintTimeline from './SprintTimeline';

const { sprints } = sprintPlanner.example.output;
const total = sprints.reduce((sum, s) => sum + s.duration, 0);
const workCount = sprints.filter((s) => s.type === 'work').length;

afterEach(cleanup);

/** The value a summary term (dt) is paired with (dd). */
function summaryValue(term: string): string | null | undefined {
  return screen.getByText(term, { selector: 'dt' }).nextElementSibling?.textContent;
}

describe('SprintTimeline', () => {
  it('sums the durations and counts the work sprints', () => {
    render(<SprintTimeline {...rendererProps(sprintPlanner)} />);
    expect(summaryValue('Total time')).toBe(`${total} minutes`);
    expect(summaryValue('Work sprints')).toBe(String(workCount));
    expect(summaryValue('Breaks')).toBe(String(sprints.length - workCount));
  });

  it('lists every block in order with its kind, minutes and activity in text', () => {
    render(<SprintTimeline {...rendererProps(sprintPlanner)} />);
    const blocks = within(screen.getByRole('list', { name: 'Timeline' })).getAllByRole('listitem');
    expect(blocks).toHaveLength(sprints.length);
    let work = 0;
    let start = 0;
    sprints.forEach((sprint, i) => {
      const text = blocks[i]!.textContent ?? '';
      expect(text).toContain(sprint.type === 'work' ? `Work sprint ${++work}` : 'Break');
      expect(text).toContain(`${sprint.duration} minutes`);
      expect(text).toContain(sprint.activity);
      const clock = (m: number) => `${Math.floor(m / 60)}:${String(m % 60).padStart(2, '0')}`;
      expect(text).toContain(`from ${clock(start)}`);
      start += sprint.duration;
      expect(text).toContain(`to ${clock(start)}`);
    });
  });

  it('draws a bar with widths proportional to the minutes, hidden from assistive technology', () => {
    const { container } = render(<SprintTimeline {...rendererProps(sprintPlanner)} />);
    const bar = container.querySelector('.sprint-bar');
    expect(bar?.getAttribute('aria-hidden')).toBe('true');
    const segments = [...(bar?.children ?? [])] as HTMLElement[];
    expect(segments.map((s) => Number(s.style.flexGrow))).toEqual(sprints.map((s) => s.duration));
  });

  it('says "minute" for one minute', () => {
    render(<SprintTimeline {...rendererProps(sprintPlanner, { sprints: [{ duration: 1, activity: 'Breathe.', type: 'work' }] })} />);
    expect(summaryValue('Total time')).toBe('1 minute');
  });

  it('shows data that is not a plan the generic way', () => {
    render(<SprintTimeline {...rendererProps(sprintPlanner, { plan: 'Work, then rest' })} />);
    expect(screen.queryByText('Total time')).toBeNull();
    expect(screen.getByText('Work, then rest')).toBeTruthy();
  });
});
