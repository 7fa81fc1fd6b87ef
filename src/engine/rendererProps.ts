import type { ContractSchema } from './contractSchema';
import type { ToolDeclaration } from './defineTool';
import type { FormValues } from './fields';
import type { ToolResult } from './runTool';

/** What every result renderer receives, generic or bespoke. */
export interface ResultRendererProps {
  tool: ToolDeclaration;
  result: ToolResult;
  /** Changes with every generated result (even an identical one) and survives a reload. */
  resultId: string;
  /** The result's schema in the contract's vocabulary (absent for markdown). */
  schema?: ContractSchema;
  /** The inputs the form holds. */
  values: FormValues;
  /** The language the result is written in (a BCP 47 code): typed answers are compared in it. */
  language: string;
  /** Makes one of the tool's declared follow-up calls (a quiz's remediation, say). */
  runFollowUp(key: string, context: Record<string, string>, signal?: AbortSignal): Promise<ToolResult>;
  /** Clears the result, back to the form alone. */
  reset(): void;
}

/**
 * What a streaming preview's body receives: the answer's text so far,
 * unvalidated. It is shown as a preview only, never handed to a result renderer.
 */
export interface PreviewBodyProps {
  text: string;
  /** The result's schema in the contract's vocabulary (absent for markdown). */
  schema?: ContractSchema;
}
