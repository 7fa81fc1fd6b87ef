import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { parseAst, runnerImport, type Plugin, type ViteDevServer } from 'vite';
import type { ToolMeta, ToolModule, ToolSearchTerms } from '../src/kernel/defineTool';
import { RegistryError, registryProblems, type RegistryFileReport } from './registryChecks.ts';
import { registryFiles } from './registryFiles.ts';
import { invalidateVirtualModule } from './virtualModule.ts';
import type { RendererContracts } from './rendererChecks.ts';
import { toolContracts } from '../src/kernel/contractSchema.ts';
import type { ToolContracts } from '../src/kernel/resultContracts.ts';
import { toolFormOf, type ToolForm } from '../src/kernel/toolForm.ts';

/*
 * Assembles the registry at build time, so adding a tool is adding a file.
 *
 * `virtual:studyforge/catalogue` exports
 *   - catalogue: the metadata of every registry file (all the first load needs),
 *                sorted by title, each as a tuple [id, title, description, icon, category, role?]
 *                rather than an object: 51 tools' repeated keys cost the first
 *                load about 150 bytes gzipped; catalogue.ts makes
 *                the objects,
 *   - loaders:   one dynamic import per tool, of its form's module
 *                (`virtual:studyforge/tool-form/<id>`): the form as plain data,
 *                which a tool page paints from, and the dynamic import of the
 *                registry module itself, so prompts, schemas, examples and zod
 *                load only once the person starts on the form,
 *   - iconSpriteUrl: one SVG sprite holding just the Material Icons in use.
 *
 * `virtual:studyforge/search-index` exports searchTerms: each tool's subjects
 * and keywords. It is a module of its own, imported only when
 * someone starts searching, so the first load does not grow with them.
 *
 * Metadata is read by evaluating the registry files in Node (Vite's module
 * runner), not by parsing them, so a registry file is ordinary TypeScript.
 * Assembling checks every file (registryChecks.ts) and throws one error naming
 * each file at fault: the build stops with it, and the dev server shows it in
 * its overlay and assembles again when a registry file is saved.
 *
 * A production build also appends to each registry module its result schemas
 * in the contract's vocabulary (`export const contracts`), converted here, so
 * the browser never runs z.toJSONSchema (src/kernel/resultContracts.ts),
 * and leaves out its subjects and keywords: the search index carries them, so
 * a tool route does not load them twice (withoutSearchTerms).
 */

const VIRTUAL_ID = 'virtual:studyforge/catalogue';
const RESOLVED_ID = `\0${VIRTUAL_ID}`;
const SEARCH_INDEX_ID = 'virtual:studyforge/search-index';
const RESOLVED_SEARCH_INDEX_ID = `\0${SEARCH_INDEX_ID}`;
const TOOL_FORM_PREFIX = 'virtual:studyforge/tool-form/';
/** ToolMeta's keys in the order of the catalogue's tuples (virtual-catalogue.d.ts): role last, left out for student tools. */
const META_KEYS = ['id', 'title', 'description', 'icon', 'category', 'role'] as const satisfies readonly (keyof ToolMeta)[];

interface Catalogue {
  tools: { meta: ToolMeta; terms: ToolSearchTerms; file: string; contracts: ToolContracts; form: ToolForm }[];
  sprite: { fileName: string; source: string };
}

const require = createRequire(import.meta.url);
const symbolsDir = path.join(path.dirname(require.resolve('@material-design-icons/svg/package.json')), 'outlined');

/** Whether @material-design-icons/svg has an icon of that name (the sprite is built from the same files). */
export function iconExists(name: string): boolean {
  return /^[a-z0-9_]+$/.test(name) && existsSync(path.join(symbolsDir, `${name}.svg`));
}

async function iconSymbol(name: string): Promise<string> {
  let svg: string;
  try {
    svg = await readFile(path.join(symbolsDir, `${name}.svg`), 'utf8');
  } catch {
    throw new Error(`Unknown icon "${name}": Material Icons has no icon of that name (see https://fonts.google.com/icons?icon.set=Material+Icons).`);
  }
  const viewBox = /viewBox="([^"]+)"/.exec(svg)?.[1] ?? '0 0 24 24';
  const inner = svg.replace(/^[\s\S]*?<svg[^>]*>/, '').replace(/<\/svg>\s*$/, '');
  return `<symbol id="${name}" viewBox="${viewBox}">${inner}</symbol>`;
}

async function buildSprite(names: Iterable<string>): Promise<Catalogue['sprite']> {
  const symbols = await Promise.all([...new Set(names)].sort().map(iconSymbol));
  const source = `<svg xmlns="http://www.w3.org/2000/svg">${symbols.join('')}</svg>`;
  const hash = createHash('sha256').update(source).digest('hex').slice(0, 10);
  return { fileName: `assets/icons-${hash}.svg`, source };
}

