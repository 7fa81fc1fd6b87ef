import { DEFAULT_LANGUAGE, type OutputLanguage } from './outputLanguages';

/*
 * The output options' levels and defaults, apart from their instruction
 * (outputInstruction.ts): a tool page's first paint and a stored session
 * need these few constants, while the instruction loads with the first request.
 */

/** Reading levels: US grades 2-12 and adult, or CEFR for tools whose readers are learning the language. */
export const GRADE_LEVELS = ['grade-2', 'grade-3', 'grade-4', 'grade-5', 'grade-6', 'grade-7', 'grade-8', 'grade-9', 'grade-10', 'grade-11', 'grade-12', 'adult'] as const;
export const CEFR_LEVELS = ['A1', 'A2', 'B1', 'B2', 'C1', 'C2'] as const;
export type GradeLevel = (typeof GRADE_LEVELS)[number];
export type CefrLevel = (typeof CEFR_LEVELS)[number];
/** '' is no target: the model writes as the tool's prompt says. */
export type ReadingLevel = GradeLevel | CefrLevel | '';

export interface OutputOptions {
  language: OutputLanguage;
  level: ReadingLevel;
}

export const DEFAULT_OUTPUT: OutputOptions = { language: DEFAULT_LANGUAGE, level: '' };
