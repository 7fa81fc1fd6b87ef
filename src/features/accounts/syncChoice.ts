import { readStored, STORAGE_PREFIX, writeStoredOrWarn } from '../../kernel/stored/storage';
import type { StoredReader } from '../../kernel/stored/reader';

/*
 * What each person said, in this browser, about the work it held when they
 * first signed in here: upload it to their account, or keep it only here.
 * Until someone has said, nothing this browser holds is uploaded: the first
 * sign-in asks first. Kept beside the rest of StudyForge's data, so "Delete
 * all my data" forgets it too (and the question comes back).
 */

export const SYNC_CHOICE_KEY = `${STORAGE_PREFIX}account-sync-choices`;
/** Bounded, as a shared computer sees many people: the oldest choice goes first. */
const MAX_REMEMBERED = 50;

interface SyncChoice {
  userId: string;
  uploadExisting: boolean;
}

const readChoices: StoredReader<SyncChoice[]> = (value) =>
  Array.isArray(value) &&
  value.every((entry: unknown) => {
    const choice = entry as Partial<SyncChoice> | null;
    return typeof choice?.userId === 'string' && typeof choice.uploadExisting === 'boolean';
  })
    ? { ok: true, value: value as SyncChoice[] }
    : { ok: false, problem: 'not a list of upload choices' };

/** Whether this person's existing work was to be uploaded; undefined if they have not been asked in this browser. */
export function choiceFor(userId: string): boolean | undefined {
  return readStored(SYNC_CHOICE_KEY, readChoices, []).find((choice) => choice.userId === userId)?.uploadExisting;
}

export function rememberChoice(userId: string, uploadExisting: boolean): void {
  const others = readStored(SYNC_CHOICE_KEY, readChoices, []).filter((choice) => choice.userId !== userId);
  const choices = [...others, { userId, uploadExisting }].slice(-MAX_REMEMBERED);
  writeStoredOrWarn(SYNC_CHOICE_KEY, choices, '[accounts] could not remember the upload choice');
}
