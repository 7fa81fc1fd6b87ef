import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { toContractSchema, type ContractSchema } from '../contractSchema';
import { toJsonSchema } from './jsonSchema';

describe('toJsonSchema', () => {
  it('lower-cases every type and keeps every keyword, however deep', () => {
    const contract: ContractSchema = {
      type: 'OBJECT',
      description: 'A quiz',
      properties: {
        title: { type: 'STRING' },
        questions: {
          type: 'ARRAY',
          minItems: 3,
          maxItems: 10,
          items: {
            type: 'OBJECT',
            properties: {
              prompt: { type: 'STRING', description: 'The question' },
              kind: { type: 'STRING', enum: ['mcq', 'short'] },
              points: { type: 'INTEGER', minimum: 1, maximum: 5 },
              weight: { type: 'NUMBER', minimum: 0 },
              bonus: { type: 'BOOLEAN' },
            },
            required: ['prompt', 'kind'],
          },
        },
      },
      required: ['title', 'questions'],
    };
    expect(toJsonSchema(contract)).toEqual({
      type: 'object',
      description: 'A quiz',
      properties: {
        title: { type: 'string' },
        questions: {
          type: 'array',
          minItems: 3,
          maxItems: 10,
          items: {
            type: 'object',
            properties: {
              prompt: { type: 'string', description: 'The question' },
              kind: { type: 'string', enum: ['mcq', 'short'] },
              points: { type: 'integer', minimum: 1, maximum: 5 },
              weight: { type: 'number', minimum: 0 },
              bonus: { type: 'boolean' },
            },
            required: ['prompt', 'kind'],
          },
        },
      },
      required: ['title', 'questions'],
    });
  });

  it('adds nothing that was not there, and leaves its input alone', () => {
    const contract: ContractSchema = { type: 'ARRAY', items: { type: 'STRING', enum: ['a'] } };
    const before = structuredClone(contract);
    const out = toJsonSchema(contract);
    expect(out).toEqual({ type: 'array', items: { type: 'string', enum: ['a'] } });
    expect(Object.keys(out)).toEqual(['type', 'items']);
    expect(contract).toEqual(before);
    out.items?.enum?.push('b');
    expect(contract.items?.enum).toEqual(['a']);
  });

  it("matches zod's own JSON Schema for a tool's result schema", () => {
    const result = z.object({ thesis: z.string().describe('One line'), points: z.array(z.string()).min(2), score: z.number().int().min(0).max(10) });
    const native = z.toJSONSchema(result, { io: 'input' }) as Record<string, unknown>;
    const ours = toJsonSchema(toContractSchema(result));
    expect(ours).toEqual({
      type: 'object',
      properties: {
        thesis: { type: 'string', description: 'One line' },
        points: { type: 'array', items: { type: 'string' }, minItems: 2 },
        score: { type: 'integer', minimum: 0, maximum: 10 },
      },
      required: ['thesis', 'points', 'score'],
    });
    expect(native.type).toBe(ours.type);
    expect(native.required).toEqual(ours.required);
  });
});
