// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { student, teacher } from './testing/fakeAccountServer';
import { freshAccounts, useFakeSync } from './testing/setUp';
import type { AccountUser } from './accountApi';

useFakeSync();
afterEach(cleanup);

async function showHeaderEntry(user: AccountUser | null) {
  await freshAccounts(user);
  const { HeaderEntry } = await import('./HeaderEntry');
  render(<HeaderEntry />);
}

describe('the header’s account corner', () => {
  it.each([
    ['a teacher', teacher],
    ['a student', student],
  ])('signed in as %s: a Classes link beside their name', async (_, user) => {
    await showHeaderEntry(user);
    expect((await screen.findByRole('link', { name: 'Classes' })).getAttribute('href')).toBe('#/classes');
  });

  it('signed out: Sign in, and no Classes link (classes need an account)', async () => {
    await showHeaderEntry(null);
    expect(await screen.findByRole('link', { name: /Sign in/ })).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Classes' })).toBeNull();
  });
});
