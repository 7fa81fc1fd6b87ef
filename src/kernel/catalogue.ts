import { catalogue, iconSpriteUrl, loaders } from 'virtual:studyforge/catalogue';
import type { ToolDeclaration, ToolMeta } from './defineTool';
import type { ToolForm, ToolFormModule } from './toolForm';

/*
 * The tool catalogue as the app sees it: metadata up front, each tool's form
 * loaded with its route and its full declaration on demand.
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

/** A load kept until it fails: a failed chunk load (flaky network) is tried again next time, not cached. */
function kept<T>(cache: Map<string, Promise<T>>, id: string, load: () => Promise<T>): Promise<T> {
  let promise = cache.get(id);
  if (!promise) {
    promise = load();
    promise.catch(() => cache.delete(id));
    cache.set(id, promise);
  }
  return promise;
}

const formModules = new Map<string, Promise<ToolFormModule>>();

function loadFormModule(id: string): Promise<ToolFormModule> {
  const loader = loaders[id];
  if (!loader) return Promise.reject(new Error(`No tool with id "${id}".`));
  return kept(formModules, id, loader);
}

/** What a tool's page paints first: its form, as plain data (toolForm.ts). */
export function loadToolForm(id: string): Promise<ToolForm> {
  return loadFormModule(id).then((module) => module.form);
}

const declarations = new Map<string, Promise<ToolDeclaration>>();

export function loadTool(id: string): Promise<ToolDeclaration> {
  return kept(declarations, id, () =>
    // The module brings its result schemas converted at build time; the engine keeps them with the schemas (resultContracts.ts).
    loadFormModule(id)
      .then((form) => Promise.all([form.loadDeclaration(), import('./resultContracts')]))
      .then(([module, { rememberContracts }]) => {
        rememberContracts(module.default, module.contracts);
        return module.default;
      }),
  );
}
