import { CEFR_LEVELS, GRADE_LEVELS, type OutputOptions, type ReadingLevel } from '../output/outputDefaults';
import { DEFAULT_LANGUAGE, languageName, OUTPUT_LANGUAGES, type OutputLanguage } from '../output/outputLanguages';
import type { AssignmentGroup } from './wire';

/*
 * A class group's language and reading level as the output options the
 * refine feature already asks a model with. A teacher's form may send a
 * language by its code ("es") or its English name ("Spanish"), and a level
 * by its code ("grade-4", "B1") or as the refine bar names it ("Grade 4",
 * "CEFR B1", "Adult"); anything else is refused with a sentence, so a typo
 * cannot quietly leave a group in English.
 */

function languageOf(text: string): OutputLanguage | undefined {
  const wanted = text.trim().toLowerCase();
  return OUTPUT_LANGUAGES.find((code) => code === wanted || languageName(code).toLowerCase() === wanted);
}

function readingLevelOf(text: string): ReadingLevel | undefined {
  const wanted = text.trim().toLowerCase().replace(/^cefr\s+/, '').replace(/^grade\s+/, 'grade-');
  return [...GRADE_LEVELS, ...CEFR_LEVELS].find((level) => level.toLowerCase() === wanted);
}

/** The output options of a group, or the sentence saying which part is not one StudyForge knows. */
export function groupOutput(group: Pick<AssignmentGroup, 'language' | 'readingLevel'>): { options: OutputOptions } | { problem: string } {
  const language = group.language?.trim() ? languageOf(group.language) : DEFAULT_LANGUAGE;
  if (!language) return { problem: `StudyForge cannot write in "${group.language}": choose one of its output languages.` };
  const level = group.readingLevel?.trim() ? readingLevelOf(group.readingLevel) : '';
  if (level === undefined) return { problem: `"${group.readingLevel}" is not a reading level: use a grade (e.g. Grade 4) or a CEFR level (e.g. B1).` };
  return { options: { language, level } };
}

/** Whether a group asks for anything beyond the tool's own writing (English, no level). */
export function changesOutput(group: Pick<AssignmentGroup, 'language' | 'readingLevel'>): boolean {
  return Boolean(group.language?.trim() || group.readingLevel?.trim());
}
