// @vitest-environment jsdom
import { describe, expect, it, vi } from 'vitest';
import { notVerified, student, teacher } from './testing/fakeAccountServer';
import { freshAccounts, useFakeSync } from './testing/setUp';

const sync = useFakeSync();

describe('who is signed in', () => {
  it('a 401 from /api/me is signed out, with nothing shown as wrong and nothing synced', async () => {
    const { actions, state, server } = await freshAccounts(null);
    await actions.checkAccount();
    expect(state.useAccount.getState()).toMatchObject({ session: { kind: 'signed-out' }, sync: { kind: 'off' }, problem: null });
    expect(sync().started).toEqual([]);
    expect(server.requests).toEqual([{ method: 'GET', path: '/api/me', csrfToken: null }]);
  });

  it('asks the server once per page, however many parts ask', async () => {
    const { actions, server } = await freshAccounts(teacher);
    await Promise.all([actions.checkAccount(), actions.checkAccount()]);
    await actions.checkAccount();
    expect(server.requests.filter((request) => request.path === '/api/me')).toHaveLength(1);
  });

  it('signed in: keeps the person and the CSRF token, and starts syncing with that token', async () => {
    const { actions, state } = await freshAccounts(teacher);
    await actions.checkAccount();
    expect(state.useAccount.getState().session).toEqual({ kind: 'signed-in', user: teacher, csrfToken: 'csrf-token-1' });
    expect(sync().started).toEqual([{ csrfToken: 'csrf-token-1', uploadExisting: true, userId: teacher.id }]);
    sync().setStatus({ state: 'syncing', pending: 3 });
    expect(state.useAccount.getState().sync).toEqual({ kind: 'running', status: { state: 'syncing', pending: 3 } });
  });

  it('the server out of reach: signed out for now, with a plain message, and asking again works', async () => {
    const { actions, state, server } = await freshAccounts(teacher);
    server.offline = true;
    await actions.checkAccount();
    expect(state.useAccount.getState()).toMatchObject({ session: { kind: 'signed-out' }, problem: expect.stringMatching(/cannot be reached/) });
    server.offline = false;
    await actions.refreshAccount();
    expect(state.useAccount.getState()).toMatchObject({ session: { kind: 'signed-in' }, problem: null });
  });
});

describe('the first sign-in on a browser that holds work', () => {
  it('uploads nothing until the person chooses, then starts with their choice', async () => {
    sync().localData = true;
    const { actions, state } = await freshAccounts(student);
    await actions.checkAccount();
    expect(state.useAccount.getState().sync).toEqual({ kind: 'choosing' });
    expect(sync().started).toEqual([]);
    await actions.chooseUpload(false);
    expect(sync().started).toEqual([{ csrfToken: 'csrf-token-1', uploadExisting: false, userId: student.id }]);

    // The next page load, having synced with this account, does not ask again.
    const again = await freshAccounts(student);
    await again.actions.checkAccount();
    expect(again.state.useAccount.getState().sync.kind).toBe('running');
    expect(sync().started).toHaveLength(2);
  });

  it('asks again after a sign-out: on a shared computer the work here since may be someone else’s', async () => {
    sync().localData = true;
    const { actions, state, server } = await freshAccounts(student);
    await actions.checkAccount();
    await actions.chooseUpload(true);
    await actions.signOut({ everywhere: false, removeLocalData: null });
    server.user = student;
    await actions.refreshAccount();
    expect(state.useAccount.getState().sync).toEqual({ kind: 'choosing' });
  });

  it('nothing in this browser: nothing to ask, syncing starts', async () => {
    const { actions, state } = await freshAccounts(student);
    await actions.checkAccount();
    expect(state.useAccount.getState().sync.kind).toBe('running');
  });
});

