import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registryPlugin } from './registryPlugin';

/*
 * "Adding a tool is writing one file": the plugin must pick up a new file in
 * the registry folder with nothing else edited.
 */

const engine = path.resolve(import.meta.dirname, '../src/engine/defineTool.ts');
let dir: string;

function toolFile(id: string, title: string, icon: string): string {
  return `import { defineTool } from ${JSON.stringify(engine)};
export default defineTool({
  id: '${id}', title: '${title}', description: 'A tool added by writing one file.', icon: '${icon}', category: 'Writing',
  fields: [{ name: 'topic', kind: 'text', label: 'Topic', required: true }],
  prompt: 'Write about:\\n{{topic}}',
  result: 'markdown',
  example: { input: { topic: 'Tides' }, output: 'Tides are caused mainly by the Moon.' },
});
`;
}

async function loadCatalogueModule(): Promise<string> {
  const plugin = registryPlugin({ registryDir: dir, uiIconsModule: path.resolve(import.meta.dirname, '../src/app/uiIcons.ts') });
  const resolveId = plugin.resolveId as (id: string) => string | undefined;
  const load = plugin.load as (this: { addWatchFile(file: string): void }, id: string) => Promise<string>;
  const id = resolveId('virtual:studyforge/catalogue');
  if (!id) throw new Error('virtual module not resolved');
  return load.call({ addWatchFile: () => undefined }, id);
}

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'studyforge-registry-'));
  await writeFile(path.join(dir, 'tide-explainer.ts'), toolFile('tide-explainer', 'Tide Explainer', 'waves'));
});
afterAll(() => rm(dir, { recursive: true, force: true }));

describe('registryPlugin', () => {
  it('lists every file in the registry folder with its metadata and a lazy loader', async () => {
    const code = await loadCatalogueModule();
    expect(code).toContain('"id":"tide-explainer","title":"Tide Explainer"');
    expect(code).toContain(`"tide-explainer": () => import(${JSON.stringify(path.join(dir, 'tide-explainer.ts'))})`);
    // Prompts and examples stay out of the metadata: they load with the route.
    expect(code).not.toContain('Write about');
    expect(code).not.toContain('caused mainly by the Moon');
  });

  it('picks up a second file with nothing else edited', async () => {
    await writeFile(path.join(dir, 'moon-phases.ts'), toolFile('moon-phases', 'Moon Phases', 'dark_mode'));
    const code = await loadCatalogueModule();
    expect(code).toContain('"id":"moon-phases"');
    expect(code).toContain('"id":"tide-explainer"');
  });

  it('fails the build with a clear message for an icon that does not exist', async () => {
    await writeFile(path.join(dir, 'bad-icon.ts'), toolFile('bad-icon', 'Bad Icon', 'no_such_icon_name'));
    await expect(loadCatalogueModule()).rejects.toThrow('Unknown icon "no_such_icon_name"');
    await rm(path.join(dir, 'bad-icon.ts'));
  });
});
