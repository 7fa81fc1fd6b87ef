import type { z } from 'zod';
import { toContractSchema, type ContractSchema } from './contractSchema';
import type { ResultSpec, ToolDeclaration } from './defineTool';
import type { Field, FormValues } from './fields';
import { preparedValues } from './formSchema';
import { messages, UserFacingError } from './messages';
import { renderPrompt } from './promptTemplate';
import type { Backend } from './backend/types';

export type ToolResult = { kind: 'text'; text: string } | { kind: 'json'; data: unknown };

const contractSchemas = new WeakMap<z.ZodType, ContractSchema>();

export function contractSchemaOf(schema: z.ZodType): ContractSchema {
  let converted = contractSchemas.get(schema);
  if (!converted) {
    converted = toContractSchema(schema);
    contractSchemas.set(schema, converted);
  }
  return converted;
}

/** Checks an answer against the result spec; unvalidated data is never shown or saved. */
export function validatedResult(result: ResultSpec, answer: unknown): ToolResult {
  if (result === 'markdown') {
    if (typeof answer !== 'string') throw new UserFacingError(messages.invalidFormat);
    return { kind: 'text', text: answer };
  }
  const parsed = result.safeParse(answer);
  if (!parsed.success) throw new UserFacingError(messages.invalidFormat);
  return { kind: 'json', data: parsed.data };
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

async function call(backend: Backend, prompt: string, result: ResultSpec, sample: unknown, signal?: AbortSignal) {
  const responseSchema = result === 'markdown' ? undefined : contractSchemaOf(result);
  const answer = await backend.generate({ prompt, responseSchema, sample, signal });
  return validatedResult(result, answer);
}

export function promptFor(tool: ToolDeclaration, values: FormValues): string {
  return renderPrompt(tool.prompt, tool.fields, preparedValues(tool.fields, values));
}

export function runTool(tool: ToolDeclaration, values: FormValues, backend: Backend, signal?: AbortSignal): Promise<ToolResult> {
  return call(backend, promptFor(tool, values), tool.result, tool.example.output, signal);
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
  signal?: AbortSignal,
): Promise<ToolResult> {
  const followUp = tool.followUps?.[key];
  if (!followUp) throw new Error(`Tool "${tool.id}" declares no follow-up call "${key}".`);
  const fields: Field[] = Object.keys(context).map((name) => ({ name, kind: 'textarea', label: name }));
  return call(backend, renderPrompt(followUp.prompt, fields, context), followUp.result, followUp.example, signal);
}