describe('signing out and deleting the account', () => {
  it('signs out with the CSRF token, stops syncing and forgets the sync state, keeping this browser’s work', async () => {
    const { actions, state, server } = await freshAccounts(teacher);
    await actions.checkAccount();
    const removeLocalData = vi.fn(async () => 3);
    expect(await actions.signOut({ everywhere: false, removeLocalData: null })).toBe(true);
    expect(server.requests.at(-1)).toEqual({ method: 'POST', path: '/auth/logout', csrfToken: 'csrf-token-1' });
    expect(state.useAccount.getState()).toMatchObject({ session: { kind: 'signed-out' }, sync: { kind: 'off' } });
    expect([sync().stopped, sync().forgotten]).toEqual([1, 1]);
    expect(removeLocalData).not.toHaveBeenCalled();
  });

  it('on a shared computer, removes the work from this browser after the session has ended', async () => {
    const { actions, server } = await freshAccounts(teacher);
    await actions.checkAccount();
    const removeLocalData = vi.fn(async () => (server.user === null ? 'after' : 'before'));
    await actions.signOut({ everywhere: true, removeLocalData });
    expect(server.requests.at(-1)?.path).toBe('/auth/logout-everywhere');
    await expect(removeLocalData.mock.results[0]?.value).resolves.toBe('after');
  });

  it('says signed out only once the work has left this browser, so closing the tab then leaves nothing behind', async () => {
    const { actions, state } = await freshAccounts(teacher);
    await actions.checkAccount();
    // The code that empties the browser is loaded on demand: on a slow connection it arrives after the server has answered.
    let finishRemoving: () => void = () => {};
    const removeLocalData = vi.fn(() => new Promise<void>((resolve) => (finishRemoving = resolve)));
    const deleting = actions.deleteAccount({ removeLocalData });
    await vi.waitFor(() => expect(removeLocalData).toHaveBeenCalled());
    expect(state.useAccount.getState().session.kind).toBe('signed-in');
    finishRemoving();
    expect(await deleting).toBe(true);
    expect(state.useAccount.getState()).toMatchObject({ session: { kind: 'signed-out' }, sync: { kind: 'off' }, problem: null });
  });

  it('a browser that refuses to empty still ends signed out, saying what was left', async () => {
    const { actions, state } = await freshAccounts(teacher);
    await actions.checkAccount();
    const removeLocalData = vi.fn(() => Promise.reject(new Error('Could not delete everything.')));
    expect(await actions.signOut({ everywhere: false, removeLocalData })).toBe(true);
    expect(state.useAccount.getState()).toMatchObject({ session: { kind: 'signed-out' }, problem: 'Could not delete everything.' });
  });

  it('a 403 (token not accepted) shows the server’s message and leaves the person signed in and syncing', async () => {
    const { actions, state, server } = await freshAccounts(teacher);
    await actions.checkAccount();
    server.csrfToken = 'rotated-on-the-server';
    const removeLocalData = vi.fn(async () => 0);
    expect(await actions.deleteAccount({ removeLocalData })).toBe(false);
    expect(state.useAccount.getState()).toMatchObject({ session: { kind: 'signed-in' }, problem: notVerified });
    expect(server.accountDeleted).toBe(false);
    expect([sync().stopped, sync().forgotten]).toEqual([0, 0]);
    expect(removeLocalData).not.toHaveBeenCalled();
  });

  it('deletes the account with the CSRF token; afterwards signed out', async () => {
    const { actions, state, server } = await freshAccounts(teacher);
    await actions.checkAccount();
    expect(await actions.deleteAccount({ removeLocalData: null })).toBe(true);
    expect(server.requests.at(-1)).toEqual({ method: 'DELETE', path: '/api/account', csrfToken: 'csrf-token-1' });
    expect(server.accountDeleted).toBe(true);
    expect(state.useAccount.getState().session.kind).toBe('signed-out');
  });

  it('a session that had already ended (401) counts as signed out', async () => {
    const { actions, state, server } = await freshAccounts(teacher);
    await actions.checkAccount();
    server.user = null;
    expect(await actions.signOut({ everywhere: false, removeLocalData: null })).toBe(true);
    expect(state.useAccount.getState()).toMatchObject({ session: { kind: 'signed-out' }, problem: null });
  });
});

describe('the sync status in words', () => {
  it('says each state plainly', async () => {
    const { state } = await freshAccounts(null);
    const words = (status: Parameters<typeof state.syncStatusWords>[0]) => state.syncStatusWords(status);
    expect(words({ state: 'synced', pending: 0 })).toBe('All changes saved to your account');
    expect(words({ state: 'syncing', pending: 1 })).toBe('Saving 1 change…');
    expect(words({ state: 'offline', pending: 2 })).toBe(
      'Sync paused: you are offline. Your work is kept on this device and will be saved when you are back online.',
    );
    expect(words({ state: 'paused', pending: 2 })).toMatch(/^Sync paused: the server cannot be reached/);
    expect(state.shortSyncWords({ kind: 'running', status: { state: 'offline', pending: 0 } })).toBe('Sync paused');
  });
});
