import * as z from 'zod/mini';
import { create } from 'zustand';
import { DEFAULT_LANGUAGE, isOutputLanguage, type OutputLanguage } from '../engine/refine/outputOptions';
import { readStored, storageKeys, writeStored } from '../engine/storage';

/** The language answers are written in (issue 13): one choice for every tool, remembered across visits. */
interface OutputLanguageState {
  language: OutputLanguage;
  setLanguage(language: OutputLanguage): void;
}

const languageSchema = z.string().check(z.refine(isOutputLanguage)) as z.ZodMiniType<OutputLanguage>;

export const useOutputLanguage = create<OutputLanguageState>()((set) => ({
  language: readStored(storageKeys.outputLanguage, languageSchema, DEFAULT_LANGUAGE),
  setLanguage(language) {
    set({ language });
    try {
      writeStored(storageKeys.outputLanguage, language);
    } catch (error) {
      console.warn('[output language] could not remember the choice', error);
    }
  },
}));
