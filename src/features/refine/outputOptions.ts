import type { ToolDeclaration } from '../../kernel/defineTool';
import { CEFR_LEVELS, GRADE_LEVELS, type CefrLevel, type GradeLevel, type ReadingLevel } from '../../kernel/output/outputDefaults';

/*
 * What every answer is written in and for whom: an output
 * language and an optional reading level. Declared once here for all 51
 * tools; a registry file only says so when it differs (`refine` in
 * defineTool.ts). Goes into every prompt as an instruction about the
 * answer only: the user's own text stays data inside its tags.
 */

export { DEFAULT_LANGUAGE, isOutputLanguage, languageName, nativeLanguageName, OUTPUT_LANGUAGES, type OutputLanguage } from '../../kernel/output/outputLanguages';
export { CEFR_LEVELS, DEFAULT_OUTPUT, GRADE_LEVELS, type CefrLevel, type GradeLevel, type OutputOptions, type ReadingLevel } from '../../kernel/output/outputDefaults';
// The wording itself is the kernel's, so the gateway asks a class's material for a group in the same words.
export { gradeNumber, outputInstruction } from '../../kernel/output/outputInstruction';
export type ReadingScale = 'grade' | 'cefr';

export function isReadingLevel(value: string): value is ReadingLevel {
  return value === '' || (GRADE_LEVELS as readonly string[]).includes(value) || (CEFR_LEVELS as readonly string[]).includes(value);
}

/** The levels a scale offers, in order. */
export function levelsOf(scale: ReadingScale): readonly (GradeLevel | CefrLevel)[] {
  return scale === 'grade' ? GRADE_LEVELS : CEFR_LEVELS;
}

/** "grade-6" -> "Grade 6", "adult" -> "Adult", "B1" -> "CEFR B1". */
export function levelName(level: GradeLevel | CefrLevel): string {
  if (level === 'adult') return 'Adult';
  if (level.startsWith('grade-')) return `Grade ${level.slice('grade-'.length)}`;
  return `CEFR ${level}`;
}

/**
 * Which scale a tool's reading level uses, or null for none: grades for
 * every tool, student or teacher (a teacher asks for a text, a worksheet or a
 * letter home "for grade 4" as a learner asks for an explanation), unless its
 * file chooses CEFR or none.
 */
export function readingScaleOf(tool: Pick<ToolDeclaration, 'role' | 'refine'>): ReadingScale | null {
  if (tool.refine === false) return null;
  const declared = tool.refine?.readingLevel;
  if (declared !== undefined) return declared === false ? null : declared;
  return 'grade';
}
