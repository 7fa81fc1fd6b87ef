import type { ContractSchema } from './contractSchema';
import type { ToolResult } from './defineTool';

/** "introParagraph" -> "Intro paragraph", "week1" -> "Week 1". */
export function humanize(key: string): string {
  const words = key
    .replace(/([a-z])([A-Z0-9])/g, '$1 $2')
    .replace(/[_-]+/g, ' ')
    .trim()
    .toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** A field's label: its schema description when short enough to be one, else its humanized name. */
export function labelOf(key: string, node: ContractSchema | undefined): string {
  const description = node?.description?.trim();
  return description && description.length <= 60 ? description : humanize(key);
}

/**
 * How deeply arrays and objects may nest in a saved item. Real results are
 * under 10 levels deep; the limit keeps every walk over item data far from the
 * browser's stack limit (a few thousand levels). Imports refuse deeper data;
 * data already stored deeper (another version, another tab) is shown cut off here.
 */
export const MAX_ITEM_DEPTH = 64;

/** What is shown in place of data nested deeper than MAX_ITEM_DEPTH. */
export const TOO_DEEP_TEXT = '[nested too deep to show]';

function isContainer(value: unknown): value is object {
  return typeof value === 'object' && value !== null;
}

/**
 * Whether arrays and objects in `value` nest more than `limit` levels ("x" is
 * 0 levels, ["x"] is 1). Iterative, with its own stack, so it cannot itself
 * overflow however deep the value is.
 */
export function nestedDeeperThan(value: unknown, limit: number): boolean {
  const stack: [unknown, number][] = [[value, 0]];
  for (let entry = stack.pop(); entry; entry = stack.pop()) {
    const [node, depth] = entry;
    if (!isContainer(node)) continue;
    if (depth + 1 > limit) return true;
    for (const child of Array.isArray(node) ? node : Object.values(node)) {
      if (isContainer(child)) stack.push([child, depth + 1]);
    }
  }
  return false;
}

/** A copy with whatever nests deeper than MAX_ITEM_DEPTH replaced by TOO_DEEP_TEXT; recursion stops at that depth. */
function cutOff(value: unknown, depth: number): unknown {
  if (!isContainer(value)) return value;
  if (depth >= MAX_ITEM_DEPTH) return TOO_DEEP_TEXT;
  if (Array.isArray(value)) return value.map((item: unknown) => cutOff(item, depth + 1));
  return Object.fromEntries(Object.entries(value).map(([key, child]) => [key, cutOff(child, depth + 1)]));
}

/**
 * JSON.stringify(value, null, 2), except that data nested too deep is cut off
 * with a placeholder: JSON.stringify itself recurses, and throws a stack
 * overflow on a few thousand levels.
 */
export function prettyJson(value: unknown): string {
  const safe = nestedDeeperThan(value, MAX_ITEM_DEPTH) ? cutOff(value, 0) : value;
  return JSON.stringify(safe, null, 2) ?? 'null';
}

function valueText(value: unknown, schema: ContractSchema | undefined, depth: number): string {
  const indent = '  '.repeat(depth);
  // Containers at this depth are nested deeper than any accepted item: stop before the stack does.
  if (depth >= MAX_ITEM_DEPTH && isContainer(value)) return `${indent}${TOO_DEEP_TEXT}`;
  if (Array.isArray(value)) {
    return value
      .map((item) => {
        const text = valueText(item, schema?.items, depth + 1).trimStart();
        return `${indent}- ${text}`;
      })
      .join('\n');
  }
  if (typeof value === 'object' && value !== null) {
    return Object.entries(value)
      .map(([key, child]) => {
        const node = schema?.properties?.[key];
        const inner = valueText(child, node, depth + 1);
        return typeof child === 'object' && child !== null ? `${indent}${labelOf(key, node)}:\n${inner}` : `${indent}${labelOf(key, node)}: ${inner.trim()}`;
      })
      .join('\n');
  }
  return `${indent}${String(value ?? '')}`;
}

/**
 * What Copy puts on the clipboard: markdown as written, structured results as
 * readable text with headings, not raw JSON.
 */
export function resultAsText(result: ToolResult, schema?: ContractSchema): string {
  if (result.kind === 'text') return result.text;
  const { data } = result;
  if (typeof data === 'object' && data !== null && !Array.isArray(data)) {
    return Object.entries(data)
      .map(([key, value]) => {
        const node = schema?.properties?.[key];
        return `${labelOf(key, node)}\n${valueText(value, node, 0)}`;
      })
      .join('\n\n');
  }
  return valueText(data, schema, 0);
}
