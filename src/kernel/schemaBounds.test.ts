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
    ['nesting', nested(10), /nests more than 10 levels.*providers accept at most 10/],
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
    expect(schemaBoundsProblem(JSON.parse(raw))).toMatch(/nests more than 10 levels/);
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
    expect(() => sampleFromSchema(nested(SCHEMA_LIMITS.maxDepth + 1))).toThrow(new RegExp(`deeper than ${SCHEMA_LIMITS.maxDepth}`));
  });
});

/** `levels` objects, each the only property of the one above: the root is level 1. */
function nestedObjects(levels: number): ContractSchema {
  let schema: ContractSchema = { type: 'STRING' };
  for (let i = 1; i < levels; i++) schema = { type: 'OBJECT', properties: { inner: schema }, required: ['inner'] };
  return schema;
}

/** An object whose properties are each a string enum of `values` values of `length` characters. */
function enums(properties: number, values: number, length = 5): ContractSchema {
  return { type: 'OBJECT', properties: Object.fromEntries(Array.from({ length: properties }, (_, i) => [`p${i}`, { type: 'STRING', enum: strings(values, length) }])) };
}

describe('the strictest limits a provider documents (OpenAI structured outputs)', () => {
  it('accepts 10 levels of nesting and refuses 11, saying how many levels providers accept', () => {
    expect(schemaBoundsProblem(nestedObjects(10))).toBeUndefined();
    expect(schemaBoundsProblem(nestedObjects(11))).toMatch(/the answer format nests more than 10 levels.*providers accept at most 10\.$/);
  });

  it('counts the object a non-object root is wrapped in: an array root may nest one level less', () => {
    expect(schemaBoundsProblem(nested(8))).toBeUndefined(); // 9 levels, 10 once wrapped
    expect(schemaBoundsProblem(nested(9))).toMatch(/nests more than 10 levels/); // 10 levels, 11 once wrapped
  });

  it('accepts 1000 enum values across the schema and refuses 1001, though every enum keeps its own limit', () => {
    expect(schemaBoundsProblem(enums(10, 100))).toBeUndefined();
    const over = enums(10, 100);
    over.properties = { ...over.properties, last: { type: 'STRING', enum: ['one more'] } };
    expect(schemaBoundsProblem(over)).toMatch(/more than 1000 enum values in all; providers accept at most 1000/);
  });

  it('refuses more than 120,000 characters of property names and enum values in all', () => {
    expect(schemaBoundsProblem(enums(5, 100, 200))).toBeUndefined(); // 100,000 characters of values, 10 of names
    expect(schemaBoundsProblem(enums(7, 100, 200))).toMatch(/property names and enum values come to more than 120000 characters/);
  });
});
