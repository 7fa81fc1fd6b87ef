/*
 * One answer from the model, checked: the prompt composed (task, instructions,
 * answer format), the call, the one check of the answer (with its one repair
 * retry), and the answer pipeline features wrap around that call (below).
 */
import { z } from 'zod';
import { rememberRendererView } from './rendererView';
import { contractSchemaOf, rememberContract, withoutProperties } from './resultContracts';
import type { ResultSpec, ToolDeclaration } from './defineTool';
import type { Field, FormValues } from './fields';
import { preparedValues } from './formRules';
import { InvalidAnswerError } from './messages';
import { isCutOffAnswer } from '../providers/cutOff';
import { renderPrompt } from './promptTemplate';
import { zodIssuesText } from './zodIssues';
import { withSchemaBrief } from './schemaBrief';
import type { Backend } from './backend/types';

export type ToolResult = { kind: 'text'; text: string } | { kind: 'json'; data: unknown };

export { contractSchemaOf };

/** Checks an answer against the result spec; unvalidated data is never shown or saved. */
export function validatedResult(result: ResultSpec, answer: unknown): ToolResult {
  if (result === 'markdown') {
    if (typeof answer !== 'string') throw new InvalidAnswerError('it was not text');
    return { kind: 'text', text: answer };
  }
  const parsed = result.safeParse(answer);
  if (!parsed.success) throw new InvalidAnswerError(describeIssues(parsed.error));
  return { kind: 'json', data: parsed.data };
}

/** What was wrong with an answer, in zod's words (never the answer's text), for the retry and the log. */
function describeIssues(error: z.ZodError): string {
  return `it did not fit the required structure (${zodIssuesText(error, 5)})`;
}

/** The prompt again, with what was wrong with the last answer: the one retry an invalid answer gets. */
export function correctionPrompt(prompt: string, problem: string): string {
  return `${prompt}\n\nYour previous answer could not be used because ${problem}. Answer again with only the requested JSON, fitting the required structure exactly.`;
}

/** A stored result, if it still fits the tool's current result spec. */
export function revalidatedResult(result: ResultSpec, stored: ToolResult | null): ToolResult | null {
  if (!stored) return null;
  try {
    return validatedResult(result, stored.kind === 'text' ? stored.text : stored.data);
  } catch {
    return null;
  }
}

/** How a call is watched: its abort signal, and the unvalidated text so far for a preview. */
export interface CallOptions {
  signal?: AbortSignal;
  onText?: (textSoFar: string) => void;
}

/** A call's watchers, and the instructions about the answer its features add (language, reading level). */
export interface RunOptions extends CallOptions {
  instructions?: readonly string[];
}

/** The schema a request is sent with: none for markdown, else the result's contract. */
function responseSchemaOf(result: ResultSpec) {
  return result === 'markdown' ? undefined : contractSchemaOf(result);
}

/**
 * One call, checked. An answer that cannot be used is asked for once more,
 * telling the model what was wrong; a second failure reaches the user as
 * spec 8's invalid-format message. Unchecked data never leaves here.
 */
async function checkedCall(backend: Backend, prompt: string, result: ResultSpec, sample: unknown, check: (answer: unknown) => ToolResult, { signal, onText }: CallOptions) {
  const responseSchema = responseSchemaOf(result);
  const ask = async (text: string) => check(await backend.generate({ prompt: text, responseSchema, sample, signal, onText }));
  try {
    return await ask(prompt);
  } catch (error) {
    const problem = mendableProblem(error, result);
    if (problem === undefined || signal?.aborted) throw error;
    return ask(correctionPrompt(prompt, problem));
  }
}

/**
 * What was wrong with an answer one more ask may mend, for that ask; undefined for any other failure. A
 * structured answer cut off before its end (the provider's length stop, or no finish signal) is as unusable
 * as an invalid one and gets the same one retry; a markdown answer's cut is shown as it is, for the user to retry.
 */
function mendableProblem(error: unknown, result: ResultSpec): string | undefined {
  if (error instanceof InvalidAnswerError) return error.problem;
  if (result !== 'markdown' && isCutOffAnswer(error)) return 'it was cut off before it was complete (keep it short enough to finish)';
  return undefined;
}

/** One call validated against `result`, with its one repair retry. */
export function call(backend: Backend, prompt: string, result: ResultSpec, sample: unknown, options: CallOptions = {}) {
  return checkedCall(backend, prompt, result, sample, (answer) => validatedResult(result, answer), options);
}

/** The derived values of a tool for these inputs (none when it derives nothing). */
export function derivedValues(tool: ToolDeclaration, values: FormValues): Readonly<Record<string, unknown>> {
  return (tool.derive?.(preparedValues(tool.fields, values) as never) ?? {}) as Readonly<Record<string, unknown>>;
}

