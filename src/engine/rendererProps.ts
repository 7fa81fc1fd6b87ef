import type { ContractSchema } from './contractSchema';
import type { ToolDeclaration } from './defineTool';
import type { ToolResult } from './runTool';

/** What every result renderer receives, generic or bespoke. */
export interface ResultRendererProps {
  tool: ToolDeclaration;
  result: ToolResult;
  /** The result's schema in the contract's vocabulary (absent for markdown). */
  schema?: ContractSchema;
}
