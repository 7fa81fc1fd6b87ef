// @vitest-environment jsdom
import { act, cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { loadSettingsForm, useSettings } from '../../../features/settings';
import { preloadParts, SettingsPage } from './SettingsPage';

// The page's parts, as its route loads them before showing it.
await preloadParts();
const { advancedSummary } = await loadSettingsForm();

/*
 * Settings in plain words in jsdom, over the real stores and the
 * real sample backend: the order, Advanced folded unless it holds something,
 * and Test connection trying what is on screen.
 */

const fetches = vi.fn<typeof fetch>();

beforeEach(() => {
  localStorage.clear();
  act(() => useSettings.getState().reset());
  fetches.mockReset();
  vi.stubGlobal('fetch', fetches);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const advanced = () => screen.getByText(advancedSummary).closest('details')!;
const testSection = () => screen.getByRole('region', { name: 'Check the connection' });

describe('order and Advanced', () => {
  it('puts Appearance and the own AI key first, the backend fields folded under Advanced', () => {
    render(<SettingsPage />);
    const titles = [...document.querySelectorAll('h2, summary')].map((el) => el.textContent);
    expect(titles).toEqual(['Appearance', 'Use your own AI key', advancedSummary, 'Check the connection', 'Names', 'Delete all my data']);
    expect(advanced().open).toBe(false);
    expect(within(advanced()).getByLabelText('Backend URL')).toBeTruthy();
  });

  it('opens Advanced by itself when a backend is set', () => {
    act(() => useSettings.getState().save({ backendUrl: 'https://school.example', publicKey: 'anon', transcribeUrl: '' }));
    render(<SettingsPage />);
    expect(advanced().open).toBe(true);
  });
});

describe('Test connection', () => {
  it('says the sample backend answered, and sends nothing', async () => {
    const user = userEvent.setup();
    render(<SettingsPage />);
    await user.click(screen.getByRole('button', { name: 'Test connection' }));
    expect(await within(testSection()).findByText(/^Connected: the offline sample backend\./, undefined, { timeout: 3000 })).toBeTruthy();
    expect(fetches).not.toHaveBeenCalled();
  });

  it('names what is missing from an own key switched on, before sending anything', async () => {
    const user = userEvent.setup();
    render(<SettingsPage />);
    await user.click(screen.getByRole('switch', { name: 'Call a provider with my own key' }));
    await user.click(screen.getByRole('button', { name: 'Test connection' }));
    expect(within(testSection()).getByText('Enter your API key.')).toBeTruthy();
    expect(fetches).not.toHaveBeenCalled();
  });

  it('tries the address as typed, not yet saved, and reports the exact error', async () => {
    const user = userEvent.setup();
    fetches.mockRejectedValue(new TypeError('Failed to fetch'));
    render(<SettingsPage />);
    await user.click(screen.getByText(advancedSummary));
    await user.type(screen.getByLabelText('Backend URL'), 'http://127.0.0.1:9/');
    await user.click(screen.getByRole('button', { name: 'Test connection' }));
    expect(
      await within(testSection()).findByText('Could not reach the AI backend at http://127.0.0.1:9. Check your connection, or the backend URL in Settings.'),
    ).toBeTruthy();
    expect(fetches.mock.calls[0]?.[0]).toBe('http://127.0.0.1:9/functions/v1/gemini');
    expect(useSettings.getState().stored).toEqual({});
  });
});
