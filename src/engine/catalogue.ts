import { catalogue, iconSpriteUrl, loaders } from 'virtual:studyforge/catalogue';
import type { ToolDeclaration, ToolMeta } from './defineTool';

/*
 * The tool catalogue as the app sees it: metadata up front, each tool's full
 * declaration loaded on demand with its route.
 */

export { iconSpriteUrl };

export const tools: readonly ToolMeta[] = [...catalogue].sort((a, b) => a.title.localeCompare(b.title));

const byId = new Map(tools.map((t) => [t.id, t]));

export function findTool(id: string): ToolMeta | undefined {
  return byId.get(id);
}

export function isTeacherTool(tool: ToolMeta): boolean {
  return tool.role === 'teacher';
}

/** Lower-cased once per tool, not once per keystroke. */
const searchText = new WeakMap<ToolMeta, string>();
function haystackOf(tool: ToolMeta): string {
  let text = searchText.get(tool);
  if (text === undefined) {
    text = `${tool.title.toLowerCase()}\u0000${tool.description.toLowerCase()}`;
    searchText.set(tool, text);
  }
  return text;
}

/** Sidebar search: case-insensitive substring of title or description; blank shows all (spec 2). */
export function searchTools(list: readonly ToolMeta[], query: string): readonly ToolMeta[] {
  const needle = query.trim().toLowerCase();
  if (needle === '') return list;
  return list.filter((t) => haystackOf(t).includes(needle));
}

const loaded = new Map<string, Promise<ToolDeclaration>>();

export function loadTool(id: string): Promise<ToolDeclaration> {
  const loader = loaders[id];
  if (!loader) return Promise.reject(new Error(`No tool with id "${id}".`));
  let declaration = loaded.get(id);
  if (!declaration) {
    // The module brings its result schemas converted at build time; the engine keeps them with the schemas (resultContracts.ts).
    declaration = Promise.all([loader(), import('./resultContracts')]).then(([module, { rememberContracts }]) => {
      rememberContracts(module.default, module.contracts);
      return module.default;
    });
    // A failed chunk load (flaky network) should be retryable, not cached.
    declaration.catch(() => loaded.delete(id));
    loaded.set(id, declaration);
  }
  return declaration;
}
