import type { Backend } from '../../kernel/backend/types';
import type { ToolDeclaration } from '../../kernel/defineTool';
import { holdsPersonalData, type FormValues } from '../../kernel/fields';
import { runFollowUp, type ToolResult } from '../../kernel/runTool';
import { loadOutputOptions, type OutputOptions } from '../refine';

/*
 * A follow-up call (a quiz's remediation) for a result on screen or a saved
 * item: for a tool that may hold names, unless the user turned
 * replacement off, its request leaves with placeholders too. The name code
 * and the privacy choices load only for such a tool.
 */
export function runPrivateFollowUp(
  tool: ToolDeclaration,
  values: FormValues | null,
  key: string,
  context: Record<string, string>,
  backend: Backend,
  options: { signal?: AbortSignal; output: OutputOptions },
): Promise<ToolResult> {
  return (async () => {
    // The output instruction's code loads with the first follow-up, as this module does.
    const { outputInstruction } = await loadOutputOptions();
    const asked = { signal: options.signal, instructions: [outputInstruction(options.output)] };
    if (!holdsPersonalData(tool.fields)) return runFollowUp(tool, key, context, backend, asked);
    const [{ replacesNames, usePrivacy }, { privateFollowUpBackend }] = await Promise.all([import('./privacyState'), import('./producePrivately')]);
    const sending = replacesNames(usePrivacy.getState(), tool.id) ? await privateFollowUpBackend(tool, values, context, backend) : backend;
    return runFollowUp(tool, key, context, sending, asked);
  })();
}
