/*
 * How a quiz decides whether an answer is right (spec 5): exactly in
 * QuizWhiz, where every answer is one of the options, and case-insensitively
 * in the interactive builder, whose fill-in-the-blank answers are typed.
 */

export const compareModes = ['exact', 'caseInsensitive'] as const;
export type CompareMode = (typeof compareModes)[number];

/* NFC so that an accented letter typed as one code point or as letter plus accent still matches. */
const loose = (text: string) => text.normalize('NFC').trim().toLowerCase();

export function answersMatch(given: string, expected: string, mode: CompareMode): boolean {
  return mode === 'exact' ? given === expected : loose(given) === loose(expected);
}
