// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { announceStorageChange, followOtherTabs, onStorageChange } from './otherTabs';
import { storageKeys } from './storage';

/*
 * Where stores say how they follow other tabs: a store that registers hears
 * another tab's write to the app's keys and "storage was cleared", and a store
 * that leaves hears nothing more, without the app naming any store.
 */

const cleanups: (() => void)[] = [];
afterEach(() => cleanups.splice(0).forEach((stop) => stop()));

function heard(): (string | null)[] {
  const keys: (string | null)[] = [];
  cleanups.push(onStorageChange((key) => keys.push(key)));
  return keys;
}

function otherTabWrote(key: string | null, newValue: string | null = 'x') {
  window.dispatchEvent(new StorageEvent('storage', { key, newValue, storageArea: localStorage }));
}

describe('following other tabs', () => {
  it('tells every registered store of another tab\u2019s write to the app\u2019s keys, and of a clear', () => {
    const first = heard();
    const second = heard();
    cleanups.push(followOtherTabs(window));
    otherTabWrote(storageKeys.projects);
    otherTabWrote('someone-else');
    otherTabWrote(null);
    expect(first).toEqual([storageKeys.projects, null]);
    expect(second).toEqual(first);
  });

  it('hears "Delete all my data" in another tab as one clear, and its removals of the marker as nothing', () => {
    const keys = heard();
    cleanups.push(followOtherTabs(window));
    otherTabWrote(storageKeys.deletingAll, '1');
    otherTabWrote(storageKeys.deletingAll, null);
    expect(keys).toEqual([null]);
  });

  it('tells this tab\u2019s stores when this tab clears storage, and nothing to a store that left or once it stops listening', () => {
    const keys: (string | null)[] = [];
    const leave = onStorageChange((key) => keys.push(key));
    const stop = followOtherTabs(window);
    announceStorageChange(null);
    leave();
    announceStorageChange(null);
    otherTabWrote(storageKeys.projects);
    stop();
    const later = heard();
    otherTabWrote(storageKeys.projects);
    expect(keys).toEqual([null]);
    expect(later).toEqual([]);
  });
});
