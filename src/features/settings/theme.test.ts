// @vitest-environment jsdom
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { storageKeys } from '../../kernel/stored/storage';
import { followTheme, resolveTheme, useTheme } from './theme';

/** A matchMedia for the dark-scheme query whose answer the test flips. */
function fakeSystem(dark: boolean) {
  const listeners = new Set<() => void>();
  const query = {
    matches: dark,
    addEventListener: (_: string, listener: () => void) => listeners.add(listener),
    removeEventListener: (_: string, listener: () => void) => listeners.delete(listener),
  };
  return {
    window: { matchMedia: vi.fn(() => query as unknown as MediaQueryList), document },
    setDark(next: boolean) {
      query.matches = next;
      listeners.forEach((listener) => listener());
    },
    listeners,
  };
}

beforeEach(() => {
  localStorage.clear();
  delete document.documentElement.dataset.theme;
  useTheme.setState({ choice: 'system' });
});

describe('theme', () => {
  it('resolves System to the system setting, and Light and Dark to themselves', () => {
    expect(resolveTheme('system', true)).toBe('dark');
    expect(resolveTheme('system', false)).toBe('light');
    expect(resolveTheme('light', true)).toBe('light');
    expect(resolveTheme('dark', false)).toBe('dark');
  });

  it('sets data-theme on <html> at once, and follows the system until a choice is made', () => {
    const system = fakeSystem(true);
    const stop = followTheme(system.window);
    expect(document.documentElement.dataset.theme).toBe('dark');
    system.setDark(false);
    expect(document.documentElement.dataset.theme).toBe('light');

    useTheme.getState().setChoice('dark');
    expect(document.documentElement.dataset.theme).toBe('dark');
    system.setDark(false);
    expect(document.documentElement.dataset.theme).toBe('dark');

    stop();
    expect(system.listeners.size).toBe(0);
    useTheme.getState().setChoice('light');
    expect(document.documentElement.dataset.theme).toBe('dark'); // No longer followed.
  });

  it('remembers the choice, and reads it back validated', () => {
    useTheme.getState().setChoice('light');
    expect(localStorage.getItem(storageKeys.theme)).toBe('"light"');
    localStorage.setItem(storageKeys.theme, '"dark"');
    useTheme.getState().reload();
    expect(useTheme.getState().choice).toBe('dark');

    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    localStorage.setItem(storageKeys.theme, '"sepia"');
    useTheme.getState().reload();
    expect(useTheme.getState().choice).toBe('system');
    expect(localStorage.getItem(storageKeys.theme)).toBeNull();
    warn.mockRestore();
  });

  it('still changes the theme when storage refuses the write', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const setItem = vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('full', 'QuotaExceededError');
    });
    const stop = followTheme(fakeSystem(false).window);
    useTheme.getState().setChoice('dark');
    expect(document.documentElement.dataset.theme).toBe('dark');
    expect(warn).toHaveBeenCalled();
    stop();
    setItem.mockRestore();
    warn.mockRestore();
  });

  it('works without matchMedia (an old browser): light unless Dark is chosen', () => {
    const stop = followTheme({ matchMedia: undefined as unknown as Window['matchMedia'], document });
    expect(document.documentElement.dataset.theme).toBe('light');
    useTheme.getState().setChoice('dark');
    expect(document.documentElement.dataset.theme).toBe('dark');
    stop();
  });
});
