import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ContractSchemaError, toContractSchema } from './contractSchema';

/*
 * Why this test exists: zod-to-json-schema 3.x silently returns {} for zod 4
 * schemas. We convert with zod 4's own z.toJSONSchema; these assertions fail
 * loudly if a conversion ever loses properties, required keys or counts.
 */

describe('toContractSchema', () => {
  const essay = z.object({
    thesis: z.string().describe('Thesis'),
    structure: z.array(z.string()).min(3).max(8),
    introParagraph: z.string(),
  });

  it('keeps every property, in order, with upper-case types and required keys', () => {
    const schema = toContractSchema(essay);
    expect(schema.type).toBe('OBJECT');
    expect(Object.keys(schema.properties ?? {})).toEqual(['thesis', 'structure', 'introParagraph']);
    expect(schema.required).toEqual(['thesis', 'structure', 'introParagraph']);
    expect(schema.properties?.thesis).toEqual({ type: 'STRING', description: 'Thesis' });
    expect(schema.properties?.structure).toEqual({ type: 'ARRAY', items: { type: 'STRING' }, minItems: 3, maxItems: 8 });
  });

  it('keeps exact counts from .length(), enums, integers and nested objects', () => {
    const quiz = z
      .array(
        z.object({
          question: z.string(),
          options: z.array(z.string()).length(4),
          difficulty: z.enum(['Easy', 'Medium', 'Hard']),
          points: z.number().int().min(1),
          followUp: z.object({ difficulty: z.literal('Easy'), ok: z.boolean() }),
        }),
      )
      .length(5);
    const schema = toContractSchema(quiz);
    expect(schema).toMatchObject({ type: 'ARRAY', minItems: 5, maxItems: 5 });
    const item = schema.items;
    expect(Object.keys(item?.properties ?? {})).toHaveLength(5);
    expect(item?.properties?.options).toMatchObject({ type: 'ARRAY', minItems: 4, maxItems: 4 });
    expect(item?.properties?.difficulty).toEqual({ type: 'STRING', enum: ['Easy', 'Medium', 'Hard'] });
    // zod's safe-integer bounds say nothing to a model and are dropped; real bounds stay.
    expect(item?.properties?.points).toEqual({ type: 'INTEGER', minimum: 1 });
    expect(item?.properties?.followUp).toEqual({
      type: 'OBJECT',
      properties: { difficulty: { type: 'STRING', enum: ['Easy'] }, ok: { type: 'BOOLEAN' } },
      required: ['difficulty', 'ok'],
    });
  });

  it('leaves optional properties out of required, and omits an empty required list', () => {
    const schema = toContractSchema(z.object({ acronym: z.string().optional(), rhyme: z.string().optional() }));
    expect(Object.keys(schema.properties ?? {})).toEqual(['acronym', 'rhyme']);
    expect(schema.required).toBeUndefined();
  });

  it('uses only the contract vocabulary', () => {
    const text = JSON.stringify(toContractSchema(essay));
    expect(text).not.toMatch(/\$schema|additionalProperties|"string"|"object"|"array"/);
  });

  it('rejects what the contract cannot express, naming the path', () => {
    expect(() => toContractSchema(z.object({ a: z.union([z.string(), z.number()]) }))).toThrow(/at a: type/);
    expect(() => toContractSchema(z.object({ a: z.union([z.object({ x: z.string() }), z.object({ y: z.string() })]) }))).toThrow(
      /at a: "anyOf" cannot be expressed/,
    );
    expect(() => toContractSchema(z.object({ a: z.object({ b: z.string().nullable() }) }))).toThrow(/a\.b/);
    expect(() => toContractSchema(z.record(z.string(), z.string()))).toThrow(ContractSchemaError);
    expect(() => toContractSchema(z.object({ t: z.tuple([z.string(), z.number()]) }))).toThrow(ContractSchemaError);
  });
});
