import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { toContractSchema } from './contractSchema';
import { humanize, labelOf, resultAsText } from './resultText';

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
