// @vitest-environment jsdom
import { act, cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ClassResults } from './ClassResults';
import { quizAssignment, resultsWith } from './testing/classSamples';
import { FakeEventSource, fakeClassServer, type FakeClassServer } from './testing/fakeClassServer';

let server: FakeClassServer;
beforeEach(() => {
  server = fakeClassServer();
  FakeEventSource.opened = [];
  vi.stubGlobal('EventSource', FakeEventSource);
  server.on('GET /api/classes/c1/assignments/a1', { body: { view: 'teacher', needsApproval: false, material: [] } });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const resultsRoute = 'GET /api/classes/c1/results?assignment=a1';
const second = { ...quizAssignment, id: 'a2', title: 'Decimals' };

async function showResults() {
  render(<ClassResults classId="c1" assignments={[quizAssignment]} />);
  await screen.findByRole('table', { name: 'Students' });
  const stream = FakeEventSource.opened[0];
  if (!stream) throw new Error('no live stream opened');
  return stream;
}

describe('the class results', () => {
  it('a "changed" event for the shown assignment fetches the results again and shows the new score, without a reload or moving focus', async () => {
    server.on(resultsRoute, { body: resultsWith(0) });
    const stream = await showResults();
    expect(stream.url).toBe('/api/classes/c1/events');
    const students = screen.getByRole('table', { name: 'Students' });
    expect(within(students).getByRole('row', { name: /Noor/ }).textContent).toContain('Not started');
    const picker = screen.getByRole('combobox', { name: 'Assignment' });
    picker.focus();

    server.on(resultsRoute, { body: resultsWith(1) });
    act(() => stream.emit('changed', { assignmentId: 'a1' }));
    await expect.poll(() => within(screen.getByRole('table', { name: 'Students' })).getByRole('row', { name: /Noor/ }).textContent).toContain('4 / 5');
    expect(within(screen.getByRole('table', { name: 'Students' })).getByRole('row', { name: /Noor/ }).textContent).toContain('Finished');
    // The most-missed question and the wrong answer chosen, as counted by the server.
    expect(screen.getByText(/Wrong answers chosen most: “2\/6” \(1\)/)).toBeTruthy();
    // Said politely for screen readers; focus stays where the teacher left it.
    expect((await screen.findByText('Results updated: 1 of 2 finished.')).getAttribute('aria-live')).toBe('polite');
    expect(document.activeElement).toBe(picker);
    expect(server.sent(resultsRoute)).toHaveLength(2);
  });

  it('an event for another assignment fetches nothing', async () => {
    server.on(resultsRoute, { body: resultsWith(0) });
    const stream = await showResults();
    act(() => stream.emit('changed', { assignmentId: 'another' }));
    act(() => stream.emit('changed', 'not json at all'));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(server.sent(resultsRoute)).toHaveLength(1);
  });

  it('the teacher picks the assignment; the export links follow it', async () => {
    server.on(resultsRoute, { body: resultsWith(0) });
    server.on('GET /api/classes/c1/results?assignment=a2', { body: { ...resultsWith(0), assignmentId: 'a2' } });
    server.on('GET /api/classes/c1/assignments/a2', { body: { view: 'teacher', needsApproval: false, material: [] } });
    render(<ClassResults classId="c1" assignments={[quizAssignment, second]} />);
    // The newest assignment shows first.
    expect((await screen.findByRole('link', { name: 'Download CSV' })).getAttribute('href')).toBe('/api/classes/c1/export.csv?assignment=a2');
    await userEvent.setup().selectOptions(screen.getByRole('combobox', { name: 'Assignment' }), 'Fractions check');
    expect(screen.getByRole('link', { name: 'Download Excel (.xlsx)' }).getAttribute('href')).toBe('/api/classes/c1/export.xlsx?assignment=a1');
    await expect.poll(() => server.sent(resultsRoute).length).toBe(1);
  });

  it('a help request shows its note, who and "Mark as done", which resolves it on the server', async () => {
    server.on(resultsRoute, { body: { ...resultsWith(0), help: [{ id: 'h1', userId: 'u-s1', name: 'Noor', note: 'Stuck on question 2', createdAt: '2026-11-27T10:00:00.000Z', resolved: false }] } });
    server.on('PATCH /api/classes/c1/help/h1', { body: { ok: true } });
    await showResults();
    expect(screen.getByText('Stuck on question 2')).toBeTruthy();
    server.on(resultsRoute, { body: resultsWith(0) });
    await userEvent.setup().click(screen.getByRole('button', { name: /^Mark as done/ }));
    expect(await screen.findByText('No one is asking for help.')).toBeTruthy();
    expect(server.sent('PATCH /api/classes/c1/help/h1')[0]?.body).toEqual({ resolved: true });
  });

  it('material awaiting approval shows with its answers and "Approve for" its group', async () => {
    server.on(resultsRoute, { body: resultsWith(0) });
    const quiz = [{ question: 'What is 1/2 + 1/4?', options: ['2/6', '3/4', '1/8', '2/4'], answer: '3/4', difficulty: 'Easy' }];
    server.on('GET /api/classes/c1/assignments/a1', { body: { view: 'teacher', needsApproval: true, material: [{ group: 'Blue', content: quiz, approvedAt: null }] } });
    server.on('POST /api/classes/c1/assignments/a1/approve', { body: { view: 'teacher', needsApproval: true, material: [{ group: 'Blue', content: quiz, approvedAt: '2026-11-27T10:00:00.000Z' }] } });
    await showResults();
    expect(await screen.findByText('3/4 (answer)')).toBeTruthy();
    expect(screen.getByText('AI-generated')).toBeTruthy();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Approve for Blue' }));
    expect(await screen.findByText('For Blue: approved')).toBeTruthy();
    expect(server.sent('POST /api/classes/c1/assignments/a1/approve')[0]?.body).toEqual({ group: 'Blue' });
  });
});