/** The subjects and keywords of a declaration the checks have passed (checked lowercase, so the index needs no lower-casing). */
function pickTerms(declaration: ToolSearchTerms): ToolSearchTerms {
  const terms: ToolSearchTerms = {};
  if (declaration.subjects?.length) terms.subjects = declaration.subjects;
  if (declaration.keywords?.length) terms.keywords = declaration.keywords;
  return terms;
}

/** Tools in the order the app lists them, by title: sorted here so the first load does not sort. */
function byTitle<T extends { meta: ToolMeta }>(tools: readonly T[]): T[] {
  return [...tools].sort((a, b) => a.meta.title.localeCompare(b.meta.title, 'en'));
}

/** The metadata of a declaration the checks have passed. */
function pickMeta(declaration: unknown): ToolMeta {
  const record = declaration as Record<string, unknown>;
  const meta: Record<string, unknown> = {};
  for (const key of META_KEYS) if (record[key] !== undefined) meta[key] = record[key];
  return meta as unknown as ToolMeta;
}

/** A node of the module's syntax tree, as far as withoutSearchTerms reads it. */
interface SyntaxNode {
  type: string;
  start: number;
  end: number;
  declaration?: SyntaxNode;
  arguments?: SyntaxNode[];
  properties?: SyntaxNode[];
  key?: { type: string; name?: string; value?: unknown };
}

/**
 * A registry module's code with the `subjects` and `keywords` of its
 * `export default defineTool({ ... })` blanked out. Each removed character
 * becomes a space (line breaks stay), so every other line and column keeps its
 * place and the module needs no new source map; the minifier drops the spaces.
 * A module of another shape is left as it is (its terms then load twice, but work).
 */
export function withoutSearchTerms(code: string): string {
  let body: SyntaxNode[];
  try {
    body = (parseAst(code, { lang: 'ts' }) as unknown as { body: SyntaxNode[] }).body;
  } catch {
    return code;
  }
  const call = body.find((node) => node.type === 'ExportDefaultDeclaration')?.declaration;
  const options = call?.type === 'CallExpression' ? call.arguments?.[0] : undefined;
  const properties = options?.type === 'ObjectExpression' ? (options.properties ?? []) : [];
  let out = code;
  properties.forEach((property, i) => {
    const name = property.key?.name ?? property.key?.value;
    if (property.type !== 'Property' || (name !== 'subjects' && name !== 'keywords')) return;
    // Up to the next property, so its comma goes too.
    const end = properties[i + 1]?.start ?? property.end;
    out = out.slice(0, property.start) + out.slice(property.start, end).replace(/[^\n]/g, ' ') + out.slice(end);
  });
  return out;
}

const quiet = { configFile: false, logLevel: 'silent' } as const;

export interface RegistryPluginOptions {
  registryDir: string;
  /** More folders of registry files (the benchmark adds hundreds of generated tools this way). */
  extraRegistryDirs?: readonly string[];
  uiIconsModule: string;
  /** The module exporting `rendererContracts`: the renderers a registry file may name, with what each reads. */
  contractsModule?: string;
}

