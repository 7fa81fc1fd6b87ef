import type { Backend } from './backend/types';
import type { ToolDeclaration } from './defineTool';
import type { FormValues } from './fields';
import { askTool, composePrompt, derivedValues, modelSchemaOf, taskPrompt, type ToolResult } from './runTool';

/*
 * The answer pipeline: one model call, and the wrappers features put around it
 * (privacy, output language, reading level, refinement), the shape of the AI
 * SDK's wrapLanguageModel. The kernel knows none of them: a feature adds what it
 * needs to AnswerSettings and AnswerReports by declaration merging, the way
 * renderers add their keys to RendererKeys, and its wrapper reads only those.
 */

/** What a person asked of a result already shown: what they saw (the label) and what the model is told. */
export interface ChangeRequest {
  label: string;
  instruction: string;
}

/** What an answer is asked for: a first answer, or a change to a previous result. */
export type Ask = { kind: 'first' } | { kind: 'change'; previous: ToolResult; change: ChangeRequest };

/** Choices taken once, before the request starts; each feature merges its own in. */
// eslint-disable-next-line @typescript-eslint/no-empty-interface
export interface AnswerSettings {}

/** What features report beside the result; each feature merges its own in. */
// eslint-disable-next-line @typescript-eslint/no-empty-interface
export interface AnswerReports {}

export interface Answer extends AnswerReports {
  result: ToolResult;
  /** What the user must know about the answer before using it (a placeholder the model changed, say). */
  privacyNotice?: string;
}

export interface AnswerInput {
  tool: ToolDeclaration;
  values: FormValues;
  ask: Ask;
  /** The model to call; a wrapper may hand its own (a pseudonymising one) to the calls inside it. */
  model: Backend;
  settings: AnswerSettings;
  /** The task the model is given; unset, the tool's template rendered with the values. */
  task?: string;
  /** Instructions about the answer, after the task and before the answer format. */
  instructions: readonly string[];
  signal?: AbortSignal;
  /** The answer's text so far (unvalidated), while it streams. */
  onText?: (textSoFar: string) => void;
}

export type AnswerCall = (input: AnswerInput) => Promise<Answer>;
export type AnswerWrapper = (next: AnswerCall) => AnswerCall;

/** The call with its wrappers, the first named the outermost. */
export function wrap(base: AnswerCall, ...outerFirst: readonly AnswerWrapper[]): AnswerCall {
  return outerFirst.reduceRight<AnswerCall>((call, wrapper) => wrapper(call), base);
}

/** The one model call: the prompt, the answer validated (with its one repair retry), the values the browser computes put back. */
export const modelAnswer: AnswerCall = async ({ tool, values, task, instructions, model, signal, onText }) => {
  const prompt = composePrompt(task ?? taskPrompt(tool, values), instructions, modelSchemaOf(tool, derivedValues(tool, values)));
  return { result: await askTool(tool, values, prompt, model, { signal, onText }) };
};
