// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { storageKeys } from '../../kernel/stored/storage';

/* What the settings mean is tested in src/kernel/backend/settings.test.ts; here, how the screen's choices are kept. */

beforeEach(() => localStorage.clear());
afterEach(() => vi.restoreAllMocks());

describe('the settings store', () => {
  it('stores what the Settings screen saves and survives an unreadable value', async () => {
    localStorage.setItem(storageKeys.settings, '{oops');
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    vi.resetModules();
    const { useSettings } = await import('./settingsState');
    expect(useSettings.getState().stored).toEqual({});
    useSettings.getState().save({ backendUrl: ' https://b.example ', publicKey: 'k', transcribeUrl: '' });
    expect(JSON.parse(localStorage.getItem(storageKeys.settings) ?? '')).toEqual({ backendUrl: 'https://b.example', publicKey: 'k', transcribeUrl: '' });
  });
});
