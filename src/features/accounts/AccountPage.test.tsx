// @vitest-environment jsdom
import { act, cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { notVerified, student, teacher } from './testing/fakeAccountServer';
import { freshAccounts, injectConfig, twoProviders, useFakeSync } from './testing/setUp';
import type { AccountUser } from './accountApi';

const sync = useFakeSync();
afterEach(cleanup);

/** The page as the app shows it, on a fresh page load, with the gateway's answers from the fake server. */
async function showPage(user: AccountUser | null) {
  const accounts = await freshAccounts(user);
  const { AccountPage } = await import('./AccountPage');
  const removeLocalData = vi.fn(async () => 1);
  render(<AccountPage removeLocalData={removeLocalData} />);
  return { ...accounts, removeLocalData, user: userEvent.setup() };
}

describe('the Account page', () => {
  it('signed in: who, their role, and the sync status in words as it changes', async () => {
    await showPage(teacher);
    expect(await screen.findByText('Signed in as Ada Teacher')).toBeTruthy();
    expect(screen.getByText('Role: Teacher')).toBeTruthy();
    expect(screen.getByRole('status').textContent).toBe('All changes saved to your account');
    act(() => sync().setStatus({ state: 'syncing', pending: 3 }));
    expect(screen.getByRole('status').textContent).toBe('Saving 3 changes…');
    act(() => sync().setStatus({ state: 'offline', pending: 3 }));
    expect(screen.getByRole('status').textContent).toMatch(/^Sync paused: you are offline\. Your work is kept on this device/);
  });

  it('signed out with several providers: one "Sign in with" link for each, to the gateway’s sign-in route', async () => {
    injectConfig(twoProviders);
    await showPage(null);
    const google = await screen.findByRole('link', { name: 'Sign in with Google' });
    expect(google.getAttribute('href')).toBe('/auth/login?provider=google');
    expect(screen.getByRole('link', { name: 'Sign in with Microsoft' }).getAttribute('href')).toBe('/auth/login?provider=entra');
  });

  it('sign-in off: says so, and asks the server nothing', async () => {
    injectConfig(null);
    const { server } = await showPage(teacher);
    expect(screen.getByText(/Signing in is not turned on/)).toBeTruthy();
    expect(server.requests).toEqual([]);
  });

  it('signing out on a shared computer removes this browser’s copy only when ticked', async () => {
    const { user, removeLocalData, server } = await showPage(teacher);
    const box = await screen.findByRole('checkbox', { name: 'Remove my work from this browser' });
    expect((box as HTMLInputElement).checked).toBe(false);
    await user.click(box);
    await user.click(screen.getByRole('button', { name: 'Sign out' }));
    expect(await screen.findByText(/You are not signed in/)).toBeTruthy();
    expect(server.requests.at(-1)).toMatchObject({ method: 'POST', path: '/auth/logout', csrfToken: 'csrf-token-1' });
    expect(removeLocalData).toHaveBeenCalledTimes(1);
  });

  it('signing out without ticking keeps this browser’s copy', async () => {
    const { user, removeLocalData } = await showPage(teacher);
    await user.click(await screen.findByRole('button', { name: 'Sign out everywhere' }));
    expect(await screen.findByText(/You are not signed in/)).toBeTruthy();
    expect(removeLocalData).not.toHaveBeenCalled();
  });

  it('delete asks first, says what goes and what stays, and Cancel deletes nothing', async () => {
    const { user, server } = await showPage(teacher);
    await user.click(await screen.findByRole('button', { name: 'Delete my account' }));
    const panel = screen.getByRole('group', { name: 'Delete your account?' });
    expect(panel.textContent).toMatch(/Every item synced to your account is removed from the server/);
    expect(panel.textContent).toMatch(/This browser keeps its copy/);
    expect(document.activeElement?.textContent).toBe('Cancel');
    await user.click(within(panel).getByRole('button', { name: 'Cancel' }));
    expect(server.requests.some((request) => request.method === 'DELETE')).toBe(false);
    expect(document.activeElement?.textContent).toBe('Delete my account');
  });

  it('deleting with "Also remove it from this browser" ends signed out with this browser emptied', async () => {
    const { user, server, removeLocalData } = await showPage(teacher);
    await user.click(await screen.findByRole('button', { name: 'Delete my account' }));
    const panel = screen.getByRole('group', { name: 'Delete your account?' });
    await user.click(within(panel).getByRole('checkbox', { name: 'Also remove it from this browser' }));
    await user.click(within(panel).getByRole('button', { name: 'Delete my account' }));
    expect(await screen.findByText(/You are not signed in/)).toBeTruthy();
    expect(server.accountDeleted).toBe(true);
    expect(removeLocalData).toHaveBeenCalledTimes(1);
  });

  it('an error from the server shows its plain message, and the page stays usable', async () => {
    const { user, server } = await showPage(teacher);
    await screen.findByText('Signed in as Ada Teacher');
    server.csrfToken = 'rotated-on-the-server';
    await user.click(screen.getByRole('button', { name: 'Sign out' }));
    expect((await screen.findByRole('alert')).textContent).toContain(notVerified);
    expect(screen.getByText('Signed in as Ada Teacher')).toBeTruthy();
    server.offline = true;
    await user.click(screen.getByRole('button', { name: 'Download my data' }));
    expect((await screen.findByRole('alert')).textContent).toMatch(/The server cannot be reached/);
    expect((screen.getByRole('button', { name: 'Sign out' }) as HTMLButtonElement).disabled).toBe(false);
  });

  it('"Download my data" saves the server’s export as a file', async () => {
    const clicked: string[] = [];
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: () => 'blob:export', revokeObjectURL: () => undefined }));
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push(`${this.download} ${this.href}`);
    });
    const { user, server } = await showPage(teacher);
    await user.click(await screen.findByRole('button', { name: 'Download my data' }));
    await vi.waitFor(() => expect(clicked).toEqual(['studyforge-account.json blob:export']));
    expect(server.requests.at(-1)).toMatchObject({ method: 'GET', path: '/api/account/export' });
    click.mockRestore();
  });

  it('first sign-in with work in this browser: a choice before anything uploads', async () => {
    sync().localData = true;
    const { user } = await showPage(student);
    expect(await screen.findByRole('heading', { name: 'This browser already has your work' })).toBeTruthy();
    expect(sync().started).toEqual([]);
    await user.click(screen.getByRole('button', { name: 'Upload this browser’s work to your account' }));
    expect(sync().started).toEqual([{ csrfToken: 'csrf-token-1', uploadExisting: true, userId: student.id }]);
    expect(await screen.findByText('All changes saved to your account')).toBeTruthy();
  });
});
