// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { onStoredWrite, STORAGE_PREFIX, writeStored } from './storage';

/*
 * Sync hears every key written here and, hearing one, writes its own state:
 * that write must not be announced back to it, or each would call the next
 * without end (the page froze the moment someone signed in).
 */

let stop = () => {};
afterEach(() => {
  stop();
  localStorage.clear();
});

describe('onStoredWrite', () => {
  it('hears each write made outside a listener once, and not the writes its listener makes', () => {
    const heard: string[] = [];
    stop = onStoredWrite((key) => {
      heard.push(key);
      writeStored(`${STORAGE_PREFIX}sync:state`, { after: key });
    });
    writeStored(`${STORAGE_PREFIX}projects`, []);
    writeStored(`${STORAGE_PREFIX}favourites`, ['smart-notes']);
    expect(heard).toEqual([`${STORAGE_PREFIX}projects`, `${STORAGE_PREFIX}favourites`]);
    expect(JSON.parse(localStorage.getItem(`${STORAGE_PREFIX}sync:state`) ?? 'null')).toEqual({ after: `${STORAGE_PREFIX}favourites` });
  });
});
