import { readers } from '../../kernel/stored/readers';
import { create } from 'zustand';
import { readStored, storageKeys, writeStored } from '../../kernel/stored/storage';
import { themeChoices } from '../../kernel/stored/choices';

/*
 * The colour theme: the system's (prefers-color-scheme) unless the user
 * chose light or dark in Settings. The choice is kept in this browser. The
 * theme in force is set as data-theme="light" | "dark" on <html>, from
 * main.tsx before the first render (no inline script: the CSP forbids one).
 * Before that, the stylesheet follows the system setting by itself.
 */

export { themeChoices };
export type ThemeChoice = (typeof themeChoices)[number];
export type Theme = 'light' | 'dark';

export const DARK_QUERY = '(prefers-color-scheme: dark)';

export function resolveTheme(choice: ThemeChoice, systemDark: boolean): Theme {
  if (choice === 'system') return systemDark ? 'dark' : 'light';
  return choice;
}

interface ThemeState {
  choice: ThemeChoice;
  setChoice(choice: ThemeChoice): void;
  /** Re-reads the stored choice (another tab changed it). */
  reload(): void;
}

export const useTheme = create<ThemeState>()((set) => ({
  choice: readStored(storageKeys.theme, readers.themeChoice, 'system'),
  setChoice(choice) {
    set({ choice });
    try {
      writeStored(storageKeys.theme, choice);
    } catch (error) {
      // The theme still changes in this tab; it is only not remembered.
      console.warn('[theme] could not remember the choice', error);
    }
  },
  reload() {
    set({ choice: readStored(storageKeys.theme, readers.themeChoice, 'system') });
  },
}));

type ThemeWindow = Pick<Window, 'matchMedia'> & { document: Pick<Document, 'documentElement'> };

/**
 * Applies the theme now and keeps it applied as the choice or the system
 * setting changes. Returns a function that stops following them.
 */
export function followTheme(win: ThemeWindow = window): () => void {
  const query = typeof win.matchMedia === 'function' ? win.matchMedia(DARK_QUERY) : undefined;
  const root = win.document.documentElement;
  const apply = () => {
    const theme = resolveTheme(useTheme.getState().choice, query?.matches ?? false);
    if (root.dataset.theme !== theme) root.dataset.theme = theme;
  };
  apply();
  const unsubscribe = useTheme.subscribe(apply);
  query?.addEventListener('change', apply);
  return () => {
    unsubscribe();
    query?.removeEventListener('change', apply);
  };
}
