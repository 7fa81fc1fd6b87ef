/* The providers' JSON Schema conversion on schemas the kernel builds from zod: it crosses both rooms, so it lives in tooling/. */
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { toContractSchema, type ContractSchema } from '../src/kernel/contractSchema';
import { fromProviderAnswer, toJsonSchema, toProviderJsonSchema } from '../src/providers/jsonSchema';

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

describe('toProviderJsonSchema and fromProviderAnswer (O2 and O3)', () => {
  const optional: ContractSchema = {
    type: 'OBJECT',
    properties: { a: { type: 'STRING' }, b: { type: 'INTEGER', minimum: 1 }, c: { type: 'OBJECT', properties: { d: { type: 'BOOLEAN' } } } },
    required: ['a'],
  };

  it('non-strict: the plain schema; an object root stays as it is', () => {
    const plan = toProviderJsonSchema(optional, { strict: false, objectRoot: true });
    expect(plan.wrapped).toBe(false);
    expect(plan.stripsNulls).toBe(false);
    expect(plan.schema).toEqual(toJsonSchema(optional));
    expect(fromProviderAnswer('{"a":"x"}', plan)).toBe('{"a":"x"}');
  });

  it('wraps a non-object root when the host wants an object, and unwraps the answer', () => {
    const list: ContractSchema = { type: 'ARRAY', items: { type: 'STRING' }, maxItems: 3 };
    const plan = toProviderJsonSchema(list, { strict: false, objectRoot: true });
    expect(plan.schema).toEqual({ type: 'object', properties: { items: { type: 'array', items: { type: 'string' }, maxItems: 3 } }, required: ['items'], additionalProperties: false });
    expect(fromProviderAnswer('{"items":["a","b"]}', plan)).toBe('["a","b"]');
    // Not the wrapped shape: left for the caller's validation.
    expect(fromProviderAnswer('["a"]', plan)).toBe('["a"]');
    expect(fromProviderAnswer('nope', plan)).toBe('nope');
    expect(toProviderJsonSchema(list, { strict: false, objectRoot: false }).schema).toEqual(toJsonSchema(list));
  });

  it('strict: additionalProperties false on every object, every property required, optional ones nullable; nulls stripped', () => {
    const plan = toProviderJsonSchema(optional, { strict: true, objectRoot: true });
    expect(plan.schema).toEqual({
      type: 'object',
      properties: {
        a: { type: 'string' },
        b: { type: ['integer', 'null'], minimum: 1 },
        c: { type: ['object', 'null'], properties: { d: { type: ['boolean', 'null'] } }, required: ['d'], additionalProperties: false },
      },
      required: ['a', 'b', 'c'],
      additionalProperties: false,
    });
    expect(plan.stripsNulls).toBe(true);
    expect(JSON.parse(fromProviderAnswer('{"a":null,"b":null,"c":{"d":null}}', plan))).toEqual({ a: null, c: {} });
  });

  it("leaves Ollama's converter (toJsonSchema) keyword for keyword", () => {
    expect(toJsonSchema(optional)).toEqual({
      type: 'object',
      properties: { a: { type: 'string' }, b: { type: 'integer', minimum: 1 }, c: { type: 'object', properties: { d: { type: 'boolean' } } } },
      required: ['a'],
    });
  });
});