/** The tool's template rendered with these inputs: the task, before anything the engine adds. */
export function taskPrompt(tool: ToolDeclaration, values: FormValues): string {
  return renderPrompt(tool.prompt, tool.fields, preparedValues(tool.fields, values), { derived: derivedValues(tool, values) });
}

/**
 * A whole prompt: the task, the instructions about the answer only (its
 * language and reading level, which features add), then for a structured
 * answer its format, from the schema the model is sent.
 */
export function composePrompt(task: string, instructions: readonly string[], result: ResultSpec): string {
  const prompt = [task, ...instructions].join('\n\n');
  return result === 'markdown' ? prompt : withSchemaBrief(prompt, contractSchemaOf(result));
}

/** The prompt a tool's first answer is asked with. */
export function firstPrompt(tool: ToolDeclaration, values: FormValues, instructions: readonly string[] = []): string {
  return composePrompt(taskPrompt(tool, values), instructions, modelSchemaOf(tool, derivedValues(tool, values)));
}

/** Result keys the browser computes, so the model is not asked for them. */
function suppliedKeys(result: ResultSpec, derived: Readonly<Record<string, unknown>>): string[] {
  if (!(result instanceof z.ZodObject)) return [];
  return Object.keys(derived).filter((key) => key in result.shape);
}

const modelSchemas = new WeakMap<ToolDeclaration, z.ZodType>();

/** The part of a tool's result the model must write: the result minus what the browser supplies. */
export function modelSchemaOf(tool: ToolDeclaration, derived: Readonly<Record<string, unknown>>): ResultSpec {
  const supplied = suppliedKeys(tool.result, derived);
  if (supplied.length === 0 || !(tool.result instanceof z.ZodObject)) return tool.result;
  let schema = modelSchemas.get(tool);
  if (!schema) {
    const model = Object.fromEntries(Object.entries(tool.result.shape).filter(([key]) => !supplied.includes(key)));
    schema = z.object(model);
    // Its contract is the result's without those keys: nothing to convert in the browser.
    rememberContract(schema, withoutProperties(contractSchemaOf(tool.result), supplied));
    modelSchemas.set(tool, schema);
  }
  return schema;
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * The one check of a tool's answer: what the browser computed goes in first
 * (it wins over anything the model, or a sample, says about it), then one
 * parse against the tool's result. An answer that is not even an object
 * fails on the model's part of the result, which is what the model was asked for.
 */
export function checkedAnswer(tool: ToolDeclaration, values: FormValues, answer: unknown): ToolResult {
  const derived = derivedValues(tool, values);
  const supplied = suppliedKeys(tool.result, derived);
  const result =
    supplied.length === 0 || !isRecord(answer)
      ? validatedResult(modelSchemaOf(tool, derived), answer)
      : validatedResult(tool.result, { ...answer, ...Object.fromEntries(supplied.map((key) => [key, derived[key]])) });
  // The renderer's view is read here, once, so the screen and an export never parse this answer again.
  rememberRendererView(tool, result);
  return result;
}

/** Asks the model with a prompt of the tool's (first or follow-up) and checks the answer once. */
export function askTool(tool: ToolDeclaration, values: FormValues, prompt: string, backend: Backend, options: CallOptions = {}): Promise<ToolResult> {
  const model = modelSchemaOf(tool, derivedValues(tool, values));
  return checkedCall(backend, prompt, model, tool.example.output, (answer) => checkedAnswer(tool, values, answer), options);
}

export function runTool(tool: ToolDeclaration, values: FormValues, backend: Backend, { instructions, ...options }: RunOptions = {}): Promise<ToolResult> {
  return askTool(tool, values, firstPrompt(tool, values, instructions), backend, options);
}

/**
 * A bespoke screen's second call (a quiz's remediation, say). The context's
 * keys play the part of fields: every value is user-influenced text, so all
 * of it is delimited as data.
 */
export function runFollowUp(
  tool: ToolDeclaration,
  key: string,
  context: Record<string, string>,
  backend: Backend,
  { instructions = [], signal }: Pick<RunOptions, 'instructions' | 'signal'> = {},
): Promise<ToolResult> {
  const followUp = tool.followUps?.[key];
  if (!followUp) throw new Error(`Tool "${tool.id}" declares no follow-up call "${key}".`);
  const fields: Field[] = Object.keys(context).map((name) => ({ name, kind: 'textarea' as const, label: name }));
  const prompt = composePrompt(renderPrompt(followUp.prompt, fields, context), instructions, followUp.result);
  return call(backend, prompt, followUp.result, followUp.example, { signal });
}

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