export function registryPlugin(options: RegistryPluginOptions): Plugin {
  const registryDirs = [options.registryDir, ...(options.extraRegistryDirs ?? [])].map((dir) => path.resolve(dir));
  let cached: Promise<Catalogue> | undefined;
  let server: ViteDevServer | undefined;

  const contractsModule = path.resolve(options.contractsModule ?? path.join(import.meta.dirname, '../renderers/contracts.ts'));

  /** Imports and checks every registry file; throws a RegistryError naming each file at fault. */
  async function load(): Promise<Catalogue> {
    const files = registryFiles(registryDirs);
    const reports = await Promise.all(
      files.map(async ({ file, shown, stem }): Promise<RegistryFileReport> => {
        try {
          const { module } = await runnerImport<ToolModule>(file, quiet);
          return { file: shown, stem, imported: true, declaration: module.default };
        } catch (error) {
          return { file: shown, stem, imported: false, error };
        }
      }),
    );
    const { module: renderers } = await runnerImport<{ rendererContracts: RendererContracts }>(contractsModule, quiet);
    const problems = registryProblems(reports, { iconExists, rendererContracts: renderers.rendererContracts });
    if (problems.length > 0) throw new RegistryError(problems);
    const unconvertible: string[] = [];
    const tools = files.map(({ file, shown }, i) => {
      const report = reports[i];
      const declaration = (report?.imported ? report.declaration : undefined) as ToolModule['default'];
      let contracts: ToolContracts = {};
      try {
        contracts = toolContracts(declaration);
      } catch (error) {
        unconvertible.push(`${shown}: ${error instanceof Error ? error.message : String(error)}. Describe the result with plain objects, arrays, strings, numbers, booleans and enums.`);
      }
      return { file, meta: pickMeta(declaration), terms: pickTerms(declaration), contracts, form: toolFormOf(declaration) };
    });
    if (unconvertible.length > 0) throw new RegistryError(unconvertible);
    const { module: ui } = await runnerImport<{ uiIcons: readonly string[] }>(path.resolve(options.uiIconsModule), quiet);
    const sprite = await buildSprite([...ui.uiIcons, ...tools.map((t) => t.meta.icon)]);
    return { tools, sprite };
  }

  /** The catalogue, assembled once until a registry file changes (a failure too: it stays until the file is fixed). */
  function catalogue(): Promise<Catalogue> {
    cached ??= load();
    return cached;
  }

  function invalidate(file: string): void {
    if (!registryDirs.some((dir) => file.startsWith(dir + path.sep)) || !server) return;
    const before = cached;
    cached = undefined;
    invalidateVirtualModule(server, RESOLVED_ID);
    invalidateVirtualModule(server, RESOLVED_SEARCH_INDEX_ID);
    const devServer = server;
    void before?.then(({ tools }) => tools.forEach(({ meta }) => invalidateVirtualModule(devServer, `\0${TOOL_FORM_PREFIX}${meta.id}`)), () => undefined);
    server.ws.send({ type: 'full-reload' });
  }

  let building = false;

  return {
    name: 'studyforge-registry',

    configResolved(config) {
      building = config.command === 'build';
    },

    /**
     * In a build, each registry module gains its converted schemas (elsewhere the engine converts on first use)
     * and loses its subjects and keywords, which the search index holds.
     */
    async transform(code, id) {
      if (!building || !registryDirs.some((dir) => id.startsWith(dir + path.sep))) return undefined;
      const tool = (await catalogue()).tools.find((t) => t.file === id);
      if (!tool) return undefined;
      // Blanked and appended, so every earlier line and column keeps its place in the source map.
      const kept = Object.keys(tool.terms).length > 0 ? withoutSearchTerms(code) : code;
      return { code: `${kept}\nexport const contracts = ${JSON.stringify(tool.contracts)};\n`, map: null };
    },

    resolveId(id) {
      if (id === VIRTUAL_ID) return RESOLVED_ID;
      if (id.startsWith(TOOL_FORM_PREFIX)) return `\0${id}`;
      return id === SEARCH_INDEX_ID ? RESOLVED_SEARCH_INDEX_ID : undefined;
    },

    async load(id) {
      if (id.startsWith(`\0${TOOL_FORM_PREFIX}`)) {
        const toolId = id.slice(TOOL_FORM_PREFIX.length + 1);
        const tool = (await catalogue()).tools.find((t) => t.meta.id === toolId);
        if (!tool) throw new Error(`No registry file declares the tool "${toolId}".`);
        this.addWatchFile(tool.file);
        return [
          `export const form = ${JSON.stringify(tool.form)};`,
          `export const loadDeclaration = () => import(${JSON.stringify(tool.file)});`,
        ].join('\n');
      }
      if (id === RESOLVED_SEARCH_INDEX_ID) {
        const { tools } = await catalogue();
        for (const tool of tools) this.addWatchFile(tool.file);
        const terms = Object.fromEntries(tools.filter((t) => Object.keys(t.terms).length > 0).map((t) => [t.meta.id, t.terms]));
        return `export const searchTerms = ${JSON.stringify(terms)};`;
      }
      if (id !== RESOLVED_ID) return undefined;
      const { tools, sprite } = await catalogue();
      for (const tool of tools) this.addWatchFile(tool.file);
      const loaders = tools
        .map(({ meta }) => `  ${JSON.stringify(meta.id)}: () => import(${JSON.stringify(TOOL_FORM_PREFIX + meta.id)}),`)
        .join('\n');
      return [
        `export const catalogue = ${JSON.stringify(byTitle(tools).map(({ meta }) => (meta.role ? META_KEYS.map((key) => meta[key]) : META_KEYS.slice(0, -1).map((key) => meta[key]))))};`,
        `export const loaders = {\n${loaders}\n};`,
        `export const iconSpriteUrl = import.meta.env.BASE_URL + ${JSON.stringify(sprite.fileName)};`,
      ].join('\n');
    },

    configureServer(devServer) {
      server = devServer;
      devServer.watcher.add(registryDirs);
      devServer.watcher.on('add', invalidate);
      devServer.watcher.on('unlink', invalidate);
      devServer.watcher.on('change', invalidate);
      devServer.middlewares.use((req, res, next) => {
        // A registry with problems has no sprite: the request goes on, and the catalogue's module shows the problems in the overlay.
        catalogue().then(
          ({ sprite }) => {
            if (!req.url?.endsWith(sprite.fileName)) return next();
            res.setHeader('Content-Type', 'image/svg+xml');
            res.end(sprite.source);
          },
          () => next(),
        );
      });
    },

    async generateBundle() {
      const { sprite } = await catalogue();
      this.emitFile({ type: 'asset', fileName: sprite.fileName, source: sprite.source });
    },
  };
}
