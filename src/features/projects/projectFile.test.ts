import { describe, expect, it } from 'vitest';
import type { ContractSchema } from '../../kernel/contractSchema';
import { allProjectsExportJson } from './allProjectsFile';
import {
  artifactMarkdown,
  exportFileName,
  MAX_IMPORT_PROJECTS,
  notAnExport,
  parseImportFile,
  parseProjectExport,
  projectExport,
  projectExportJson,
  projectMarkdown,
} from './projectFile';

const project = { id: 'proj_1700000000000', name: 'Biology revision', createdAt: '2026-11-01T09:00:00.000Z', updatedAt: '2026-11-02T09:00:00.000Z' };
const notes = { id: 'art_2', createdAt: '2026-11-01T10:00:00.000Z', toolId: 'smart-notes', toolTitle: 'SmartNotes', data: '## Cells\n\n- Nucleus\n- **Mitochondria**' };
const essay = {
  id: 'art_1',
  createdAt: '2026-11-01T09:30:00.000Z',
  toolId: 'essay-buddy',
  data: { thesis: 'Cells are the unit of life.', structure: ['Intro', 'Body'], introParagraph: 'Every living thing...' },
};
const essaySchema: ContractSchema = {
  type: 'OBJECT',
  properties: {
    thesis: { type: 'STRING', description: 'Thesis statement' },
    structure: { type: 'ARRAY', items: { type: 'STRING' } },
    introParagraph: { type: 'STRING' },
  },
};

describe('JSON export', () => {
  it('is a versioned document with the project and its artifacts', () => {
    const file = projectExport(project, [notes, essay], '2026-11-03T00:00:00.000Z');
    expect(file).toEqual({ format: 'studyforge-project', version: 1, exportedAt: '2026-11-03T00:00:00.000Z', project, artifacts: [notes, essay] });
    expect(JSON.parse(projectExportJson(project, [notes, essay], '2026-11-03T00:00:00.000Z'))).toEqual(file);
  });

  it('reads back exactly what it wrote (a round trip loses nothing)', () => {
    const parsed = parseProjectExport(projectExportJson(project, [notes, essay]));
    expect(parsed).toMatchObject({ ok: true, bundle: { project, artifacts: [notes, essay] } });
  });
});

