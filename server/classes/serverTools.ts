import type { ToolDeclaration, ToolModule } from '../../src/kernel/defineTool';
import { REGISTRY_TOOL_IDS } from '../registryToolIds';

/*
 * A tool's declaration on the server, read from its registry file: the same
 * fields, prompt, result schema and example the browser uses, so an
 * assignment's presets are checked and its material validated exactly as
 * the tool's own page would. Only ids of the registry's own files are
 * imported (the id is a request's, so it never names a path of its own),
 * and each file is read once.
 */

const loaded = new Map<string, Promise<ToolDeclaration | null>>();

async function importTool(toolId: string): Promise<ToolDeclaration | null> {
  const module = (await import(`../../registry/${toolId}.ts`)) as ToolModule;
  return module.default.id === toolId ? module.default : null;
}

/** The tool with this id, or null when the registry has none. */
export function loadServerTool(toolId: string): Promise<ToolDeclaration | null> {
  if (!REGISTRY_TOOL_IDS.has(toolId)) return Promise.resolve(null);
  let tool = loaded.get(toolId);
  if (!tool) {
    tool = importTool(toolId);
    // A failed import is not kept: the next request tries again.
    tool.catch(() => loaded.delete(toolId));
    loaded.set(toolId, tool);
  }
  return tool;
}
