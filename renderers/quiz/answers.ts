/*
 * How a quiz decides whether an answer is right (spec 5): exactly in
 * QuizWhiz, where every answer is one of the options, and case-insensitively
 * in the interactive builder, whose fill-in-the-blank answers are typed.
 */

export const compareModes = ['exact', 'caseInsensitive'] as const;
export type CompareMode = (typeof compareModes)[number];

/*
 * NFC so that an accented letter typed as one code point or as letter plus
 * accent still matches; case folded by the rules of the language the quiz is
 * written in (in Turkish, "İSTANBUL" is "istanbul", not "i̇stanbul").
 */
function loose(text: string, language: string): string {
  const trimmed = text.normalize('NFC').trim();
  try {
    return trimmed.toLocaleLowerCase(language);
  } catch {
    return trimmed.toLowerCase(); // A tag the browser does not know: the default rules.
  }
}

export function answersMatch(given: string, expected: string, mode: CompareMode, language = 'en'): boolean {
  return mode === 'exact' ? given === expected : loose(given, language) === loose(expected, language);
}
