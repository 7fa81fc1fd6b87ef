import { describe, expect, it } from 'vitest';
import { RESERVED_TOOL_IDS, registryProblems } from './registryChecks';
import { rendererContracts } from '../renderers/contracts';

/*
 * What the registry plugin refuses in a tool file, and the message that names
 * the file and the fix (the plugin itself, in a dev server and a build, is
 * registryPlugin.test.ts).
 */

describe('registryProblems', () => {
  const context = { iconExists: (name: string) => name === 'waves', rendererContracts };
  const tool = (file: string, declaration: unknown) => ({ file: `registry/${file}.ts`, stem: file, imported: true as const, declaration });

  it('passes a sound registry', () => {
    const example = { output: { simple: 'Tides rise.', detailed: 'The moon pulls the sea.' } };
    expect(registryProblems([tool('tides', { id: 'tides', icon: 'waves', renderer: 'tabs', example })], context)).toEqual([]);
  });

  it('refuses refinements of its own without a label or instruction, or with a label every result already has', () => {
    const example = { output: { simple: 'Tides rise.', detailed: 'The moon pulls the sea.' } };
    const refine = (value: unknown) => registryProblems([tool('tides', { id: 'tides', icon: 'waves', renderer: 'tabs', example, refine: value })], context);
    expect(refine(false)).toEqual([]);
    expect(refine({ readingLevel: 'cefr', refinements: [{ label: 'More encouraging', instruction: 'Make it more encouraging.' }] })).toEqual([]);
    expect(refine({ refinements: [{ label: 'shorter', instruction: 'Cut it.' }, { label: '', instruction: '' }], readingLevel: 'lexile' })).toEqual([
      "registry/tides.ts: refine.readingLevel \"lexile\" is not a scale. Use 'grade', 'cefr' or false.",
      'registry/tides.ts: refine.refinements[0]: the label "shorter" is already a button under every result. Choose another label.',
      "registry/tides.ts: refine.refinements[1] has no label. Give it the button's text, e.g. label: 'More encouraging'.",
      "registry/tides.ts: refine.refinements[1] has no instruction. Say what the model should change, e.g. instruction: 'Make it more encouraging.'",
    ]);
    expect(refine({ refinements: [{ label: 'Long', instruction: 'x'.repeat(501) }] })[0]).toContain('the instruction has 501 characters. Keep it to 500');
  });

  it('refuses export settings naming no format, adding one that cannot be added, or both adding and removing one', () => {
    const example = { output: { simple: 'Tides rise.', detailed: 'The moon pulls the sea.' } };
    const exports = (value: unknown) => registryProblems([tool('tides', { id: 'tides', icon: 'waves', renderer: 'tabs', example, exports: value })], context);
    expect(exports({ add: ['ics'], remove: ['csv', 'print'] })).toEqual([]);
    expect(exports({ add: ['pdf', 'gift'], remove: ['ics'], only: ['docx'] })).toEqual([
      'registry/tides.ts: exports.only is not a setting. Use add or remove.',
      `registry/tides.ts: exports.add names "pdf", which is no format. Use one of 'ics'.`,
      "registry/tides.ts: exports.add names 'gift', which comes with its result kind or renderer, or cannot read this result. Only 'ics' can be added.",
    ]);
    expect(exports({ add: ['ics'], remove: ['ics'] })).toEqual(["registry/tides.ts: exports both adds and removes 'ics'. Keep one."]);
    expect(exports(['docx'])).toEqual(["registry/tides.ts: exports must be an object { add?, remove? }, e.g. exports: { remove: ['csv'] }."]);
  });

  it("refuses personal-data declarations in the wrong place, and a teacher's tool that declares none", () => {
    const example = { output: { simple: 'Tides rise.', detailed: 'The moon pulls the sea.' } };
    const fields = (role: string, list: unknown[]) => registryProblems([tool('tides', { id: 'tides', icon: 'waves', renderer: 'tabs', example, role, fields: list })], context);
    expect(fields('teacher', [{ name: 'notes', kind: 'textarea', personal: 'text' }, { name: 'parent', kind: 'text', personal: 'name', person: 'parent' }])).toEqual([]);
    expect(fields('student', [{ name: 'topic', kind: 'text' }])).toEqual([]);
    expect(fields('teacher', [{ name: 'notes', kind: 'textarea' }])).toEqual([
      "registry/tides.ts: a teacher's tool takes notes about students, but no field says it may hold a name. Add personal: 'text' to the box that may name a student (or personal: 'name' to a name box), so names are replaced before sending.",
    ]);
    expect(fields('student', [{ name: 'age', kind: 'number', personal: 'name' }, { name: 'notes', kind: 'textarea', personal: 'secret' }, { name: 'who', kind: 'text', person: 'parent' }])).toEqual([
      'registry/tides.ts: field "age": personal is for text boxes; a number holds no names. Remove it.',
      `registry/tides.ts: field "notes": personal "secret" is not a kind. Use 'name' (a box of people's names) or 'text' (notes that may name people).`,
      "registry/tides.ts: field \"who\": person says whose names a box holds. Add personal: 'name', or remove person.",
    ]);
  });

  it('refuses subjects and keywords that are not a list of non-empty short lowercase strings, or too many', () => {
    const example = { output: { simple: 'Tides rise.', detailed: 'The moon pulls the sea.' } };
    const terms = (extra: Record<string, unknown>) => registryProblems([tool('tides', { id: 'tides', icon: 'waves', renderer: 'tabs', example, ...extra })], context);
    expect(terms({})).toEqual([]);
    expect(terms({ subjects: ['geography', 'science'], keywords: ['tides', 'revise', 'ocean'] })).toEqual([]);
    expect(terms({ subjects: 'geography', keywords: { test: true } })).toEqual([
      "registry/tides.ts: subjects must be a list of short lowercase words, e.g. subjects: ['biology', 'science'].",
      "registry/tides.ts: keywords must be a list of short lowercase words, e.g. keywords: ['test', 'exam', 'revise'].",
    ]);
    expect(terms({ keywords: ['revise', '', '  ', 7, null, 'Revise ', 'revise', 'x'.repeat(31)] })).toEqual([
      "registry/tides.ts: keywords[1] is blank. Write a word people would search for, e.g. keywords: ['test', 'exam', 'revise'], or remove it.",
      "registry/tides.ts: keywords[2] is blank. Write a word people would search for, e.g. keywords: ['test', 'exam', 'revise'], or remove it.",
      "registry/tides.ts: keywords[3] is not text (7). Write a word people would search for, e.g. keywords: ['test', 'exam', 'revise'], or remove it.",
      "registry/tides.ts: keywords[4] is not text (null). Write a word people would search for, e.g. keywords: ['test', 'exam', 'revise'], or remove it.",
      'registry/tides.ts: keywords[5] "Revise " must be lowercase without spaces around it. Write "revise".',
      'registry/tides.ts: keywords[6] repeats "revise". Remove the copy.',
      'registry/tides.ts: keywords[7] has 31 characters. Keep it to 30: a word or two, not a sentence.',
    ]);
    const many = (n: number) => Array.from({ length: n }, (_, i) => `term ${i}`);
    expect(terms({ subjects: many(10), keywords: many(20) })).toEqual([]);
    expect(terms({ subjects: many(11), keywords: many(21) })).toEqual([
      'registry/tides.ts: subjects has 11 entries. Keep the 10 people are most likely to type.',
      'registry/tides.ts: keywords has 21 entries. Keep the 20 people are most likely to type.',
    ]);
  });

  it('refuses a file whose default export is not a tool, and an id with a route beneath projects/', () => {
    expect(registryProblems([tool('empty', undefined)], context)).toEqual(['registry/empty.ts: the default export is not a tool. Write `export default defineTool({ ... })`.']);
    expect(registryProblems([tool('x', { id: 'projects/x', icon: 'waves' })], context).join('\n')).toContain("taken by the app's route #/projects/x");
    expect(RESERVED_TOOL_IDS).toEqual(['dashboard', 'projects', 'settings', 'account', 'classes', 'join']);
  });
});
