// @vitest-environment jsdom
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { CLASS_MESSAGES } from '../../../kernel/classes/wire';
import { ClassesPage } from './ClassesPage';
import { fakeClassServer, signInConfigured, studentMe, teacherMe, type FakeClassServer } from './testing/fakeClassServer';

let server: FakeClassServer;
beforeEach(() => {
  signInConfigured(true);
  server = fakeClassServer();
});
afterEach(cleanup);

const algebra = { id: 'c1', name: 'Algebra 7B', grade: 'Year 7', subject: 'Maths', archived: false, role: 'teacher', studentCount: 3 };
const oldClass = { id: 'c0', name: 'Last year', grade: '', subject: '', archived: true, role: 'teacher', studentCount: 1 };

describe('the Classes page', () => {
  it('a teacher sees their classes with grade, subject and student count, archived ones apart', async () => {
    server.on('GET /api/me', { body: teacherMe });
    server.on('GET /api/classes', { body: { teaching: [algebra, oldClass], member: [] } });
    render(<ClassesPage />);
    const current = await screen.findByRole('region', { name: 'Classes you teach' });
    expect(within(current).getByRole('link', { name: 'Algebra 7B' }).getAttribute('href')).toBe('#/classes/c1');
    expect(within(current).getByText('Year 7 · Maths · 3 students')).toBeTruthy();
    expect(within(current).queryByText('Last year')).toBeNull();
    const archived = screen.getByRole('region', { name: 'Archived classes' });
    expect(within(archived).getByRole('link', { name: 'Last year' })).toBeTruthy();
  });

  it('"New class" refuses a blank name before asking the server, and names the field', async () => {
    server.on('GET /api/me', { body: teacherMe });
    server.on('GET /api/classes', { body: { teaching: [], member: [] } });
    render(<ClassesPage />);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Create class' }));
    expect(await screen.findByText('Name is required.')).toBeTruthy();
    expect(screen.getByLabelText(/^Name/).getAttribute('aria-invalid')).toBe('true');
    expect(server.sent('POST /api/classes')).toEqual([]);
  });

  it('"New class" shows the server’s refusal in its words and keeps what was typed', async () => {
    server.on('GET /api/me', { body: teacherMe });
    server.on('GET /api/classes', { body: { teaching: [], member: [] } });
    server.on('POST /api/classes', { status: 403, body: { error: CLASS_MESSAGES.teachersOnly } });
    render(<ClassesPage />);
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText(/^Name/), 'Biology 9');
    await user.type(screen.getByLabelText('Subject'), 'Biology');
    await user.click(screen.getByRole('checkbox', { name: 'Let students join with the code and their first name only (no account)' }));
    await user.click(screen.getByRole('button', { name: 'Create class' }));
    expect((await screen.findByRole('alert')).textContent).toContain(CLASS_MESSAGES.teachersOnly);
    expect(server.sent('POST /api/classes')[0]?.body).toEqual({ name: 'Biology 9', grade: '', subject: 'Biology', allowNameJoin: true });
    expect((screen.getByLabelText(/^Name/) as HTMLInputElement).value).toBe('Biology 9');
    expect((screen.getByLabelText('Subject') as HTMLInputElement).value).toBe('Biology');
  });

  it('a student sees the classes they belong to and a "Join a class" box, and no "New class"', async () => {
    server.on('GET /api/me', { body: studentMe });
    server.on('GET /api/classes', { body: { teaching: [], member: [{ ...algebra, role: 'member', studentCount: undefined }] } });
    render(<ClassesPage />);
    const mine = await screen.findByRole('region', { name: 'Your classes' });
    expect(within(mine).getByRole('link', { name: 'Algebra 7B' })).toBeTruthy();
    expect(screen.getByRole('region', { name: 'Join a class' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Create class' })).toBeNull();
  });

  it('signed out: says to sign in, with the link to the Account page', async () => {
    server.on('GET /api/me', { status: 401, body: { error: 'Sign in first.' } });
    render(<ClassesPage />);
    expect(await screen.findByText(/Sign in to use classes\./)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Sign in' }).getAttribute('href')).toBe('#/account');
    expect(server.sent('GET /api/classes')).toEqual([]);
  });
});
