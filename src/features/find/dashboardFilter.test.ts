// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { storageKeys } from '../../kernel/stored/storage';

async function freshStore() {
  vi.resetModules();
  return import('./dashboardFilter');
}

let warn: ReturnType<typeof vi.spyOn>;
beforeEach(() => {
  localStorage.clear();
  warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
});
afterEach(() => vi.restoreAllMocks());

describe('the dashboard filter', () => {
  it('remembers the tab and the category apart', async () => {
    const { useDashboardFilter } = await freshStore();
    useDashboardFilter.getState().setFilter('teachers');
    useDashboardFilter.getState().setCategory('Teaching');
    const again = (await freshStore()).useDashboardFilter.getState();
    expect([again.filter, again.category]).toEqual(['teachers', 'Teaching']);
  });

  it('discards a category that is not one, with the spec logging, and shows all', async () => {
    localStorage.setItem(storageKeys.dashboardCategory, JSON.stringify('Astrology'));
    expect((await freshStore()).useDashboardFilter.getState().category).toBe('all');
    expect(warn).toHaveBeenCalledWith(expect.stringContaining(`discarding "${storageKeys.dashboardCategory}"`));
    expect(localStorage.getItem(storageKeys.dashboardCategory)).toBeNull();
  });
});

describe('dashboard filter', () => {
  it('defaults to all and is remembered', async () => {
    vi.resetModules();
    const first = await import('./dashboardFilter');
    expect(first.useDashboardFilter.getState().filter).toBe('all');
    first.useDashboardFilter.getState().setFilter('teachers');
    vi.resetModules();
    expect((await import('./dashboardFilter')).useDashboardFilter.getState().filter).toBe('teachers');
  });

  it('ignores an unknown stored filter', async () => {
    localStorage.setItem(storageKeys.dashboardFilter, '"admins"');
    vi.resetModules();
    expect((await import('./dashboardFilter')).useDashboardFilter.getState().filter).toBe('all');
  });
});

describe('which views leave out the recent tools', () => {
  it('only the main list (All Tools, every category, no search), as the spec says', async () => {
    const { leavesOutRecentTools } = await import('./dashboardFilter');
    expect(leavesOutRecentTools('all', 'all', false)).toBe(true);
    // A role's tab, a category or a search keeps every tool it holds where it belongs.
    expect(leavesOutRecentTools('students', 'all', false)).toBe(false);
    expect(leavesOutRecentTools('teachers', 'all', false)).toBe(false);
    expect(leavesOutRecentTools('all', 'Writing', false)).toBe(false);
    expect(leavesOutRecentTools('all', 'all', true)).toBe(false);
  });
});
