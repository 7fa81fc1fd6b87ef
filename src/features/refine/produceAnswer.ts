/*
 * Refine's part of the answer pipeline, loaded when a request starts: the
 * wrappers around the model call for the output language and reading level,
 * the reading-level check and a change to a result. The runner composes them
 * with the others, in one place (runner/answerCode.ts).
 */
import type { ToolResult } from '../../kernel/runTool';
import type { ChangeRequest } from './changeRequests';
import type { OutputOptions } from './outputOptions';

export { outputWrapper, promptFor } from './outputWrapper';
export { refineWrapper } from './refineWrapper';
export { measured, readingLevelWrapper, type ReadingReport } from './readingLevelWrapper';
export type { Answer } from '../../kernel/answerPipeline';

/** What one answer is asked with, beside the tool and its values. */
export interface AnswerRequest {
  output: OutputOptions;
  /** For a follow-up: the result to change and the change asked for. */
  refine?: { previous: ToolResult; change: ChangeRequest };
  /** Names typed in the tool's personal fields leave as placeholders and come back as names. */
  pseudonymise?: boolean;
}
