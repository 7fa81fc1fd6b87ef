import type { StoredReader } from '../../kernel/stored/reader';
import { readStored, storageKeys, writeStoredOrWarn } from '../../kernel/stored/storage';

/*
 * Whether the sample-answers notice was hidden, remembered in this browser
 * like the theme and the dashboard's filters: once someone has read that the
 * answers are samples, the notice need not take a line of every page again.
 * Anything else stored under the key (a hand edit, another version's value)
 * is discarded by readStored, and the notice shows.
 */

const readHidden: StoredReader<boolean> = (value) =>
  typeof value === 'boolean' ? { ok: true, value } : { ok: false, problem: 'not true or false' };

export function sampleNoticeHidden(): boolean {
  return readStored(storageKeys.sampleNoticeHidden, readHidden, false);
}

/** Storage refusing (a private mode, a full quota) only loses the memory: the notice still goes for this page. */
export function rememberSampleNoticeHidden(): void {
  writeStoredOrWarn(storageKeys.sampleNoticeHidden, true, '[sample notice] could not remember that it was hidden');
}
