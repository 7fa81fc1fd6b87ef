import type { ToolDeclaration } from '../../src/kernel/defineTool';
import type { ResultRendererProps } from '../../src/kernel/rendererProps';
import { contractSchemaOf } from '../../src/kernel/runTool';

/**
 * The props ResultCard hands a renderer for a registry tool, with its example
 * output (or other data) as the result, so tests see what the app sees.
 */
export function rendererProps(tool: ToolDeclaration, data: unknown = tool.example.output): ResultRendererProps {
  return {
    tool,
    result: { kind: 'json', data },
    resultId: 'res_1',
    schema: tool.result === 'markdown' ? undefined : contractSchemaOf(tool.result),
    values: {},
    language: 'en',
    runFollowUp: () => Promise.reject(new Error('No follow-up calls in this test.')),
    reset: () => undefined,
  };
}
