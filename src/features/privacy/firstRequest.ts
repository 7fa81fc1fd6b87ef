import type { ContractSchema } from '../../kernel/contractSchema';
import type { ToolDeclaration } from '../../kernel/defineTool';
import type { FormValues } from '../../kernel/fields';
import { DEFAULT_OUTPUT, loadOutputOptions, type OutputOptions } from '../refine';
import { contractSchemaOf, derivedValues, firstPrompt, modelSchemaOf } from '../../kernel/runTool';

/*
 * What a tool's first answer is asked with, from the same functions runTool
 * uses: for "What will be sent", which shows it before it goes.
 * Apart from runTool.ts so every tool page does not carry it.
 */

export async function firstRequestOf(tool: ToolDeclaration, values: FormValues, output: OutputOptions = DEFAULT_OUTPUT): Promise<{ prompt: string; responseSchema?: ContractSchema }> {
  const { outputInstruction } = await loadOutputOptions();
  const result = modelSchemaOf(tool, derivedValues(tool, values));
  const prompt = firstPrompt(tool, values, [outputInstruction(output)]);
  return result === 'markdown' ? { prompt } : { prompt, responseSchema: contractSchemaOf(result) };
}
