import { createServer as createHttpServer } from 'node:http';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createServer } from 'vite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registryPlugin, withoutSearchTerms } from './registryPlugin';

/*
 * "Adding a tool is writing one file": the plugin must pick up a new file in
 * the registry folder with nothing else edited.
 */

const engine = path.resolve(import.meta.dirname, '../src/kernel/defineTool.ts');
let dir: string;

function toolFile(id: string, title: string, icon: string, extra = ''): string {
  return `import { defineTool } from ${JSON.stringify(engine)};
export default defineTool({
  id: '${id}', title: '${title}', description: 'A tool added by writing one file.', icon: '${icon}', category: 'Writing',
  fields: [{ name: 'topic', kind: 'text', label: 'Topic', required: true }],
  prompt: 'Write about:\\n{{topic}}',
  result: 'markdown',
  example: { input: { topic: 'Tides' }, output: 'Tides are caused mainly by the Moon.' },${extra}
});
`;
}

const uiIconsModule = path.resolve(import.meta.dirname, '../src/ui/uiIcons.ts');

async function loadVirtualModule(name: string): Promise<string> {
  const plugin = registryPlugin({ registryDir: dir, uiIconsModule });
  const resolveId = plugin.resolveId as (id: string) => string | undefined;
  const load = plugin.load as (this: { addWatchFile(file: string): void }, id: string) => Promise<string>;
  const id = resolveId(name);
  if (!id) throw new Error('virtual module not resolved');
  return load.call({ addWatchFile: () => undefined }, id);
}

const loadCatalogueModule = () => loadVirtualModule('virtual:studyforge/catalogue');

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'studyforge-registry-'));
  await writeFile(path.join(dir, 'tide-explainer.ts'), toolFile('tide-explainer', 'Tide Explainer', 'waves'));
});
afterAll(() => rm(dir, { recursive: true, force: true }));

