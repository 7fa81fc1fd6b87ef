import * as z from 'zod/mini';
import { readStored, storageKeys, writeStored } from '../../kernel/stored/storage';
import { zodReader } from '../../kernel/stored/zodReader';
import { readableAttempts, type QuizAttempt } from './quizAttempts';
import { mergeRecords, type CardRecord } from './schedule';
import { studiableRecord } from './studiableRecord';

/*
 * A project's study data, under one key beside its artifacts:
 * each card's schedule by card id, and each saved quiz's attempts made on
 * the project page by artifact id. Read leniently: a card record or attempt
 * that is corrupted is logged and dropped on its own (the card starts again
 * as new), never the deck, the history or the project.
 */

export type CardRecords = Readonly<Record<string, CardRecord>>;
export type AttemptsByItem = Readonly<Record<string, readonly QuizAttempt[]>>;
export interface StudyData {
  cards: CardRecords;
  attempts: AttemptsByItem;
}
export const NO_STUDY_DATA: StudyData = { cards: {}, attempts: {} };

/** At most this many cards' records per project are read: a bound on what a hostile file or value can cost. */
export const MAX_CARDS_PER_PROJECT = 20_000;

const storedStudySchema = z.object({
  cards: z.record(z.string(), z.unknown()),
  attempts: z.optional(z.record(z.string(), z.array(z.unknown()))),
});

/** Records checked one by one (studiableRecord.ts): a bad part is set right or left out, an unreadable record dropped; each logged. */
export function readableRecords(cards: Readonly<Record<string, unknown>>, where: string, now: Date = new Date()): Record<string, CardRecord> {
  const records: Record<string, CardRecord> = {};
  let count = 0;
  for (const [id, value] of Object.entries(cards)) {
    if (++count > MAX_CARDS_PER_PROJECT) {
      console.warn(`[study] ${where}: more than ${MAX_CARDS_PER_PROJECT} cards; the rest are left out`);
      break;
    }
    const checked = studiableRecord(value, now);
    if (!checked) console.warn(`[study] ${where}: discarding card "${id}": its schedule is unreadable`);
    else {
      records[id] = checked.record;
      if (checked.repaired.length > 0) console.warn(`[study] ${where}: card "${id}": ${checked.repaired.join('; ')}`);
    }
  }
  return records;
}

/** The stored attempts per saved item that can be read, oldest first. */
export function readableAttemptsByItem(stored: Readonly<Record<string, readonly unknown[]>>, where: string): Record<string, QuizAttempt[]> {
  const byItem: Record<string, QuizAttempt[]> = {};
  for (const [artifactId, values] of Object.entries(stored).slice(0, MAX_CARDS_PER_PROJECT)) {
    const attempts = readableAttempts(values, `${where}, item ${artifactId}`);
    if (attempts.length > 0) byItem[artifactId] = attempts;
  }
  return byItem;
}

export function readStudyData(projectId: string): StudyData {
  const stored = readStored(storageKeys.study(projectId), zodReader(storedStudySchema), { cards: {} });
  const where = `project ${projectId}`;
  return { cards: readableRecords(stored.cards, where), attempts: readableAttemptsByItem(stored.attempts ?? {}, where) };
}

/** Throws StorageFullError (a message to show) when the quota is reached. */
export function writeStudyData(projectId: string, data: StudyData): void {
  writeStored(storageKeys.study(projectId), data);
}

/** Two sets of records made one, card by card (see mergeRecords); the same whichever comes first. */
export function mergeCardRecords(mine: CardRecords, theirs: CardRecords): Record<string, CardRecord> {
  const merged: Record<string, CardRecord> = { ...theirs, ...mine };
  for (const [id, record] of Object.entries(theirs)) {
    const own = mine[id];
    if (own) merged[id] = mergeRecords(own, record);
  }
  return merged;
}

/** Two copies of a project's study data made one: schedules card by card, attempts joined. */
export function mergeStudyData(mine: StudyData, theirs: StudyData): StudyData {
  const attempts: Record<string, readonly QuizAttempt[]> = { ...theirs.attempts, ...mine.attempts };
  for (const [artifactId, list] of Object.entries(theirs.attempts)) {
    const own = mine.attempts[artifactId];
    if (own) attempts[artifactId] = readableAttempts([...own, ...list], 'merge');
  }
  return { cards: mergeCardRecords(mine.cards, theirs.cards), attempts };
}

/**
 * An export file's study data merged into the project's: what
 * can be read of it, card by card and attempt by attempt, joined with what
 * is here. Throws StorageFullError when it cannot be written.
 */
export function importStudyData(projectId: string, study: { cards: Readonly<Record<string, unknown>>; attempts?: Readonly<Record<string, readonly unknown[]>> | undefined }): void {
  const where = `import into project ${projectId}`;
  const incoming: StudyData = { cards: readableRecords(study.cards, where), attempts: readableAttemptsByItem(study.attempts ?? {}, where) };
  writeStudyData(projectId, mergeStudyData(readStudyData(projectId), incoming));
}
