// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { configureClassApi } from '../classApi';
import { JoinPage } from './JoinPage';
import { fakeStudentServer, type FakeStudentServer } from './testing/fakeStudentServer';

const moves = vi.hoisted(() => ({ goTo: [] as string[], reloadAt: [] as string[] }));
vi.mock('./navigation', async (original) => ({
  ...(await original<typeof import('./navigation')>()),
  goTo: (path: string) => void moves.goTo.push(path),
  reloadAt: (path: string) => void moves.reloadAt.push(path),
}));

let server: FakeStudentServer;
function serve(fake: FakeStudentServer) {
  server = fake;
  configureClassApi({ fetch: fake.fetch, csrfToken: null });
}

/** The gateway's config element, as it writes it into the page when sign-in is on. */
function injectAccounts(providers: { id: string; label: string }[]) {
  document.head.querySelector('#studyforge-config')?.remove();
  const element = document.createElement('script');
  element.type = 'application/json';
  element.id = 'studyforge-config';
  element.textContent = JSON.stringify({ backendUrl: '.', publicKey: '', transcribeUrl: '', accounts: { providers } });
  document.head.append(element);
}

beforeEach(() => {
  moves.goTo.length = 0;
  moves.reloadAt.length = 0;
  injectAccounts([{ id: 'school', label: 'Demo school' }]);
});
afterEach(cleanup);

describe('joining a class by its link', () => {
  it('signed out: names the class and its teacher, offers the school sign-in, and joins with a first name only', async () => {
    serve(fakeStudentServer({ signedIn: false }));
    const user = userEvent.setup();
    render(<JoinPage code="abcd-2345" />);
    expect(await screen.findByRole('heading', { level: 1, name: 'Join Year 7 Geography (Ms Rivera)' })).toBeTruthy();
    expect(server.requests[0]?.path).toBe('/api/join/ABCD2345');
    expect(screen.getByRole('link', { name: 'Sign in with your school account' }).getAttribute('href')).toBe('/auth/login?provider=school&return=%2Fjoin%2FABCD2345');
    // No email asked for: one box, the first name.
    expect(screen.getAllByRole('textbox')).toHaveLength(1);
    await user.click(screen.getByRole('button', { name: 'Join class' }));
    expect(screen.getByText('Type your first name.')).toBeTruthy();
    await user.type(screen.getByRole('textbox', { name: 'First name' }), 'Mia');
    await user.click(screen.getByRole('button', { name: 'Join class' }));
    await vi.waitFor(() => expect(moves.reloadAt).toEqual(['/classes/c1']));
    expect(server.requests.find((r) => r.path === '/api/join/name')?.body).toEqual({ code: 'ABCD2345', firstName: 'Mia' });
  });

  it('where the class needs a school account, offers no first-name form', async () => {
    serve(fakeStudentServer({ signedIn: false, joinInfo: { className: 'Chemistry', teacherNames: [], allowNameJoin: false } }));
    render(<JoinPage code="ABCD2345" />);
    expect(await screen.findByRole('heading', { level: 1, name: 'Join Chemistry' })).toBeTruthy();
    expect(screen.queryByRole('textbox', { name: 'First name' })).toBeNull();
  });

  it('signed in: "Join class" joins and opens the class', async () => {
    serve(fakeStudentServer({ signedIn: true }));
    const user = userEvent.setup();
    render(<JoinPage code="ABCD2345" />);
    await user.click(await screen.findByRole('button', { name: 'Join class' }));
    await vi.waitFor(() => expect(moves.goTo).toEqual(['/classes/c1']));
    expect(server.requests.find((r) => r.path === '/api/join')?.body).toEqual({ code: 'ABCD2345' });
  });

  it('a bad code shows the gateway’s sentence, and another code can be typed', async () => {
    serve(fakeStudentServer({ signedIn: false }));
    server.refuse('/api/join/ABCD2345', 404, 'That class code is not valid. Check it with your teacher.');
    const user = userEvent.setup();
    render(<JoinPage code="ABCD2345" />);
    expect((await screen.findByRole('alert')).textContent).toContain('That class code is not valid. Check it with your teacher.');
    await user.type(screen.getByRole('textbox', { name: 'Try another class code' }), 'wxyz 6789');
    await user.click(screen.getByRole('button', { name: 'Find class' }));
    expect(moves.goTo).toEqual(['/join/WXYZ6789']);
  });

  it('a refused first-name join shows the gateway’s sentence and keeps the name', async () => {
    serve(fakeStudentServer({ signedIn: false }));
    server.refuse('/api/join/name', 403, 'This class needs you to sign in with your school account.');
    const user = userEvent.setup();
    render(<JoinPage code="ABCD2345" />);
    await user.type(await screen.findByRole('textbox', { name: 'First name' }), 'Mia');
    await user.click(screen.getByRole('button', { name: 'Join class' }));
    expect((await screen.findByRole('alert')).textContent).toContain('This class needs you to sign in with your school account.');
    expect((screen.getByRole('textbox', { name: 'First name' }) as HTMLInputElement).value).toBe('Mia');
    expect(moves.reloadAt).toEqual([]);
  });
});

describe('#/join with no code', () => {
  it('asks for the code and goes to its page', async () => {
    serve(fakeStudentServer());
    const user = userEvent.setup();
    render(<JoinPage code="" />);
    expect(screen.getByRole('heading', { level: 1, name: 'Join a class' })).toBeTruthy();
    await user.type(screen.getByRole('textbox', { name: 'Class code' }), 'abcd2345');
    await user.click(screen.getByRole('button', { name: 'Find class' }));
    expect(moves.goTo).toEqual(['/join/ABCD2345']);
    expect(server.requests).toEqual([]);
  });
});
