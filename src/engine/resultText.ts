import type { ContractSchema } from './contractSchema';
import type { ToolResult } from './runTool';

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

function valueText(value: unknown, schema: ContractSchema | undefined, depth: number): string {
  const indent = '  '.repeat(depth);
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
