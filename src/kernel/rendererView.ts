import type { z } from 'zod';
import type { ToolDeclaration } from './defineTool';
import type { RendererContract } from './rendererContract';

/*
 * The renderer's typed view of a result, parsed once by the answer's check and
 * remembered here, so the renderer and an export read it instead of parsing
 * the same answer again. Keyed by the answer itself (a JSON result's data, or
 * the text result object): a result that was never checked in this tab (a
 * saved item restored from storage, a renderer test) is a miss, and the reader
 * parses it as before. A view is only handed to the schema that made it.
 */

type SafeParse = z.ZodSafeParseResult<unknown>;
type Checked = { kind: 'text'; text: string } | { kind: 'json'; data: unknown };

const contracts = new WeakMap<ToolDeclaration, RendererContract>();
const views = new WeakMap<object, { schema: z.ZodType; view: SafeParse }>();

/** Called as a tool loads (on intent): the contract of the renderer its results are shown by. */
export function knowRendererContract(tool: ToolDeclaration, contract: RendererContract): void {
  contracts.set(tool, contract);
}

/** The key a result's view is kept under: its data when that is an object, else the result itself. */
function keyOf(result: Checked): object {
  return result.kind === 'json' && typeof result.data === 'object' && result.data !== null ? result.data : result;
}

/**
 * Part of the one check: the answer read by its renderer's contract and the
 * outcome remembered. Never throws: an answer the contract refuses is still a
 * valid answer for the tool, shown the generic way, and never asked again.
 */
export function rememberRendererView(tool: ToolDeclaration, result: Checked): void {
  const contract = contracts.get(tool);
  if (!contract) return;
  const answer = result.kind === 'text' ? result.text : result.data;
  views.set(keyOf(result), { schema: contract.result, view: contract.result.safeParse(answer) });
}

/** The view a check remembered for this result under this schema, else the result parsed now (a miss). */
export function rendererViewOf(schema: z.ZodType, result: Checked): SafeParse {
  const kept = views.get(keyOf(result));
  if (kept && kept.schema === schema) return kept.view;
  return schema.safeParse(result.kind === 'text' ? result.text : result.data);
}

/** As rendererViewOf, for an export's data (the result's data, or its text). */
export function exportViewOf(schema: z.ZodType, data: unknown): SafeParse {
  return rendererViewOf(schema, typeof data === 'string' ? { kind: 'text', text: data } : { kind: 'json', data });
}
