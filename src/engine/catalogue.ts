import { catalogue, iconSpriteUrl, loaders } from 'virtual:studyforge/catalogue';
import type { ToolDeclaration, ToolMeta } from './defineTool';

/*
 * The tool catalogue as the app sees it: metadata up front, each tool's full
 * declaration loaded on demand with its route.
 */

export { iconSpriteUrl };

/** Every tool, by title (the registry plugin sorts them at build time). */
export const tools: readonly ToolMeta[] = catalogue.map(([id, title, description, icon, category, role]): ToolMeta => ({ id, title, description, icon, category, role }));

export function findTool(id: string): ToolMeta | undefined {
  return tools.find((t) => t.id === id);
}

export function isTeacherTool(tool: ToolMeta): boolean {
  return tool.role === 'teacher';
}

/**
 * Search until the search index has loaded: a case-insensitive substring of
 * the title, description (spec 2) or category; blank shows all. Subjects,
 * keywords and ranking come with the index (searchIndex.ts), which a search
 * box starts loading when it takes focus, so this serves a keystroke or two at
 * most and is kept small for the first load (no cache of lower-cased text).
 */
export function searchTools<T extends ToolMeta>(list: readonly T[], query: string): readonly T[] {
  const needle = query.trim().toLowerCase();
  return list.filter((t) => `${t.title}\0${t.description}\0${t.category}`.toLowerCase().includes(needle));
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
