// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { storageKeys } from '../../kernel/stored/storage';

async function freshStore() {
  vi.resetModules();
  return import('./recentTools');
}

beforeEach(() => {
  localStorage.clear();
  vi.spyOn(console, 'warn').mockImplementation(() => undefined);
});
afterEach(() => vi.restoreAllMocks());

describe('recent tools', () => {
  it('keeps at most 5, most recent first, without duplicates', async () => {
    const { useRecentTools } = await freshStore();
    for (const id of ['a', 'b', 'c', 'd', 'e', 'f', 'c']) useRecentTools.getState().recordVisit(id);
    expect(useRecentTools.getState().recent).toEqual(['c', 'f', 'e', 'd', 'b']);
    expect(JSON.parse(localStorage.getItem(storageKeys.recentTools) ?? '[]')).toEqual(['c', 'f', 'e', 'd', 'b']);
  });

  it('keeps the five most recent tools apart from page visits, and the spec list as it is', async () => {
    const { useRecentTools, recentToolIdsKey } = await freshStore();
    for (const id of ['a', 'b', 'c', 'd', 'e', 'f', 'projects', 'dashboard']) useRecentTools.getState().recordVisit(id);
    expect(useRecentTools.getState().recent).toEqual(['dashboard', 'projects', 'f', 'e', 'd']);
    expect(JSON.parse(localStorage.getItem(storageKeys.recentTools) ?? '[]')).toEqual(['dashboard', 'projects', 'f', 'e', 'd']);
    expect(useRecentTools.getState().recentTools).toEqual(['f', 'e', 'd', 'c', 'b']);
    expect((await freshStore()).useRecentTools.getState().recentTools).toEqual(['f', 'e', 'd', 'c', 'b']);
    expect(JSON.parse(localStorage.getItem(recentToolIdsKey) ?? '[]')).toEqual(['f', 'e', 'd', 'c', 'b']);
  });

  it('starts the tools-only list from the tools in a list stored before it existed', async () => {
    localStorage.setItem(storageKeys.recentTools, JSON.stringify(['dashboard', 'essay-buddy', 'projects', 'quiz-whiz']));
    expect((await freshStore()).useRecentTools.getState().recentTools).toEqual(['essay-buddy', 'quiz-whiz']);
  });

  it('survives a reload', async () => {
    (await freshStore()).useRecentTools.getState().recordVisit('essay-buddy');
    expect((await freshStore()).useRecentTools.getState().recent).toEqual(['essay-buddy']);
  });

  it('only logs when the update cannot be stored', async () => {
    const { useRecentTools } = await freshStore();
    vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('quota', 'QuotaExceededError');
    });
    expect(() => useRecentTools.getState().recordVisit('smart-notes')).not.toThrow();
    expect(useRecentTools.getState().recent).toEqual(['smart-notes']);
    expect(console.warn).toHaveBeenCalled();
  });

  it('starts empty from an unreadable value', async () => {
    localStorage.setItem(storageKeys.recentTools, '"not a list"');
    expect((await freshStore()).useRecentTools.getState().recent).toEqual([]);
  });
});

describe('recent tools across tabs', () => {
  it('records a visit on top of what another tab stored, not over it', async () => {
    const { useRecentTools } = await freshStore();
    useRecentTools.getState().recordVisit('essay-buddy');
    localStorage.setItem(storageKeys.recentTools, JSON.stringify(['smart-notes', 'essay-buddy']));
    useRecentTools.getState().recordVisit('quiz-whiz');
    expect(useRecentTools.getState().recent).toEqual(['quiz-whiz', 'smart-notes', 'essay-buddy']);
  });

  it('keeps its own list while storage refuses writes', async () => {
    const { useRecentTools } = await freshStore();
    vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('quota', 'QuotaExceededError');
    });
    useRecentTools.getState().recordVisit('a');
    useRecentTools.getState().recordVisit('b');
    useRecentTools.getState().reload();
    expect(useRecentTools.getState().recent).toEqual(['b', 'a']);
  });
});
