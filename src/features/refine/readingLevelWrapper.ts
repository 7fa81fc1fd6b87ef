import type { AnswerWrapper } from '../../kernel/answerPipeline';
import type { ToolDeclaration } from '../../kernel/defineTool';
import { gradeNumber, readingScaleOf, type OutputOptions, type ReadingLevel } from './outputOptions';
import type { Measurement } from './readingLevel';

/*
 * The reading-level check, as the pipeline's wrapper: for English prose its
 * reading level is measured; when a target grade is set and the measurement
 * misses it by more than a grade, the model is asked once more (through the
 * wrappers inside this one, as a change), told what was measured, and both
 * measurements are kept.
 */

export interface ReadingReport {
  /** The grade asked for ('' when none was). */
  target: ReadingLevel;
  measured: Measurement;
  /** The first answer's measurement, when it missed the target and the model was asked once more. */
  missed?: Measurement;
}

declare module '../../kernel/answerPipeline' {
  interface AnswerReports {
    /** Null where nothing is measured: a language other than English, a scale without a formula, too little text. */
    reading?: ReadingReport | null;
  }
}

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
