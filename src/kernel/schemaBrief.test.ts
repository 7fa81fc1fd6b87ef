import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { toContractSchema } from './contractSchema';
import { MAX_BRIEF_LENGTH, schemaBrief, withSchemaBrief } from './schemaBrief';

const brief = (schema: z.ZodType, maxLength?: number) => schemaBrief(toContractSchema(schema), maxLength);

describe('schemaBrief', () => {
  it('states every key of an object once, with its type and its list counts', () => {
    const text = brief(
      z.object({
        thesis: z.string(),
        structure: z.array(z.string()).min(3).max(8),
        score: z.number().int().min(1).max(10),
        ratio: z.number(),
        final: z.boolean(),
      }),
    );
    expect(text).toBe(
      [
        'Answer format: reply with only JSON, an object with these keys:',
        'Every key is required unless marked optional; use exactly these key names and no others.',
        '- `thesis`: text',
        '- `structure`: a list of 3 to 8 texts',
        '- `score`: a whole number from 1 to 10',
        '- `ratio`: a number',
        '- `final`: true or false',
      ].join('\n'),
    );
  });

  it('says exact, open-ended and possibly empty counts in words', () => {
    const text = brief(
      z.object({
        five: z.array(z.string()).length(5),
        some: z.array(z.string()).min(2),
        few: z.array(z.string()).max(4),
        any: z.array(z.string()),
      }),
    );
    expect(text).toContain('- `five`: a list of exactly 5 texts');
    expect(text).toContain('- `some`: a list of at least 2 texts');
    expect(text).toContain('- `few`: a list of up to 4 texts (may be empty)');
    expect(text).toContain('- `any`: a list of any number of texts (may be empty)');
  });

  it('describes nested objects and lists of objects, indented under their key', () => {
    const text = brief(
      z.object({
        structure: z
          .array(z.object({ heading: z.string().describe('The section, e.g. "Introduction"'), points: z.array(z.string()).min(2).max(4) }))
          .min(3)
          .max(8)
          .describe('The sections in order'),
        meta: z.object({ level: z.string() }),
      }),
    );
    expect(text).toContain(
      [
        '- `structure`: a list of 3 to 8 objects — The sections in order, each with these keys:',
        '  - `heading`: text — The section, e.g. "Introduction"',
        '  - `points`: a list of 2 to 4 texts',
        '- `meta`: an object with these keys:',
        '  - `level`: text',
      ].join('\n'),
    );
  });

  it('answers a list at the top level, and lists of lists', () => {
    expect(brief(z.array(z.object({ q: z.string(), a: z.string() })).min(8).max(12))).toBe(
      [
        'Answer format: reply with only JSON, a list of 8 to 12 objects, each with these keys:',
        'Every key is required unless marked optional; use exactly these key names and no others.',
        '- `q`: text',
        '- `a`: text',
      ].join('\n'),
    );
    expect(brief(z.array(z.string()).min(3).max(5))).toBe('Answer format: reply with only JSON, a list of 3 to 5 texts.');
    expect(brief(z.object({ grid: z.array(z.array(z.number()).length(3)).length(3) }))).toContain(
      '- `grid`: a list of exactly 3 lists, each a list of exactly 3 numbers',
    );
  });

  it('lists enum values', () => {
    const text = brief(z.object({ type: z.enum(['work', 'break']), level: z.enum(['Easy', 'Medium', 'Hard']), tags: z.array(z.enum(['a', 'b'])).max(2) }));
    expect(text).toContain('- `type`: one of "work" or "break"');
    expect(text).toContain('- `level`: one of "Easy", "Medium" or "Hard"');
    expect(text).toContain('- `tags`: a list of up to 2 texts, each one of "a" or "b" (may be empty)');
  });

  it('marks optional keys, and only those', () => {
    const text = brief(z.object({ acronym: z.string().optional(), story: z.string() }));
    expect(text).toContain('- `acronym` (optional: leave it out if it does not apply): text');
    expect(text).toContain('- `story`: text');
    expect(text.match(/optional:/g)).toHaveLength(1);
  });

  it('carries descriptions from .describe() and .meta(), but not one that only restates the key', () => {
    const text = brief(
      z.object({
        thesis: z.string().describe('Thesis'),
        introParagraph: z.string().describe('A ready-to-use opening paragraph that ends with the thesis'),
        readingLink: z.string().meta({ description: 'A bare https:// URL of a stable encyclopedia page' }),
      }),
    );
    expect(text).toContain('- `thesis`: text\n');
    expect(text).toContain('- `introParagraph`: text — A ready-to-use opening paragraph that ends with the thesis');
    expect(text).toContain('- `readingLink`: text — A bare https:// URL of a stable encyclopedia page');
  });

  it('stays within its length bound: long descriptions go first, then all of them, then the tail is cut with a note', () => {
    const long = 'x'.repeat(400);
    const wide = z.object(Object.fromEntries(Array.from({ length: 20 }, (_, i) => [`key${i}`, z.string().describe(long)])));
    const full = brief(wide, 100_000);
    expect(full).toContain(long);

    const shortened = brief(wide, 4_000);
    expect(shortened.length).toBeLessThanOrEqual(4_000);
    expect(shortened).not.toContain(long);
    expect(shortened).toContain('- `key19`: text — xxx');
    expect(shortened).toContain('…');

    const bare = brief(wide, 1_000);
    expect(bare.length).toBeLessThanOrEqual(1_000);
    expect(bare).toContain('- `key19`: text\n'.trim());
    expect(bare).not.toContain('xxx');

    const cut = brief(wide, 300);
    expect(cut.length).toBeLessThanOrEqual(300);
    expect(cut).toMatch(/cut short: the attached response schema has the rest\)$/);
    expect(cut).toContain('- `key0`: text');

    const huge = z.object(Object.fromEntries(Array.from({ length: 100 }, (_, i) => [`k${i}`, z.array(z.object({ a: z.string(), b: z.string() })).max(5)])));
    expect(brief(huge).length).toBeLessThanOrEqual(MAX_BRIEF_LENGTH);
  });

  it('is appended after the prompt', () => {
    expect(withSchemaBrief('Write a plan.', toContractSchema(z.object({ plan: z.string() })))).toMatch(/^Write a plan\.\n\nAnswer format: reply with only JSON, an object with these keys:/);
  });
});
