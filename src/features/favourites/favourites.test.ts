// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { storageKeys } from '../../kernel/stored/storage';

async function freshStore() {
  vi.resetModules();
  return import('./favourites');
}

let warn: ReturnType<typeof vi.spyOn>;
beforeEach(() => {
  localStorage.clear();
  warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
});
afterEach(() => vi.restoreAllMocks());

describe('favourites', () => {
  it('pins and unpins in the order pinned, and keeps them across a reload', async () => {
    const { useFavourites } = await freshStore();
    useFavourites.getState().toggle('rubric-builder');
    useFavourites.getState().toggle('quiz-whiz');
    useFavourites.getState().toggle('essay-buddy');
    useFavourites.getState().toggle('quiz-whiz');
    expect(useFavourites.getState().ids).toEqual(['rubric-builder', 'essay-buddy']);
    expect((await freshStore()).useFavourites.getState().ids).toEqual(['rubric-builder', 'essay-buddy']);
  });

  it('discards a corrupted list with a logged warning, and drops tools that no longer exist without one', async () => {
    localStorage.setItem(storageKeys.favourites, '{"not":"a list"}');
    expect((await freshStore()).useFavourites.getState().ids).toEqual([]);
    expect(warn).toHaveBeenCalledWith(expect.stringContaining(`discarding "${storageKeys.favourites}"`));
    expect(localStorage.getItem(storageKeys.favourites)).toBeNull();

    warn.mockClear();
    localStorage.setItem(storageKeys.favourites, JSON.stringify(['quiz-whiz', 'a-tool-long-gone', 'quiz-whiz']));
    expect((await freshStore()).useFavourites.getState().ids).toEqual(['quiz-whiz']);
    expect(warn).not.toHaveBeenCalled();
  });

  it('keeps the pin on screen when storage refuses the write, and says so in the log', async () => {
    const { useFavourites } = await freshStore();
    vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('full', 'QuotaExceededError');
    });
    useFavourites.getState().toggle('quiz-whiz');
    expect(useFavourites.getState().ids).toEqual(['quiz-whiz']);
    expect(warn).toHaveBeenCalledWith('[favourites] could not store the pinned tools', expect.anything());
  });

  it('puts pinned items first, in the order pinned, the rest as they were', async () => {
    const { pinnedFirst } = await freshStore();
    const list = ['a', 'b', 'c', 'd'].map((id) => ({ id }));
    expect(pinnedFirst(list, ['d', 'b', 'x']).map((item) => item.id)).toEqual(['d', 'b', 'a', 'c']);
    expect(pinnedFirst(list, []).map((item) => item.id)).toEqual(['a', 'b', 'c', 'd']);
  });
});

describe('favourites from an imported file', () => {
  it('are added after the ones here, each once, without tools this app does not have', async () => {
    const { useFavourites } = await freshStore();
    useFavourites.getState().toggle('essay-buddy');
    useFavourites.getState().merge(['quiz-whiz', 'essay-buddy', 'not-a-tool']);
    expect(useFavourites.getState().ids).toEqual(['essay-buddy', 'quiz-whiz']);
    expect(JSON.parse(localStorage.getItem(storageKeys.favourites) ?? '[]')).toEqual(['essay-buddy', 'quiz-whiz']);
  });
});
