import type { AnswerWrapper } from '../../kernel/answerPipeline';
import type { ToolDeclaration } from '../../kernel/defineTool';
import type { FormValues } from '../../kernel/fields';
import { firstPrompt } from '../../kernel/runTool';
import { DEFAULT_OUTPUT, outputInstruction, type OutputOptions } from './outputOptions';

/*
 * The output language and reading level, as the pipeline's wrapper: every
 * request (first answer, change, reading-level re-ask) ends its task with the
 * instruction about the answer, before the answer format.
 */

declare module '../../kernel/answerPipeline' {
  interface AnswerSettings {
    /** What the answer is written in and for whom, taken when the request starts. */
    output: OutputOptions;
  }
}

export const outputWrapper: AnswerWrapper = (next) => (input) =>
  next({ ...input, instructions: [...input.instructions, outputInstruction(input.settings.output)] });

/** The prompt a tool's first answer is asked with, as the pipeline builds it (What will be sent shows it; the registry checks read it). */
export function promptFor(tool: ToolDeclaration, values: FormValues, output: OutputOptions = DEFAULT_OUTPUT): string {
  return firstPrompt(tool, values, [outputInstruction(output)]);
}
