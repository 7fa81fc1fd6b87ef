/*
 * The languages answers can be written in, apart from the rest of
 * the output options (outputOptions.ts): a tool's form reads the chosen
 * language and names it, and the prompt's instructions load with the answer.
 */

/**
 * The languages answers can be written in: BCP 47 codes, names from
 * Intl.DisplayNames. The languages most spoken in homes of English-medium
 * schools, and the main languages of instruction worldwide.
 */
export const OUTPUT_LANGUAGES = [
  'en', 'es', 'fr', 'de', 'it', 'pt', 'nl', 'pl', 'ro', 'sv', 'el', 'tr', 'ru', 'uk',
  'ar', 'he', 'fa', 'ur', 'hi', 'bn', 'pa', 'ta', 'zh', 'ja', 'ko', 'vi', 'th', 'id',
  'ms', 'fil', 'sw', 'so', 'am', 'ht', 'hmn', 'ne',
] as const;
export type OutputLanguage = (typeof OUTPUT_LANGUAGES)[number];
export const DEFAULT_LANGUAGE: OutputLanguage = 'en';

export function isOutputLanguage(code: string): code is OutputLanguage {
  return (OUTPUT_LANGUAGES as readonly string[]).includes(code);
}

const englishNames = typeof Intl.DisplayNames === 'function' ? new Intl.DisplayNames(['en'], { type: 'language' }) : null;

/** "es" -> "Spanish": the UI stays English, so names are in English. */
export function languageName(code: OutputLanguage): string {
  return englishNames?.of(code) ?? code;
}

/** "es" -> "español": how a speaker of the language knows it. */
export function nativeLanguageName(code: OutputLanguage): string {
  try {
    return new Intl.DisplayNames([code], { type: 'language' }).of(code) ?? code;
  } catch {
    return code;
  }
}
