import type { ToolDeclaration } from '../../kernel/defineTool';
import type { FormValues } from '../../kernel/fields';
import { firstPrompt, type AnswerWrapper, type ToolResult } from '../../kernel/runTool';
import type { ChangeRequest } from './changeRequests';
import { DEFAULT_OUTPUT, gradeNumber, outputInstruction, readingScaleOf, type OutputOptions, type ReadingLevel } from './outputOptions';
import type { Measurement } from './readingLevel';

/*
 * Refine's part of the answer pipeline, loaded when a request starts: its three
 * wrappers around the model call (the output language and reading level as an
 * instruction, a change to a result, the reading-level check). The runner
 * composes them with the others, in one place (runner/answerCode.ts).
 */

export type { Answer } from '../../kernel/runTool';

/** What one answer is asked with, beside the tool and its values. */
export interface AnswerRequest {
  output: OutputOptions;
  /** For a follow-up: the result to change and the change asked for. */
  refine?: { previous: ToolResult; change: ChangeRequest };
  /** Names typed in the tool's personal fields leave as placeholders and come back as names. */
  pseudonymise?: boolean;
}

export interface ReadingReport {
  /** The grade asked for ('' when none was). */
  target: ReadingLevel;
  measured: Measurement;
  /** The first answer's measurement, when it missed the target and the model was asked once more. */
  missed?: Measurement;
}

declare module '../../kernel/runTool' {
  interface AnswerSettings {
    /** What the answer is written in and for whom, taken when the request starts. */
    output: OutputOptions;
  }
  interface AnswerReports {
    /** Null where nothing is measured: a language other than English, a scale without a formula, too little text. */
    reading?: ReadingReport | null;
  }
}

/*
 * The output language and reading level: every request (first answer, change,
 * reading-level re-ask) ends its task with the instruction about the answer,
 * before the answer format.
 */
export const outputWrapper: AnswerWrapper = (next) => (input) =>
  next({ ...input, instructions: [...input.instructions, outputInstruction(input.settings.output)] });

/** The prompt a tool's first answer is asked with, as the pipeline builds it (What will be sent shows it; the registry checks read it). */
export function promptFor(tool: ToolDeclaration, values: FormValues, output: OutputOptions = DEFAULT_OUTPUT): string {
  return firstPrompt(tool, values, [outputInstruction(output)]);
}

/*
 * A change to a result: the task becomes the follow-up (the original task, the
 * previous result, the change). Its code loads with the first change, never
 * with a tool page; a first answer passes straight through, in the same task,
 * so its request leaves at once.
 */
export const refineWrapper: AnswerWrapper = (next) => (input) => {
  const { ask } = input;
  if (ask.kind !== 'change') return next(input);
  return import('./refinementPrompt').then(({ refinementTask }) => {
    input.signal?.throwIfAborted(); // Cancelled while the code loaded: nothing is sent.
    return next({ ...input, task: refinementTask(input.tool, input.values, ask.previous, ask.change) });
  });
};

/*
 * The reading-level check: for English prose the reading level is measured;
 * when a target grade is set and the measurement misses it by more than a
 * grade, the model is asked once more (through the wrappers inside this one, as
 * a change), told what was measured, and both measurements are kept.
 */

/** Whether a tool's answers in this language are measured: English prose on the grade scale. */
export function measured(tool: Pick<ToolDeclaration, 'role' | 'refine'>, output: OutputOptions): boolean {
  return output.language === 'en' && readingScaleOf(tool) === 'grade';
}

export const readingLevelWrapper: AnswerWrapper = (next) => async (input) => {
  const { output } = input.settings;
  // The measuring code loads while the model answers, so the answer never waits for it.
  const measuring = measured(input.tool, output) ? Promise.all([import('./readingLevel'), import('./refinementPrompt')]) : null;
  const answer = await next(input);
  // Code that did not load (the connection dropped) costs the badge, never the answer.
  const code = await measuring?.catch((error: unknown) => void console.warn('[reading level] could not load the measuring code', error));
  if (!code) return { ...answer, reading: null };
  const [{ measureResult, missesTarget }, { readingRetryChange }] = code;
  const first = measureResult(answer.result);
  if (!first) return { ...answer, reading: null };
  const kept = { ...answer, reading: { target: output.level, measured: first } };
  const target = gradeNumber(output.level);
  // The sample backend would only answer its example again: nothing to ask it.
  if (target === null || !missesTarget(target, first) || input.model.kind === 'sample') return kept;
  let second;
  try {
    second = await next({ ...input, ask: { kind: 'change', previous: answer.result, change: readingRetryChange(target, first) } });
  } catch (error) {
    // A cancel stops everything; any other failure of the extra ask keeps the answer that arrived.
    if (input.signal?.aborted) throw error;
    return kept;
  }
  const secondMeasured = measureResult(second.result);
  if (!secondMeasured) return kept;
  return { ...second, reading: { target: output.level, measured: secondMeasured, missed: first } };
};
