/*
 * Refine: what a person does to an answer after it arrives. Versions of a
 * result, refinements ("shorter", "simpler", a change request), the output
 * language and reading level an answer is written in.
 *
 * Offers: the output options' defaults (their instruction on demand), the output-language store,
 * the versions of a result, and the refine bar's loader (on demand itself).
 */
export { CEFR_LEVELS, DEFAULT_OUTPUT, GRADE_LEVELS, type OutputOptions, type ReadingLevel } from '../../kernel/output/outputDefaults';
export { isOutputLanguage, languageName } from '../../kernel/output/outputLanguages';
export { OUTPUT_LANGUAGE_KEY, useOutputLanguage } from './outputLanguageState';
export { MAX_VERSIONS, addVersion, showing, type ResultVersion } from './resultVersions';
/** The refine bar's loader and the hook that waits for it, loaded with the result card: a form's first paint needs neither. */
export const loadRefineLoader = () => import('./loadRefine');
export type { ChangeRequest } from './changeRequests';
export type { RefineActions, RefineSession } from './refineSession';
/** The output instruction and level names (outputOptions.ts), loaded with what asks a model: none of a first paint needs them. */
export const loadOutputOptions = () => import('./outputOptions');
export type { AnswerRequest, ReadingReport } from './answerWrappers';
/** Refine's wrappers of the answer pipeline (output options, reading level, a change), loaded when a request starts. */
export const loadAnswerWrappers = () => import('./answerWrappers');
