import { create } from 'zustand';
import { onStorageChange } from '../../kernel/stored/otherTabs';
import { messageOf } from '../../kernel/messages';
import { newSaveId } from '../projects';
import { storageKeys } from '../../kernel/stored/storage';
import { MAX_ATTEMPTS, type FinishedQuiz } from './quizAttempts';
import { grade, newRecord, type CardGrade, type CardRecord } from './schedule';
import { mergeStudyData, readStudyData, writeStudyData, type StudyData } from './studyStorage';

/*
 * Each project's study data (card schedules, quiz attempts made on the
 * project page) as this tab holds it. Every change is written at
 * once; when a write fails (full storage) the change is kept here, the
 * screen says so, and the next change writes both. Another tab's write is
 * merged in (reviews and attempts joined), never overwritten.
 */

interface StudyState {
  /** Study data per project id, for projects this tab has opened. */
  data: Readonly<Record<string, StudyData>>;
  /** Per project: why its latest change could not be written, while it is held here only. */
  unsaved: Readonly<Record<string, string>>;
  /** The project's study data, read the first time it is asked for. */
  dataOf(projectId: string): StudyData;
  /** Grades a card; the card's record starts at `savedAt` if it has none yet. Returns whether it was written. */
  grade(projectId: string, cardId: string, value: CardGrade, savedAt: string): boolean;
  edit(projectId: string, cardId: string, savedAt: string, front: string, back: string): boolean;
  setSuspended(projectId: string, cardId: string, savedAt: string, suspended: boolean): boolean;
  deleteCard(projectId: string, cardId: string, savedAt: string): boolean;
  recordAttempt(projectId: string, artifactId: string, finished: FinishedQuiz): boolean;
  /** Another tab wrote `key` (null: it cleared storage). */
  syncFromStorage(key: string | null): void;
}

const studyPrefix = storageKeys.study('');

export const useStudy = create<StudyState>()((set, get) => {
  function commit(projectId: string, next: StudyData): boolean {
    set((s) => ({ data: { ...s.data, [projectId]: next } }));
    try {
      // What another tab wrote since is merged in first, so this write never drops its reviews.
      writeStudyData(projectId, mergeStudyData(next, readStudyData(projectId)));
      if (get().unsaved[projectId] !== undefined) {
        set((s) => ({ unsaved: Object.fromEntries(Object.entries(s.unsaved).filter(([id]) => id !== projectId)) }));
      }
      return true;
    } catch (error) {
      set((s) => ({ unsaved: { ...s.unsaved, [projectId]: messageOf(error) } }));
      return false;
    }
  }

  function changeCard(projectId: string, cardId: string, savedAt: string, update: (record: CardRecord, now: Date) => CardRecord): boolean {
    const current = get().dataOf(projectId);
    const record = current.cards[cardId] ?? newRecord(new Date(savedAt));
    return commit(projectId, { ...current, cards: { ...current.cards, [cardId]: update(record, new Date()) } });
  }

  return {
    data: {},
    unsaved: {},

    dataOf(projectId) {
      const held = get().data[projectId];
      if (held) return held;
      const stored = readStudyData(projectId);
      set((s) => ({ data: { ...s.data, [projectId]: stored } }));
      return stored;
    },

    grade(projectId, cardId, value, savedAt) {
      return changeCard(projectId, cardId, savedAt, (record, now) => grade(record, value, now, newSaveId()));
    },

    edit(projectId, cardId, savedAt, front, back) {
      return changeCard(projectId, cardId, savedAt, (record, now) => ({ ...record, edit: { value: { front: front.trim(), back: back.trim() }, at: now.toISOString() } }));
    },

    setSuspended(projectId, cardId, savedAt, suspended) {
      return changeCard(projectId, cardId, savedAt, (record, now) => ({ ...record, suspended: { value: suspended, at: now.toISOString() } }));
    },

    deleteCard(projectId, cardId, savedAt) {
      return changeCard(projectId, cardId, savedAt, (record, now) => ({ ...record, deletedAt: record.deletedAt ?? now.toISOString() }));
    },

    recordAttempt(projectId, artifactId, finished) {
      const current = get().dataOf(projectId);
      const attempt = { id: newSaveId(), at: new Date().toISOString(), ...finished };
      const list = [...(current.attempts[artifactId] ?? []), attempt].slice(-MAX_ATTEMPTS);
      return commit(projectId, { ...current, attempts: { ...current.attempts, [artifactId]: list } });
    },

    syncFromStorage(key) {
      const held = get().data;
      const projectIds = key === null ? Object.keys(held) : key.startsWith(studyPrefix) ? [key.slice(studyPrefix.length)] : [];
      for (const projectId of projectIds) {
        const mine = held[projectId];
        if (!mine) continue;
        const merged = mergeStudyData(mine, readStudyData(projectId));
        // A change this tab could not write yet goes out with the merge.
        if (get().unsaved[projectId] !== undefined) commit(projectId, merged);
        else set((s) => ({ data: { ...s.data, [projectId]: merged } }));
      }
    },
  };
});

// Another tab's writes reach this store once it is loaded (the app follows other tabs and tells it).
onStorageChange((key) => useStudy.getState().syncFromStorage(key));
