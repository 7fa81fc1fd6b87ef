import { describe, expect, it } from 'vitest';
import { sampleFromSchema, SampleTooLargeError } from './backend/sampleFromSchema';
import type { ContractSchema } from './contractSchema';
import { SCHEMA_LIMITS, schemaBoundsProblem } from './schemaBounds';

function nested(levels: number, minItems = 1): ContractSchema {
  let schema: ContractSchema = { type: 'STRING' };
  for (let i = 0; i < levels; i++) schema = { type: 'ARRAY', minItems, items: schema };
  return schema;
}

const strings = (count: number, length = 5) => Array.from({ length: count }, (_, i) => `${i}`.padEnd(length, 'x'));

describe('response schema bounds', () => {
  it('accepts a schema of the size tools use', () => {
    const schema: ContractSchema = {
      type: 'OBJECT',
      properties: { cards: { type: 'ARRAY', minItems: 8, maxItems: 12, items: { type: 'OBJECT', properties: { front: { type: 'STRING' }, back: { type: 'STRING' } } } } },
      required: ['cards'],
    };
    expect(schemaBoundsProblem(schema)).toBeUndefined();
  });

  it.each([
    ['nesting', nested(13), /nested deeper than 12 levels/],
    ['minItems', { type: 'ARRAY', minItems: 201, items: { type: 'STRING' } }, /minItems is 201; the limit is 200/],
    ['maxItems', { type: 'ARRAY', maxItems: 10_000, items: { type: 'STRING' } }, /maxItems is 10000/],
    ['minItems above maxItems', { type: 'ARRAY', minItems: 5, maxItems: 3, items: { type: 'STRING' } }, /minItems \(5\) is above maxItems \(3\)/],
    ['enum size', { type: 'STRING', enum: strings(101) }, /enum has 101 values; the limit is 100/],
    ['enum value length', { type: 'STRING', enum: ['x'.repeat(201)] }, /longer than 200 characters/],
    ['description', { type: 'STRING', description: 'x'.repeat(1_001) }, /description is longer than 1000/],
    ['properties', { type: 'OBJECT', properties: Object.fromEntries(strings(101).map((k) => [k, { type: 'STRING' }])) }, /101 properties; the limit is 100/],
    ['property name length', { type: 'OBJECT', properties: { ['k'.repeat(101)]: { type: 'STRING' } } }, /a property name is 101 characters long \("k{20}…"\); the limit is 100/],
    ['answer size', nested(2, 100), /more than 2000 values/],
  ] as const)('refuses a schema past the %s limit, naming the place and the limit', (_name, schema, message) => {
    expect(schemaBoundsProblem(schema)).toMatch(message);
  });

  it('refuses too many schemas in all, even when each object is within its own limits', () => {
    const wide = (depth: number): ContractSchema =>
      depth === 0 ? { type: 'STRING' } : { type: 'OBJECT', properties: Object.fromEntries(strings(9).map((k) => [k, wide(depth - 1)])) };
    expect(schemaBoundsProblem(wide(3))).toMatch(/more than 500 schemas/);
  });

  it('names where the problem is', () => {
    const schema = { type: 'OBJECT', properties: { quiz: { type: 'ARRAY', minItems: 999, items: { type: 'STRING' } } } };
    expect(schemaBoundsProblem(schema)).toMatch(/^responseSchema\.properties\.quiz: minItems is 999/);
  });

  it('reads a schema 100,000 levels deep without overflowing the stack', () => {
    let raw = '{"type":"STRING"}';
    raw = `${'{"type":"ARRAY","items":'.repeat(100_000)}${raw}${'}'.repeat(100_000)}`;
    expect(schemaBoundsProblem(JSON.parse(raw))).toMatch(/nested deeper than 12 levels/);
  });

  it('ignores shapes it does not understand (the schema validator reports those)', () => {
    expect(schemaBoundsProblem('not a schema')).toBeUndefined();
    expect(schemaBoundsProblem({ type: 'ARRAY', items: [1, 2] })).toBeUndefined();
  });
});

describe('the sample answerer budget', () => {
  it('builds what fits and refuses what asks for more than the budget', () => {
    expect(sampleFromSchema(nested(2, 3))).toEqual([
      ['Sample 1 1 text', 'Sample 1 2 text', 'Sample 1 3 text'],
      ['Sample 2 1 text', 'Sample 2 2 text', 'Sample 2 3 text'],
      ['Sample 3 1 text', 'Sample 3 2 text', 'Sample 3 3 text'],
    ]);
    // What the attack sent: 10^9 strings in 185 bytes. Refused at once, nothing built.
    expect(() => sampleFromSchema(nested(3, 1000))).toThrow(SampleTooLargeError);
    expect(() => sampleFromSchema(nested(SCHEMA_LIMITS.maxDepth + 1))).toThrow(/deeper than 12/);
  });
});
