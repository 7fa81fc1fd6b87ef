// @vitest-environment jsdom
import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { AssignmentListItem } from '../../../kernel/classes/wire';
import { configureClassApi } from '../classApi';
import YourAssignments from './YourAssignments';
import { fakeStudentServer } from './testing/fakeStudentServer';

afterEach(cleanup);

const item = (id: string, title: string, dueAt: string | null, extra: Partial<AssignmentListItem> = {}): AssignmentListItem => ({
  id,
  classId: 'c1',
  className: 'Year 7 Geography',
  toolId: 'quiz-whiz',
  title,
  note: '',
  aiLevel: 'practice',
  opensAt: '2026-11-01T09:00:00.000Z',
  dueAt,
  status: 'not-started',
  score: null,
  ...extra,
});

describe('the dashboard’s "Your assignments"', () => {
  it('lists them in the order due, those without a due date last, with status, the score when finished and a link', async () => {
    const server = fakeStudentServer({
      myAssignments: {
        assignments: [
          item('a3', 'Reading log', null),
          item('a2', 'Rivers quiz', '2026-12-10T09:00:00.000Z', { status: 'finished', score: { score: 4, total: 5 } }),
          item('a1', 'Capitals quiz', '2026-12-01T09:00:00.000Z', { status: 'started' }),
        ],
      },
    });
    configureClassApi({ fetch: server.fetch });
    render(<YourAssignments />);
    const list = await screen.findByRole('list', { name: 'Your assignments' });
    const rows = within(list).getAllByRole('listitem');
    expect(rows.map((row) => within(row).getByRole('link').textContent)).toEqual(['Capitals quiz', 'Rivers quiz', 'Reading log']);
    expect(within(rows[0]!).getByRole('link').getAttribute('href')).toBe('#/classes/c1/assignments/a1');
    expect(rows[0]!.textContent).toContain('Started');
    expect(rows[1]!.textContent).toContain('4 out of 5');
    expect(rows[2]!.textContent).toContain('No due date');
  });

  it('signed out, or with no assignments, shows nothing', async () => {
    for (const signedIn of [false, true]) {
      const server = fakeStudentServer({ signedIn });
      configureClassApi({ fetch: server.fetch });
      const { container, unmount } = render(<YourAssignments />);
      await new Promise((resolve) => setTimeout(resolve, 0));
      expect(server.requests.map((r) => r.path)).toEqual(['/api/my/assignments']);
      expect(container.textContent).toBe('');
      unmount();
    }
  });
});