describe('Markdown export', () => {
  const markdown = projectMarkdown(project, [notes, essay], {
    toolTitle: (id) => (id === 'essay-buddy' ? 'Essay Buddy' : undefined),
    schemaFor: (id) => (id === 'essay-buddy' ? essaySchema : undefined),
    exportedAt: '2026-11-03T00:00:00.000Z',
  });

  it('starts with the name and dates', () => {
    expect(markdown.startsWith('# Biology revision\n\n- Created: 2026-11-01T09:00:00.000Z\n- Renamed: 2026-11-02T09:00:00.000Z\n- Exported: 2026-11-03T00:00:00.000Z\n- Saved items: 2\n')).toBe(true);
  });

  it('gives each artifact its tool title and time, markdown text as written', () => {
    expect(markdown).toContain('## SmartNotes\n\nSaved 2026-11-01T10:00:00.000Z\n\n## Cells\n\n- Nucleus\n- **Mitochondria**');
    expect(markdown).toContain('## Essay Buddy\n\nSaved 2026-11-01T09:30:00.000Z');
  });

  it('renders structured data as readable text with the schema\u2019s labels', () => {
    expect(markdown).toContain('### Thesis statement\n\nCells are the unit of life.');
    expect(markdown).toContain('### Structure\n\n- Intro\n- Body');
    expect(markdown).toContain('### Intro paragraph\n\nEvery living thing...');
    expect(markdown).not.toContain('"thesis"');
  });

  it('separates items and falls back to the tool id, then to humanized keys', () => {
    const text = projectMarkdown({ ...project, updatedAt: undefined }, [{ id: 'a', createdAt: 'x', toolId: 'retired-tool', data: { someKey: 1 } }], { formatDate: (iso) => `<${iso}>`, exportedAt: 'now' });
    expect(text).not.toContain('Renamed');
    expect(text).toContain('- Created: <2026-11-01T09:00:00.000Z>');
    expect(text).toContain('\n\n---\n\n## retired-tool\n\nSaved <x>\n\n### Some key\n\n1\n');
  });

  it('shows a list result as a list and data with nothing readable as pretty JSON', () => {
    expect(artifactMarkdown({ ...essay, data: ['One', 'Two'] })).toBe('- One\n- Two');
    expect(artifactMarkdown({ ...essay, data: null })).toBe('```json\nnull\n```');
    expect(artifactMarkdown({ ...essay, data: {} })).toBe('```json\n{}\n```');
  });

  it('keeps a name on one line', () => {
    expect(projectMarkdown({ ...project, name: 'Two\n# lines' }, [], { exportedAt: 'now' })).toMatch(/^# Two # lines\n/);
  });
});

describe('file names', () => {
  it('are named after the project', () => {
    expect(exportFileName('Biology revision', 'json')).toBe('Biology revision.json');
    expect(exportFileName('Biology revision', 'md')).toBe('Biology revision.md');
  });

  it('replace characters file systems refuse and never come out empty', () => {
    expect(exportFileName('Term 2: a/b?', 'json')).toBe('Term 2- a-b.json');
    expect(exportFileName('  ...  ', 'md')).toBe('project.md');
    expect(exportFileName('x'.repeat(300), 'md')).toBe(`${'x'.repeat(100)}.md`);
  });
});

describe('import validation', () => {
  const valid = projectExport(project, [notes, essay]);
  const withChange = (change: (file: Record<string, unknown>) => void): string => {
    const file = JSON.parse(JSON.stringify(valid)) as Record<string, unknown>;
    change(file);
    return JSON.stringify(file);
  };
  const messageFor = (text: string) => {
    const parsed = parseProjectExport(text);
    if (parsed.ok) throw new Error('expected a failure');
    return parsed.message;
  };

  it.each([
    ['an empty file', '', 'The file is empty.'],
    ['not JSON', '{oops', 'It is not valid JSON.'],
    ['a JSON list', '[1,2]', 'It does not contain a project.'],
    ['no format', withChange((f) => delete f.format), 'It should have "format": "studyforge-project".'],
    ['another format', withChange((f) => (f.format = 'notes-app')), 'It should have "format": "studyforge-project", not "notes-app".'],
    ['no version', withChange((f) => delete f.version), '"version" is missing.'],
    ['an unknown older version', withChange((f) => (f.version = 0)), '"version" should be 1.'],
    ['no project', withChange((f) => delete f.project), '"project" is missing.'],
    ['a project without a name', withChange((f) => delete (f.project as Record<string, unknown>).name), '"project.name" is missing.'],
    ['a blank name', withChange((f) => ((f.project as Record<string, unknown>).name = '   ')), '"project.name" must not be blank.'],
    ['artifacts that are not a list', withChange((f) => (f.artifacts = {})), '"artifacts" should be a list.'],
    ['an artifact with a numeric tool id', withChange((f) => ((f.artifacts as Record<string, unknown>[])[1]!.toolId = 7)), '"artifacts[1].toolId" should be text.'],
  ])('%s: names what is wrong', (_label, text, detail) => {
    expect(messageFor(text)).toBe(`${notAnExport} ${detail}`);
  });

  it('counts further problems', () => {
    const text = withChange((f) => {
      delete (f.project as Record<string, unknown>).id;
      delete (f.project as Record<string, unknown>).createdAt;
    });
    expect(messageFor(text)).toBe(`${notAnExport} "project.id" is missing (and 1 more problem).`);
  });

  it('tells a newer format version apart from a broken file', () => {
    expect(messageFor(withChange((f) => (f.version = 2)))).toBe(
      'This project was exported by a newer StudyForge (format version 2); this one reads version 1.',
    );
  });

  it('trims the name, drops repeated artifact ids and accepts a file without exportedAt or updatedAt', () => {
    const parsed = parseProjectExport(
      withChange((f) => {
        delete f.exportedAt;
        const p = f.project as Record<string, unknown>;
        delete p.updatedAt;
        p.name = '  Biology  ';
        f.artifacts = [notes, { ...notes, data: 'duplicate' }, essay];
      }),
    );
    expect(parsed).toMatchObject({ ok: true, bundle: { project: { name: 'Biology' }, artifacts: [notes, essay] } });
  });
});

/* ---- Hostile files: nothing in a file may break the app, or take over a project it names. ---- */

describe('import limits', () => {
  const NOW = Date.parse('2026-11-23T12:00:00.000Z');
  const nested = (levels: number, leaf: unknown = 'x'): unknown => {
    let value = leaf;
    for (let i = 0; i < levels; i++) value = [value];
    return value;
  };
  const fileWith = (change: { project?: Record<string, unknown>; artifacts?: Record<string, unknown>[] }) =>
    JSON.stringify({ ...projectExport(project, [notes, essay]), ...(change.project && { project: { ...project, ...change.project } }), ...(change.artifacts && { artifacts: change.artifacts }) });
  const messageFor = (text: string) => {
    const parsed = parseProjectExport(text, NOW);
    if (parsed.ok) throw new Error('expected the file to be refused');
    return parsed.message;
  };

  it('refuses item data nested deeper than 64 levels, naming the item, and accepts 64', () => {
    expect(messageFor(fileWith({ artifacts: [notes, { ...essay, data: nested(65) }] }))).toBe(
      `${notAnExport} "artifacts[1].data" is nested deeper than 64 levels.`,
    );
    expect(messageFor(fileWith({ artifacts: [{ ...essay, data: { a: nested(64) } }] }))).toBe(
      `${notAnExport} "artifacts[0].data" is nested deeper than 64 levels.`,
    );
    expect(parseProjectExport(fileWith({ artifacts: [{ ...essay, data: nested(64) }] }), NOW).ok).toBe(true);
  });

  it('refuses the 30 KB file of 5,000 nested lists, and a 100,000-deep one, without throwing', () => {
    const attack = `{"format":"studyforge-project","version":1,"project":{"id":"proj_1","name":"Deep","createdAt":"2026-11-01T00:00:00.000Z"},"artifacts":[{"id":"art_1","createdAt":"2026-11-01T00:00:00.000Z","toolId":"t","data":${'['.repeat(5000)}${']'.repeat(5000)}}]}`;
    expect(messageFor(attack)).toBe(`${notAnExport} "artifacts[0].data" is nested deeper than 64 levels.`);
    const deeper = attack.replace(`${'['.repeat(5000)}${']'.repeat(5000)}`, `${'{"a":'.repeat(100_000)}1${'}'.repeat(100_000)}`);
    expect(() => parseProjectExport(deeper, NOW)).not.toThrow();
    expect(messageFor(deeper)).toBe(`${notAnExport} "artifacts[0].data" is nested deeper than 64 levels.`);
  });

  it.each([
    ['a slash', 'proj/1'],
    ['a question mark', 'proj?x=1'],
    ['a hash', 'proj#top'],
    ['a space', 'my project'],
    ['a percent sign', 'proj%2F1'],
    ['more than 100 characters', `proj_${'1'.repeat(100)}`],
  ])('refuses a project id with %s, which the address bar cannot open', (_label, id) => {
    expect(messageFor(fileWith({ project: { id } }))).toBe(
      `${notAnExport} "project.id" may only contain letters, digits, "_" and "-" (at most 100).`,
    );
  });

  it('refuses an item id the page cannot address', () => {
    expect(messageFor(fileWith({ artifacts: [notes, { ...essay, id: 'art/../1' }] }))).toBe(
      `${notAnExport} "artifacts[1].id" may only contain letters, digits, "_" and "-" (at most 100).`,
    );
  });

  it('refuses name stamps in the future, which would win every rename merge', () => {
    const tomorrow = new Date(NOW + 24 * 3600_000).toISOString();
    expect(messageFor(fileWith({ project: { updatedAt: tomorrow } }))).toBe(`${notAnExport} "project.updatedAt" is in the future.`);
    expect(messageFor(fileWith({ project: { createdAt: '2099-01-01T00:00:00.000Z', updatedAt: undefined } }))).toBe(
      `${notAnExport} "project.createdAt" is in the future.`,
    );
    expect(messageFor(fileWith({ artifacts: [{ ...notes, createdAt: tomorrow }] }))).toBe(`${notAnExport} "artifacts[0].createdAt" is in the future.`);
    // A clock a minute ahead of this one is not an attack.
    expect(parseProjectExport(fileWith({ project: { updatedAt: new Date(NOW + 60_000).toISOString() } }), NOW).ok).toBe(true);
  });

  it.each(['yesterday', '2026-11-01', 'Mon Nov 23 2026 10:00:00 GMT+0000', '2026-13-45T00:00:00.000Z'])(
    'refuses a stamp that is not a date and time as StudyForge writes them: %s',
    (stamp) => {
      expect(messageFor(fileWith({ project: { updatedAt: stamp } }))).toBe(
        `${notAnExport} "project.updatedAt" should be a date and time such as "2026-01-31T09:00:00.000Z".`,
      );
    },
  );

  it('refuses more than 10,000 items', () => {
    const many = Array.from({ length: 10_001 }, (_, i) => ({ ...notes, id: `art_${i}` }));
    expect(messageFor(fileWith({ artifacts: many }))).toBe(`${notAnExport} "artifacts" has more than 10000 saved items.`);
  });

  it('still reads back a real export: store-made ids, save ids, nested results', () => {
    const real = { id: 'art_1763888400000', createdAt: '2026-11-23T09:00:00.000Z', toolId: 'quiz-whiz', toolTitle: 'Quiz Whiz', saveId: '0a1b2c3d4e5f60718293a4b5', data: { questions: [{ options: ['a', 'b'], answer: { index: 0 } }] } };
    const mine = { ...project, id: 'proj_1763888000000' };
    const parsed = parseProjectExport(projectExportJson(mine, [real, notes]), NOW);
    expect(parsed).toMatchObject({ ok: true, bundle: { project: mine, artifacts: [real, notes] } });
  });
});

describe('Markdown of data too deep to show', () => {
  it('writes a short placeholder instead of overflowing the stack', () => {
    let data: unknown = 'leaf';
    for (let i = 0; i < 100_000; i++) data = [data];
    const markdown = artifactMarkdown({ ...essay, data });
    expect(markdown).toContain('[nested too deep to show]');
    expect(markdown).not.toContain('leaf');
    let wrapped: unknown = 'leaf';
    for (let i = 0; i < 100_000; i++) wrapped = { level: wrapped };
    expect(artifactMarkdown({ ...essay, data: { answer: wrapped } })).toContain('[nested too deep to show]');
  });
});

describe('importing the file of every project (Settings, before Delete all)', () => {
  const other = { id: 'proj_1700000000500', name: 'History', createdAt: '2026-11-03T09:00:00.000Z' };
  const NOW = Date.parse('2026-11-26T12:00:00.000Z');

  it('reads back every project the export wrote, with its items and study data', async () => {
    const text = allProjectsExportJson(
      [
        { project, artifacts: [notes, essay], study: { cards: { 'art_2:0': { due: '2026-11-20T00:00:00.000Z' } } } },
        { project: other, artifacts: [] },
      ],
      '2026-11-26T10:00:00.000Z',
    );
    const parsed = parseImportFile(text, NOW);
    expect(parsed.ok).toBe(true);
    if (!parsed.ok) return;
    expect(parsed.projects.map((p) => p.bundle.project.name)).toEqual(['Biology revision', 'History']);
    expect(parsed.projects[0]?.bundle.artifacts.map((a) => a.id)).toEqual(['art_2', essay.id]);
    expect(parsed.projects[0]?.file.study?.cards).toHaveProperty(['art_2:0']);
  });

  it('still reads one project’s own export', () => {
    const parsed = parseImportFile(projectExportJson(project, [notes], '2026-11-26T10:00:00.000Z'), NOW);
    expect(parsed.ok && parsed.projects.map((p) => p.bundle.project.id)).toEqual([project.id]);
  });

  it('takes the file whole or not at all, naming the project that cannot be read', async () => {
    const file = JSON.parse(allProjectsExportJson([{ project, artifacts: [notes] }, { project: other, artifacts: [] }], '2026-11-26T10:00:00.000Z')) as { projects: { project: { name: string } }[] };
    file.projects[1]!.project.name = '   ';
    const parsed = parseImportFile(JSON.stringify(file), NOW);
    expect(parsed).toEqual({ ok: false, message: expect.stringMatching(/^Project 2 of 2 cannot be imported: This file is not a StudyForge project export\. "project\.name" must not be blank\. Nothing was imported\.$/) as unknown });
  });

  it('refuses a newer format, an empty list and a list too long to be real, each in words', () => {
    const base = { format: 'studyforge-projects', version: 1, exportedAt: '2026-11-26T10:00:00.000Z' };
    expect(parseImportFile(JSON.stringify({ ...base, version: 2, projects: [] }), NOW)).toMatchObject({ ok: false, message: expect.stringContaining('newer StudyForge (format version 2)') as unknown });
    expect(parseImportFile(JSON.stringify({ ...base, projects: [] }), NOW)).toEqual({ ok: false, message: 'This file holds no projects.' });
    expect(parseImportFile(JSON.stringify({ ...base, projects: 'all' }), NOW)).toMatchObject({ ok: false, message: expect.stringContaining('"projects" should be a list') as unknown });
    expect(parseImportFile(JSON.stringify({ ...base, projects: Array.from({ length: MAX_IMPORT_PROJECTS + 1 }, () => ({})) }), NOW)).toMatchObject({ ok: false, message: expect.stringContaining(`more than ${MAX_IMPORT_PROJECTS} projects`) as unknown });
  });
});
