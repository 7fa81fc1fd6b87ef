// @vitest-environment jsdom
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CLASS_MESSAGES } from '../../../kernel/classes/wire';
import { ClassPage } from './ClassPage';
import { quizAssignment, resultsWith, teacherClass } from './testing/classSamples';
import { FakeEventSource, fakeClassServer, signInConfigured, studentMe, teacherMe, type FakeClassServer } from './testing/fakeClassServer';

let server: FakeClassServer;
beforeEach(() => {
  signInConfigured(true);
  server = fakeClassServer();
  vi.stubGlobal('EventSource', FakeEventSource);
  server.on('GET /api/classes/c1/results?assignment=a1', { body: resultsWith(0) });
  server.on('GET /api/classes/c1/assignments/a1', { body: { view: 'teacher', needsApproval: false, material: [] } });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('the class page', () => {
  it('a student sees the class name, its teachers and links to its assignments, and nothing of the teacher’s panels', async () => {
    server.on('GET /api/me', { body: studentMe });
    server.on('GET /api/classes/c1', { body: { ...teacherClass, role: 'member', joinCode: undefined, roster: undefined } });
    render(<ClassPage classId="c1" />);
    expect(await screen.findByRole('heading', { level: 1, name: 'Algebra 7B' })).toBeTruthy();
    expect(screen.getByText('Taught by Ada Teacher')).toBeTruthy();
    expect(screen.getByRole('link', { name: quizAssignment.title }).getAttribute('href')).toBe('#/classes/c1/assignments/a1');
    expect(screen.queryByRole('region', { name: 'How students join' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'New assignment' })).toBeNull();
  });

  it('a teacher’s roster marks a student without an account, and removes one only after a confirmation', async () => {
    server.on('GET /api/me', { body: teacherMe });
    server.on('GET /api/classes/c1', { body: teacherClass });
    server.on('DELETE /api/classes/c1/members/u-s1', { body: { ...teacherClass, roster: teacherClass.roster?.slice(1) } });
    render(<ClassPage classId="c1" />);
    const roster = await screen.findByRole('region', { name: 'Students (2)' });
    const noor = within(roster).getByText('Noor').closest('li') as HTMLElement;
    expect(within(noor).getByText('no account')).toBeTruthy();
    const user = userEvent.setup();
    await user.click(within(noor).getByRole('button', { name: 'Remove Noor' }));
    expect(within(noor).getByText('Their answers and work in this class are deleted.')).toBeTruthy();
    expect(server.sent('DELETE /api/classes/c1/members/u-s1')).toEqual([]);
    await user.click(within(noor).getByRole('button', { name: 'Remove' }));
    expect(await screen.findByRole('region', { name: 'Students (1)' })).toBeTruthy();
  });

  it('deleting is offered only once the class is archived, says the work goes, and shows what was deleted', async () => {
    server.on('GET /api/me', { body: teacherMe });
    server.on('GET /api/classes/c1', { body: teacherClass });
    server.on('PATCH /api/classes/c1', { body: { ...teacherClass, archived: true, archivedAt: '2026-11-28T00:00:00.000Z' } });
    server.on('DELETE /api/classes/c1', { body: { deleted: { classes: 1, class_members: 2, assignments: 1, attempts: 2, attempt_answers: 9, help_requests: 0 } } });
    render(<ClassPage classId="c1" />);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Archive' }));
    expect(server.sent('PATCH /api/classes/c1')[0]?.body).toEqual({ archived: true });
    expect(await screen.findByText(CLASS_MESSAGES.archived)).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Delete the class' }));
    expect(screen.getByText(/all its work are deleted for good/)).toBeTruthy();
    expect(server.sent('DELETE /api/classes/c1')).toEqual([]);
    await user.click(screen.getByRole('button', { name: 'Delete the class' }));
    expect((await screen.findByText(/The class and its work are deleted\./)).textContent).toBe(
      'The class and its work are deleted. Removed: 1 class, 2 students, 1 assignment, 2 quiz attempts, 9 answers.',
    );
  });

  it('a teacher who is not signed in is sent to sign in', async () => {
    server.on('GET /api/me', { status: 401, body: { error: 'Sign in to use this.' } });
    render(<ClassPage classId="c1" />);
    expect(await screen.findByText(/Sign in to use classes\./)).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1, name: 'Class' })).toBeTruthy();
    expect(server.sent('GET /api/classes/c1')).toEqual([]);
  });

  it('another teacher’s class (the server answers 404) shows its sentence and a way back', async () => {
    server.on('GET /api/me', { body: teacherMe });
    server.on('GET /api/classes/c1', { status: 404, body: { error: CLASS_MESSAGES.notFound } });
    render(<ClassPage classId="c1" />);
    expect(within(await screen.findByRole('alert')).getByText(CLASS_MESSAGES.notFound)).toBeTruthy();
    expect(screen.getAllByRole('link', { name: 'All classes' }).length).toBeGreaterThan(0);
  });
});
