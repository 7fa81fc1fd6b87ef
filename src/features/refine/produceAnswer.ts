import type { Backend } from '../../kernel/backend/types';
import type { ToolDeclaration } from '../../kernel/defineTool';
import { holdsPersonalData, type FormValues } from '../../kernel/fields';
import { askTool, runTool, type CallOptions, type ToolResult } from '../../kernel/runTool';
import type { ChangeRequest } from './changeRequests';
import { gradeNumber, readingScaleOf, type OutputOptions, type ReadingLevel } from './outputOptions';
import type { Measurement } from './readingLevel';

/*
 * One answer from start to end: the first answer or a follow-up
 * that changes the previous result, each validated with its repair retry,
 * then, for English prose, its reading level measured; when a target grade is
 * set and the measurement misses it by more than a grade, the model is asked
 * once more, told what was measured, and both measurements are kept.
 */

export interface ReadingReport {
  /** The grade asked for ('' when none was). */
  target: ReadingLevel;
  measured: Measurement;
  /** The first answer's measurement, when it missed the target and the model was asked once more. */
  missed?: Measurement;
}

export interface Answer {
  result: ToolResult;
  /** Null where nothing is measured: a language other than English, a scale without a formula, too little text. */
  reading: ReadingReport | null;
  /** What the user must know about the names in it: a placeholder that stands for no name typed. Nothing is guessed. */
  privacyNotice?: string;
}

export interface AnswerRequest {
  output: OutputOptions;
  /** For a follow-up: the result to change and the change asked for. */
  refine?: { previous: ToolResult; change: ChangeRequest };
  /** Names typed in the tool's personal fields leave as placeholders and come back as names. */
  pseudonymise?: boolean;
}

async function ask(tool: ToolDeclaration, values: FormValues, backend: Backend, request: AnswerRequest, options: CallOptions): Promise<ToolResult> {
  if (!request.refine) return runTool(tool, values, backend, { ...options, output: request.output });
  // The follow-up prompt's code loads with the first refinement, not with every tool page.
  const { refinementPrompt } = await import('./refinementPrompt');
  options.signal?.throwIfAborted(); // Cancelled while the code loaded: nothing is sent.
  const prompt = refinementPrompt(tool, values, request.refine.previous, request.refine.change, request.output);
  return askTool(tool, values, prompt, backend, options);
}

/** Whether a tool's answers in this language are measured: English prose on the grade scale. */
export function measured(tool: Pick<ToolDeclaration, 'role' | 'refine'>, output: OutputOptions): boolean {
  return output.language === 'en' && readingScaleOf(tool) === 'grade';
}

export async function produceAnswer(
  tool: ToolDeclaration,
  values: FormValues,
  backend: Backend,
  request: AnswerRequest,
  options: CallOptions = {},
): Promise<Answer> {
  // Names to hide: that code (and the name finder) loads with the first request of a tool that may hold them.
  if (request.pseudonymise && holdsPersonalData(tool.fields)) {
    const { producePrivately } = await import('../privacy/producePrivately');
    return producePrivately(tool, values, backend, (pseudonymising) => answerFrom(tool, values, pseudonymising, request, options), request.refine?.change.instruction);
  }
  return answerFrom(tool, values, backend, request, options);
}

/** An answer from this backend, as it is (privacy/producePrivately.ts hands in the pseudonymising one). */
async function answerFrom(tool: ToolDeclaration, values: FormValues, backend: Backend, request: AnswerRequest, options: CallOptions): Promise<Answer> {
  options.signal?.throwIfAborted(); // Cancelled while the name finder loaded: nothing is sent.
  // The measuring code loads while the model answers, so the answer never waits for it.
  const measuring = measured(tool, request.output) ? Promise.all([import('./readingLevel'), import('./refinementPrompt')]) : null;
  const result = await ask(tool, values, backend, request, options);
  // Code that did not load (the connection dropped) costs the badge, never the answer.
  const code = await measuring?.catch((error: unknown) => void console.warn('[reading level] could not load the measuring code', error));
  if (!code) return { result, reading: null };
  const [{ measureResult, missesTarget }, { readingRetryChange }] = code;
  const first = measureResult(result);
  if (!first) return { result, reading: null };
  const target = gradeNumber(request.output.level);
  // The sample backend would only answer its example again: nothing to ask it.
  if (target === null || !missesTarget(target, first) || backend.kind === 'sample') {
    return { result, reading: { target: request.output.level, measured: first } };
  }
  const retry = { ...request, refine: { previous: result, change: readingRetryChange(target, first) } };
  const kept = { result, reading: { target: request.output.level, measured: first } };
  let second: ToolResult;
  try {
    second = await ask(tool, values, backend, retry, options);
  } catch (error) {
    // A cancel stops everything; any other failure of the extra ask keeps the answer that arrived.
    if (options.signal?.aborted) throw error;
    return kept;
  }
  const secondMeasured = measureResult(second);
  if (!secondMeasured) return kept;
  return { result: second, reading: { target: request.output.level, measured: secondMeasured, missed: first } };
}
