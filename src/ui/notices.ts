import { create } from 'zustand';
import { UNDO_MS, NOTICE_MS } from './timing';

/*
 * The one notice the project screens show at a time: what just happened
 * ('Deleted "Biology".'), with an Undo for a few seconds when it can be undone.
 * Held outside any page, so deleting a project on its page and landing on the
 * Projects page keeps the Undo.
 */

export interface Notice {
  id: number;
  message: string;
  /** Undoes the action and returns the id of the element to focus afterwards. */
  undo?: () => string | null;
  /** Said once Undo has worked. */
  undoneMessage?: string;
  /** Shown as an alert (an Undo that failed). */
  error?: boolean;
  expiresAt: number;
}

interface NoticeState {
  notice: Notice | null;
  show(notice: Omit<Notice, 'id' | 'expiresAt'>): Notice;
  dismiss(id: number): void;
}

let nextId = 1;

export const useNotices = create<NoticeState>()((set, get) => ({
  notice: null,
  show(notice) {
    const shown: Notice = { ...notice, id: nextId++, expiresAt: Date.now() + (notice.undo ? UNDO_MS : NOTICE_MS) };
    set({ notice: shown });
    return shown;
  },
  dismiss(id) {
    if (get().notice?.id === id) set({ notice: null });
  },
}));