describe('registryPlugin', () => {
  it('lists every file in the registry folder with its metadata and a lazy loader', async () => {
    const code = await loadCatalogueModule();
    expect(code).toContain('["tide-explainer","Tide Explainer","A tool added by writing one file.","waves","Writing"]');
    expect(code).toContain('"tide-explainer": () => import("virtual:studyforge/tool-form/tide-explainer")');
    // Prompts and examples stay out of the metadata: they load with the route.
    expect(code).not.toContain('Write about');
    expect(code).not.toContain('caused mainly by the Moon');
  });

  it("writes each tool's form as plain data, and imports its declaration from there", async () => {
    const code = await loadVirtualModule('virtual:studyforge/tool-form/tide-explainer');
    expect(code).toContain(
      'export const form = {"id":"tide-explainer","fields":[{"name":"topic","kind":"text","label":"Topic","required":true}],"result":"markdown","refines":true};',
    );
    expect(code).toContain(`export const loadDeclaration = () => import(${JSON.stringify(path.join(dir, 'tide-explainer.ts'))});`);
    // The form paints before the prompt and the example load.
    expect(code).not.toContain('Write about');
    expect(code).not.toContain('caused mainly by the Moon');
    await expect(loadVirtualModule('virtual:studyforge/tool-form/no-such-tool')).rejects.toThrow('No registry file declares the tool "no-such-tool".');
  });

  it("puts subjects and keywords in the search index, never in the first load's catalogue", async () => {
    const file = path.join(dir, 'cell-explorer.ts');
    await writeFile(file, toolFile('cell-explorer', 'Cell Explorer', 'waves', "\n  subjects: ['biology', 'science'],\n  keywords: ['revise', 'mitosis'],"));
    try {
      const catalogue = await loadCatalogueModule();
      expect(catalogue).toContain('"cell-explorer"');
      expect(catalogue).not.toContain('mitosis');
      expect(catalogue).not.toContain('biology');
      const index = await loadVirtualModule('virtual:studyforge/search-index');
      expect(index).toContain('"cell-explorer":{"subjects":["biology","science"],"keywords":["revise","mitosis"]}');
      // A tool declaring none takes no room in the index.
      expect(index).not.toContain('tide-explainer');
    } finally {
      await rm(file, { force: true });
    }
  });

  it('picks up a second file with nothing else edited', async () => {
    await writeFile(path.join(dir, 'moon-phases.ts'), toolFile('moon-phases', 'Moon Phases', 'dark_mode'));
    const code = await loadCatalogueModule();
    expect(code).toContain('["moon-phases","Moon Phases"');
    expect(code).toContain('["tide-explainer","Tide Explainer"');
  });

  /** Writes a registry file, expects loading the catalogue to fail with `<folder>/<file>.ts: <message>`, and removes the file. */
  async function expectRefused(files: Record<string, string>, ...messages: string[]): Promise<void> {
    for (const [name, source] of Object.entries(files)) await writeFile(path.join(dir, name), source);
    try {
      const error = await loadCatalogueModule().then(
        () => undefined,
        (e: unknown) => e,
      );
      expect(error, 'the catalogue loaded').toBeInstanceOf(Error);
      for (const message of messages) expect((error as Error).message).toContain(`${path.basename(dir)}/${message}`);
    } finally {
      for (const name of Object.keys(files)) await rm(path.join(dir, name), { force: true });
    }
  }

  it('fails the build naming the file of an icon that does not exist', async () => {
    await expectRefused({ 'bad-icon.ts': toolFile('bad-icon', 'Bad Icon', 'no_such_icon_name') }, 'bad-icon.ts: unknown icon "no_such_icon_name"');
  });

  it('refuses an id that differs from the file name', async () => {
    await expectRefused({ 'sea-level.ts': toolFile('sea-levels', 'Sea Level', 'waves') }, `sea-level.ts: the id is "sea-levels" but must equal the file name. Set \`id: 'sea-level'\``);
  });

  it('refuses a duplicate id, naming both files', async () => {
    const name = path.basename(dir);
    await expectRefused(
      { 'tide-copy.ts': toolFile('tide-explainer', 'Tide Copy', 'waves') },
      `tide-copy.ts: the id "tide-explainer" is also declared by ${name}/tide-explainer.ts`,
      `tide-explainer.ts: the id "tide-explainer" is also declared by ${name}/tide-copy.ts`,
    );
  });

  it.each(['dashboard', 'projects', 'settings'])('refuses the id "%s", which an app route takes', async (id) => {
    await expectRefused({ [`${id}.ts`]: toolFile(id, 'Shadow', 'waves') }, `${id}.ts: the id "${id}" is taken by the app's route #/${id}`);
  });

  it('refuses a renderer that does not exist, listing the valid ones', async () => {
    await expectRefused({ 'odd-view.ts': toolFile('odd-view', 'Odd View', 'waves', "\n  renderer: 'carousel' as 'quiz',") }, 'odd-view.ts: unknown renderer "carousel". Use one of markdown, structured, quiz');
  });

  it("refuses a result the named renderer cannot read, quoting what it reads", async () => {
    // A markdown tool naming the flashcards screen: the type checker refuses it too, but the build must not need tsc.
    await expectRefused(
      { 'card-notes.ts': toolFile('card-notes', 'Card Notes', 'waves', "\n  renderer: 'flashcards' as never,") },
      "card-notes.ts: the 'flashcards' renderer reads a list of cards, each { question: string, answer: string }; this tool's example result does not fit (it answers with markdown)",
    );
  });

  it('refuses keywords that are not a list of short lowercase words, naming the file and the fix', async () => {
    await expectRefused(
      { 'loose-terms.ts': toolFile('loose-terms', 'Loose Terms', 'waves', "\n  keywords: 'test, exam' as never,\n  subjects: ['Biology', ''],") },
      "loose-terms.ts: keywords must be a list of short lowercase words, e.g. keywords: ['test', 'exam', 'revise'].",
      'loose-terms.ts: subjects[0] "Biology" must be lowercase without spaces around it. Write "biology".',
      'loose-terms.ts: subjects[1] is blank.',
    );
  });

    it('names the file that throws when imported', async () => {
    await expectRefused({ 'broken.ts': `throw new Error('half-written tool');\n` }, 'broken.ts: the file throws when imported (half-written tool)');
  });
});

