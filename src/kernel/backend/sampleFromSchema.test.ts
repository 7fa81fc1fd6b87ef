import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { ContractSchema } from '../contractSchema';
import { schemaBoundsProblem } from '../schemaBounds';
import { SAMPLE_LIMITS, sampleFromSchema, SampleTooLargeError } from './sampleFromSchema';

/*
 * The sample answerer's byte budget: the gateway in sample mode sends what
 * this builds, so its size must be bounded whatever schema a caller writes.
 */

/** The gateway's default request body limit (STUDYFORGE_MAX_TEXT_BYTES). */
const BODY_LIMIT = 256 * 1024;

const bytesOf = (value: unknown) => Buffer.byteLength(JSON.stringify(value));

/** The request that carries a schema, as its bytes on the wire. */
const requestBytes = (schema: ContractSchema) => Buffer.byteLength(JSON.stringify({ contents: 'x', config: { responseSchema: schema } }));

/** Arrays of the given minItems nested in each other, under one property of the given name. */
function underName(name: string, counts: readonly number[]): ContractSchema {
  let inner: ContractSchema = { type: 'STRING' };
  for (const count of [...counts].reverse()) inner = { type: 'ARRAY', minItems: count, items: inner };
  return { type: 'OBJECT', properties: { [name]: inner } };
}

/** Builds the sample, or says it was refused (and refused only with SampleTooLargeError). */
function attempt(schema: ContractSchema, maxBytes = SAMPLE_LIMITS.maxBytes): { value: unknown } | 'refused' {
  try {
    return { value: sampleFromSchema(schema, 'Sample', { ...SAMPLE_LIMITS, maxBytes }) };
  } catch (error) {
    expect(error).toBeInstanceOf(SampleTooLargeError);
    return 'refused';
  }
}

describe('the sample answer is bounded in bytes', () => {
  it('refuses the 261 KB property-name bomb (418 MB once built) before building more than its first string', () => {
    let stringsAsked = 0;
    const leaf: ContractSchema = { type: 'STRING' };
    // Counts each time the answerer reads the leaf's type, i.e. starts a string.
    const counted = new Proxy(leaf, { get: (target, key) => (key === 'type' && (stringsAsked += 1), Reflect.get(target, key)) });
    const bomb: ContractSchema = { type: 'OBJECT', properties: { ['k'.repeat(261_000)]: { type: 'ARRAY', minItems: 200, items: { type: 'ARRAY', minItems: 8, items: counted } } } };
    expect(requestBytes(bomb)).toBeLessThan(BODY_LIMIT + 10_000);
    stringsAsked = 0;
    expect(() => sampleFromSchema(bomb)).toThrow(/larger than 256 KB/);
    expect(stringsAsked).toBe(1);
  });

  it('builds what fits its budget exactly: names, enum values, escapes and numbers counted as JSON writes them', () => {
    const schema: ContractSchema = {
      type: 'OBJECT',
      properties: {
        'naïve "quoted"\n\u0001': { type: 'ARRAY', minItems: 2, items: { type: 'STRING' } },
        emoji: { type: 'STRING', enum: ['\u{1F600} caf\u00e9 \ud800 \\'] },
        score: { type: 'NUMBER', minimum: -1.5e-7 },
        done: { type: 'BOOLEAN' },
        none: { type: 'ARRAY', maxItems: 0, items: { type: 'STRING' } },
        empty: { type: 'OBJECT', properties: {} },
      },
    };
    const answer = sampleFromSchema(schema);
    const size = bytesOf(answer);
    expect(attempt(schema, size)).toEqual({ value: answer });
    expect(attempt(schema, size - 1)).toBe('refused');
  });

  it('answers the registry\u2019s sizes as before, and a long but allowed name many times over', () => {
    expect(sampleFromSchema(underName('cards', [8]))).toEqual({ cards: Array.from({ length: 8 }, (_, i) => `cards ${i + 1} text`) });
    const allowed = underName('n'.repeat(100), [200, 8]);
    expect(schemaBoundsProblem(allowed)).toBeUndefined();
    expect(bytesOf(sampleFromSchema(allowed))).toBeLessThanOrEqual(SAMPLE_LIMITS.maxBytes);
  });
});

/* ---- random schemas within the request body limit ---- */

/** Any UTF-16 code unit, lone surrogates and control characters included: the costliest characters to write as JSON. */
const anyUnit = fc.integer({ min: 0, max: 0xffff }).map((unit) => String.fromCharCode(unit));
const text = fc.oneof(fc.string({ maxLength: 12 }), fc.string({ unit: anyUnit, maxLength: 120 }), fc.nat({ max: 300 }).map((n) => 'k'.repeat(n)));
/** Mostly small counts, so many answers get built; sometimes the largest allowed. */
const itemCount = fc.option(fc.oneof(fc.nat({ max: 4 }), fc.nat({ max: 200 })), { nil: undefined });

const { schema } = fc.letrec<{ schema: ContractSchema; leaf: ContractSchema; array: ContractSchema; object: ContractSchema }>((tie) => ({
  schema: fc.oneof({ depthSize: 'small', maxDepth: 7 }, tie('leaf'), tie('array'), tie('object')),
  leaf: fc.oneof(
    fc.constant<ContractSchema>({ type: 'STRING' }),
    fc.array(text, { minLength: 1, maxLength: 3 }).map((values): ContractSchema => ({ type: 'STRING', enum: values })),
    fc.double().map((minimum): ContractSchema => ({ type: 'NUMBER', minimum })),
    fc.constant<ContractSchema>({ type: 'BOOLEAN' }),
  ),
  array: fc.record({ minItems: itemCount, maxItems: itemCount, items: tie('schema') }).map(({ minItems, maxItems, items }): ContractSchema => ({
    type: 'ARRAY',
    items,
    ...(minItems !== undefined ? { minItems } : {}),
    ...(maxItems !== undefined ? { maxItems } : {}),
  })),
  object: fc
    .array(fc.tuple(text, tie('schema')), { maxLength: 6 })
    .map((entries): ContractSchema => ({ type: 'OBJECT', properties: Object.fromEntries(entries) })),
}));

/** The attack's shape: one long name over nested arrays, at any size the body limit lets through. */
const longNameBomb = fc
  .record({ nameLength: fc.nat({ max: 250_000 }), counts: fc.array(fc.integer({ min: 1, max: 200 }), { minLength: 1, maxLength: 3 }) })
  .map(({ nameLength, counts }) => underName('k'.repeat(nameLength), counts));

describe('random schemas within the request body limit', () => {
  it('never make a sample answer over its byte budget, and the budget counts exactly the bytes sent', () => {
    fc.assert(
      fc.property(fc.oneof(schema, longNameBomb), (random) => {
        fc.pre(requestBytes(random) <= BODY_LIMIT);
        const result = attempt(random);
        if (result === 'refused') return;
        const size = bytesOf(result.value);
        expect(size).toBeLessThanOrEqual(SAMPLE_LIMITS.maxBytes);
        expect(attempt(random, size)).not.toBe('refused');
        expect(attempt(random, size - 1)).toBe('refused');
      }),
      { numRuns: 300 },
    );
  });
});
