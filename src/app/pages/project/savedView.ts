import type { ToolDeclaration } from '../../../kernel/defineTool';
import type { ToolResult } from '../../../kernel/runTool';

/*
 * How the project page shows a saved item: with the renderer its
 * tool uses, when the tool still exists and the item still fits what the tool
 * makes; otherwise laid out plainly, with a note saying why, never a blank
 * page. Stored data is untrusted here as anywhere: it may come from an older
 * version, an import or another tab.
 */

export type SavedView =
  | { kind: 'tool'; result: ToolResult }
  | { kind: 'plain'; note: string };

export const savedViewNotes = {
  unknownTool: (toolId: string) =>
    `The tool that made this item (“${toolId}”) is no longer in StudyForge, so the item is shown in a plain layout.`,
  noLongerFits: (title: string) =>
    `This item no longer fits what ${title} makes today (it was probably saved by an earlier version), so it is shown in a plain layout.`,
};

/** `tool` is the saved item's tool, or undefined when no tool has its id any more. */
export function savedViewOf(data: unknown, toolId: string, tool: ToolDeclaration | undefined): SavedView {
  if (!tool) return { kind: 'plain', note: savedViewNotes.unknownTool(toolId) };
  if (tool.result === 'markdown') {
    return typeof data === 'string' ? { kind: 'tool', result: { kind: 'text', text: data } } : { kind: 'plain', note: savedViewNotes.noLongerFits(tool.title) };
  }
  const parsed = tool.result.safeParse(data);
  // The parsed value, as any fresh answer reaches a renderer: validated, defaults filled in.
  return parsed.success ? { kind: 'tool', result: { kind: 'json', data: parsed.data } } : { kind: 'plain', note: savedViewNotes.noLongerFits(tool.title) };
}
