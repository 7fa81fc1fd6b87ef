import { create } from 'zustand';
import { DEFAULT_LANGUAGE, isOutputLanguage, type OutputLanguage } from '../../kernel/output/outputLanguages';
import { readStored, STORAGE_PREFIX, writeStored } from '../../kernel/stored/storage';
import type { StoredReader } from '../../kernel/stored/reader';
import { onStorageChange } from '../../kernel/stored/otherTabs';

/** Where the choice is kept; not in storageKeys, which every page loads, as only tool pages read it. */
export const OUTPUT_LANGUAGE_KEY = `${STORAGE_PREFIX}output-language`;

/** The language answers are written in: one choice for every tool, remembered across visits. */
interface OutputLanguageState {
  language: OutputLanguage;
  setLanguage(language: OutputLanguage): void;
}

/** One of the offered codes, checked without zod: a tool's form paints before zod loads. */
const readLanguage: StoredReader<OutputLanguage> = (value) =>
  typeof value === 'string' && isOutputLanguage(value) ? { ok: true, value } : { ok: false, problem: '(root): not an offered language' };

export const useOutputLanguage = create<OutputLanguageState>()((set) => ({
  language: readStored(OUTPUT_LANGUAGE_KEY, readLanguage, DEFAULT_LANGUAGE),
  setLanguage(language) {
    set({ language });
    try {
      writeStored(OUTPUT_LANGUAGE_KEY, language);
    } catch (error) {
      console.warn('[output language] could not remember the choice', error);
    }
  },
}));

// Storage cleared ("Delete all my data", here or in another tab) or the choice changed in another tab: read it again.
onStorageChange((key) => {
  if (key === null || key === OUTPUT_LANGUAGE_KEY) useOutputLanguage.setState({ language: readStored(OUTPUT_LANGUAGE_KEY, readLanguage, DEFAULT_LANGUAGE) });
});
