import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { toContractSchema } from './contractSchema';
import { humanize, labelOf, prettyJson, resultAsText } from './resultText';

describe('labels', () => {
  it('humanizes field names', () => {
    expect(humanize('introParagraph')).toBe('Intro paragraph');
    expect(humanize('week1')).toBe('Week 1');
    expect(humanize('levelA2')).toBe('Level a2');
  });

  it("prefers the schema's short description", () => {
    expect(labelOf('introParagraph', { type: 'STRING', description: 'Introduction paragraph' })).toBe('Introduction paragraph');
    expect(labelOf('thesis', { type: 'STRING', description: 'x'.repeat(80) })).toBe('Thesis');
  });
});

describe('resultAsText: what Copy puts on the clipboard', () => {
  it('copies markdown as written', () => {
    expect(resultAsText({ kind: 'text', text: '## Notes\n- a' })).toBe('## Notes\n- a');
  });

  it('copies structured results as labelled, readable text', () => {
    const schema = toContractSchema(
      z.object({
        thesis: z.string().describe('Thesis'),
        structure: z.array(z.string()).describe('Structure'),
        definitions: z.array(z.object({ term: z.string(), definition: z.string() })),
      }),
    );
    const text = resultAsText(
      { kind: 'json', data: { thesis: 'Phones distract.', structure: ['Intro', 'Body'], definitions: [{ term: 'ATP', definition: 'Energy carrier' }] } },
      schema,
    );
    expect(text).toBe('Thesis\nPhones distract.\n\nStructure\n- Intro\n- Body\n\nDefinitions\n- Term: ATP\n  Definition: Energy carrier');
  });
});

describe('data nested too deep to show (stored by another version, or planted)', () => {
  const nested = (levels: number, wrap: (inner: unknown) => unknown): unknown => {
    let value: unknown = 'leaf';
    for (let i = 0; i < levels; i++) value = wrap(value);
    return value;
  };

  it('Copy gives readable text with a placeholder where the data goes too deep, instead of a stack overflow', () => {
    const lists = resultAsText({ kind: 'json', data: nested(100_000, (inner) => [inner]) });
    expect(lists).toMatch(/^- - - /);
    expect(lists).toContain('- [nested too deep to show]');
    expect(lists).not.toContain('leaf');
    const objects = resultAsText({ kind: 'json', data: { answer: nested(100_000, (inner) => ({ level: inner })) } });
    expect(objects.startsWith('Answer\nLevel:\n  Level:\n')).toBe(true);
    expect(objects).toContain('[nested too deep to show]');
    // Data as deep as an import accepts (64 levels) is shown in full.
    expect(resultAsText({ kind: 'json', data: { answer: nested(63, (inner) => [inner]) } })).toContain('- leaf');
  });

  it('pretty JSON is JSON.stringify(value, null, 2) for normal data, and cut off with a placeholder when too deep', () => {
    const normal = { a: [1, { b: 'c' }], d: null };
    expect(prettyJson(normal)).toBe(JSON.stringify(normal, null, 2));
    const deep = prettyJson(nested(100_000, (inner) => [inner]));
    expect(deep).toContain('"[nested too deep to show]"');
    expect(deep.split('\n').length).toBeLessThan(200);
  });
});
