import type { ToolCategory, ToolMeta } from './defineTool';
import { toolCategories } from './stored/choices';

/*
 * The dashboard's grouping: tools under their declared category,
 * in toolCategories' order, each group in the catalogue's own order.
 */

// The list and the type say the same categories: a category added to one and not the other is a type error here.
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : never) : never;
const categoriesMatch: Same<(typeof toolCategories)[number], ToolCategory> = true;
void categoriesMatch;

export interface ToolGroup {
  category: ToolCategory;
  tools: ToolMeta[];
}

export function groupByCategory(tools: readonly ToolMeta[]): ToolGroup[] {
  const groups = new Map<ToolCategory, ToolMeta[]>(toolCategories.map((category) => [category, []]));
  for (const tool of tools) groups.get(tool.category)?.push(tool);
  return [...groups].filter(([, list]) => list.length > 0).map(([category, list]) => ({ category, tools: list }));
}
