import type { ContractSchema } from './contractSchema';
import type { ResultSpec, ToolDeclaration } from './defineTool';
import type { FormValues } from './fields';
import type { RendererContract } from './rendererContract';
import { knowRendererContract } from './rendererView';
import { checkedAnswer, contractSchemaOf, derivedValues, modelSchemaOf, type ToolResult } from './runTool';

/*
 * A tool as everything after the first paint uses it: its declaration, with
 * what is worked out from it (the result's contract, the model's part of the
 * result) computed once and kept, and the one check an answer gets. One object
 * per declaration, so every caller shares what was computed.
 */
export interface LoadedTool {
  readonly id: string;
  readonly declaration: ToolDeclaration;
  /** The result's contract (what a streaming preview reads); none for markdown. */
  readonly resultContract: ContractSchema | undefined;
  /** The contract of the renderer that shows its results, loaded with the tool; the check reads the answer by it once. */
  readonly rendererContract: RendererContract | undefined;
  /** The part of the result the model writes for these inputs (the rest the browser computes). */
  modelSchema(values: FormValues): ResultSpec;
  /** The one check of an answer for these inputs: computed values put in, then one parse. */
  check(answer: unknown, values: FormValues): ToolResult;
}

const opened = new WeakMap<ToolDeclaration, LoadedTool>();

export function loadedTool(declaration: ToolDeclaration, rendererContract?: RendererContract): LoadedTool {
  let tool = opened.get(declaration);
  if (!tool) {
    if (rendererContract) knowRendererContract(declaration, rendererContract);
    tool = {
      id: declaration.id,
      declaration,
      resultContract: declaration.result === 'markdown' ? undefined : contractSchemaOf(declaration.result),
      rendererContract,
      modelSchema: (values) => modelSchemaOf(declaration, derivedValues(declaration, values)),
      check: (answer, values) => checkedAnswer(declaration, values, answer),
    };
    opened.set(declaration, tool);
  }
  return tool;
}
