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
  /** Gives the notice its whole time again, counted from now (once the user has left it). */
  restart(id: number): void;
}

/** How long a notice stays: an Undo long enough to reach, a plain notice long enough to read. */
function lifetimeOf(notice: Pick<Notice, 'undo'>): number {
  return notice.undo ? UNDO_MS : NOTICE_MS;
}

let nextId = 1;

export const useNotices = create<NoticeState>()((set, get) => ({
  notice: null,
  show(notice) {
    const shown: Notice = { ...notice, id: nextId++, expiresAt: Date.now() + lifetimeOf(notice) };
    set({ notice: shown });
    return shown;
  },
  dismiss(id) {
    if (get().notice?.id === id) set({ notice: null });
  },
  restart(id) {
    const notice = get().notice;
    if (notice?.id === id) set({ notice: { ...notice, expiresAt: Date.now() + lifetimeOf(notice) } });
  },
}));