describe('registryPlugin in the dev server', () => {
  let devDir: string;
  beforeAll(async () => {
    devDir = await mkdtemp(path.join(tmpdir(), 'studyforge-registry-dev-'));
    await writeFile(path.join(devDir, 'tide-explainer.ts'), toolFile('tide-explainer', 'Tide Explainer', 'waves'));
  });
  afterAll(() => rm(devDir, { recursive: true, force: true }));

  it('shows a broken registry file as an error naming it, keeps running, and recovers once the file is fixed', async () => {
    const server = await createServer({
      configFile: false,
      root: devDir,
      logLevel: 'silent',
      server: { middlewareMode: true, ws: false },
      plugins: [registryPlugin({ registryDir: devDir, uiIconsModule })],
    });
    const http = createHttpServer(server.middlewares);
    await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
    const address = http.address();
    const base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
    const catalogueCode = () => server.transformRequest('virtual:studyforge/catalogue').then((r) => r?.code ?? '');
    /** The catalogue module's code once `check` holds for it (the watcher reports a saved file after a moment). */
    async function eventually(check: (code: string | Error) => boolean): Promise<string | Error> {
      let last: string | Error = '';
      // Up to 30 s: on a loaded 2-core CI machine the watcher and a re-evaluation of every file can take seconds.
      for (let attempt = 0; attempt < 300; attempt++) {
        last = await catalogueCode().catch((e: unknown) => (e instanceof Error ? e : new Error(String(e))));
        if (check(last)) return last;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      return last;
    }
    try {
      expect(await catalogueCode()).toContain('["tide-explainer",');
      const file = path.join(devDir, 'moon-phases.ts');
      /*
       * Saves as an author does: not within milliseconds of the last save. The file watcher throttles
       * changes to one file that close together, so a test saving faster than a person loses some.
       */
      const save = async (content: string) => {
        await new Promise((resolve) => setTimeout(resolve, 300));
        await writeFile(file, content);
      };
      const shown = `${path.basename(devDir)}/moon-phases.ts`;

      await save(toolFile('moon-phases', 'Moon Phases', 'no_such_icon_name'));
      const iconError = await eventually((r) => r instanceof Error);
      expect(String(iconError)).toContain(`${shown}: unknown icon "no_such_icon_name"`);
      // Pages and other requests still get answers: the server did not die on the broken registry.
      expect((await fetch(`${base}/moon-phases.svg`)).status).toBeLessThan(500);

      await save(toolFile('moon-phases', 'Moon Phases', 'dark_mode', "\n  renderer: 'quiz' as never,"));
      const contractError = await eventually((r) => r instanceof Error && r.message.includes("the 'quiz' renderer"));
      expect(String(contractError)).toContain(`${shown}: the 'quiz' renderer reads a list of questions`);
      expect(String(contractError)).toContain(`${shown}: the 'quiz' renderer calls followUps.remediation`);

      await save(`throw new Error('half-written tool');\n`);
      const importError = await eventually((r) => r instanceof Error && r.message.includes('throws when imported'));
      expect(String(importError)).toContain(`${shown}: the file throws when imported (half-written tool)`);

      await save(toolFile('moon-phases', 'Moon Phases', 'dark_mode'));
      const recovered = await eventually((r) => typeof r === 'string' && r.includes('["moon-phases",'));
      expect(recovered).toContain('["moon-phases",');
      expect(recovered).toContain('["tide-explainer",');
    } finally {
      await new Promise((resolve) => http.close(resolve));
      await server.close();
    }
  }, 120_000);
});

describe('registryPlugin in a build', () => {
  it("appends each registry module's result schemas, converted, so the browser never converts them", async () => {
    const plugin = registryPlugin({ registryDir: dir, uiIconsModule });
    (plugin.configResolved as (config: { command: string }) => void)({ command: 'build' });
    const transform = plugin.transform as (code: string, id: string) => Promise<{ code: string } | undefined>;
    const file = path.join(dir, 'tide-explainer.ts');
    const out = await transform('export default 1;', file);
    // A markdown tool has nothing to convert; the export is there all the same, so every tool module has one shape.
    expect(out?.code).toBe('export default 1;\nexport const contracts = {};\n');
    expect(await transform('export const x = 1;', path.resolve(import.meta.dirname, '../src/kernel/stored/storage.ts'))).toBeUndefined();
  });

  it('leaves out subjects and keywords of a built registry module, keeping every other line and column', () => {
    const code = `export default defineTool({\n  id: 'cells',\n  category: 'Math and science',\n  subjects: ['biology'],\n  keywords: [\n    'revise', 'cells',\n  ],\n  fields: [{ name: 'keywords', label: 'Keywords' }],\n  example: { input: { keywords: ['kept'] } },\n});\n`;
    const out = withoutSearchTerms(code);
    expect(out).not.toMatch(/biology|revise|subjects/);
    expect(out.split('\n').length).toBe(code.split('\n').length);
    expect(out.length).toBe(code.length);
    // Only the declaration's own properties go: a field or an example value of the same name stays.
    expect(out).toContain("fields: [{ name: 'keywords', label: 'Keywords' }]");
    expect(out).toContain("input: { keywords: ['kept'] }");
    expect(withoutSearchTerms('export default 1;')).toBe('export default 1;');
  });

  it('leaves modules as they are outside a build (the dev server and tests convert on first use)', async () => {
    const plugin = registryPlugin({ registryDir: dir, uiIconsModule });
    (plugin.configResolved as (config: { command: string }) => void)({ command: 'serve' });
    const transform = plugin.transform as (code: string, id: string) => Promise<unknown>;
    expect(await transform('export default 1;', path.join(dir, 'tide-explainer.ts'))).toBeUndefined();
  });
});
