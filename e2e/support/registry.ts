import { pathToFileURL } from 'node:url';
import type { ToolDeclaration, ToolModule } from '../../src/kernel/defineTool';
import { registryFiles } from '../../tooling/registryFiles';

/*
 * The flows are generated from the registry itself: every file in registry/
 * gets its own flow, so a new tool is tested the moment it is added. The files
 * are the ones the app is built from (tooling/registryFiles.ts).
 */

export async function loadRegistry(): Promise<ToolDeclaration[]> {
  const modules = await Promise.all(registryFiles().map(({ file }) => import(pathToFileURL(file).href) as Promise<ToolModule>));
  return modules.map((m) => m.default);
}

/**
 * A stretch of text the result must show: the first plain line of a markdown
 * answer, or the first string in a structured one, with markdown marks removed.
 */
export function expectedTextOf(tool: ToolDeclaration): string {
  const output: unknown = tool.example.output;
  const firstString = (value: unknown): string | undefined => {
    if (typeof value === 'string') return value;
    if (Array.isArray(value)) return value.map(firstString).find((s) => s !== undefined);
    if (typeof value === 'object' && value !== null) return Object.values(value).map(firstString).find((s) => s !== undefined);
    return undefined;
  };
  const text = firstString(output) ?? '';
  const line =
    text
      .split('\n')
      .map((l) => l.trim())
      .find((l) => l.length > 12 && !l.startsWith('|') && !l.startsWith('```')) ?? text.trim();
  const plain = line
    .replace(/^#+\s*|^[-*+]\s+|^\d+\.\s+/, '')
    .replace(/\*\*|__|`/g, '')
    .replace(/\[([^\]]+)\]\([^)]*\)/g, '$1');
  return plain.slice(0, 48).replace(/\s+\S*$/, '');
}

/**
 * A stretch of text the project page's "Show as text" view must show for a
 * saved result (spec 2): markdown as written, anything else as pretty-printed JSON.
 */
export function savedTextOf(tool: ToolDeclaration): string {
  const output: unknown = tool.example.output;
  const saved = typeof output === 'string' ? output : JSON.stringify(output, null, 2);
  const line = saved
    .split('\n')
    .map((l) => l.trim())
    .find((l) => l.length > 20) ?? saved.trim();
  return line.slice(0, 30);
}

/** Splits the registry into a few similar batches: one test (one page) each, so a page's start-up is paid once a batch. */
export function batches<T>(items: readonly T[], count: number): T[][] {
  const size = Math.ceil(items.length / count);
  return Array.from({ length: count }, (_, i) => items.slice(i * size, (i + 1) * size)).filter((b) => b.length > 0);
}
