import type { ToolDeclaration } from '../src/kernel/defineTool';
import { loadedTool, type LoadedTool } from '../src/kernel/loadedTool';
import { rendererKeyFor } from './index';

/*
 * A tool loaded with its renderer's contract, so the answer's one check also
 * reads the answer as the renderer will. Asked for as the person starts on the
 * form; the contracts load from here (not from the tool page), so a tool
 * route's first paint names none of their files.
 */
export async function loadedToolWithContract(declaration: ToolDeclaration): Promise<LoadedTool> {
  const { rendererContracts } = await import('./contracts');
  return loadedTool(declaration, rendererContracts[rendererKeyFor(declaration)]);
}
