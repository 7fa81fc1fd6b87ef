import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOpenAICompatibleProvider } from './openaiCompatible';
import type { ContractSchema } from './schema';
import { startFakeOpenAI, type FakeProviderServer } from './testing/fakeProviders';
import { OPENAI_STRUCTURED_LIMITS } from './testing/fakes/openaiRequest';

/*
 * The strict OpenAI fake holds structured output to OpenAI's documented
 * limits (10 levels of nesting, 1000 enum values in all: see
 * fakes/openaiRequest.ts), counted on the schema as sent, after the adapter
 * wraps a non-object root. These are the limits the gateway's schema bounds
 * (src/kernel/schemaBounds.ts) refuse past, so a schema the gateway lets
 * through is one this fake, like OpenAI, takes.
 */

const KEY = 'sk-limits-0123456789abcdef';
let fake: FakeProviderServer;
beforeAll(async () => {
  fake = await startFakeOpenAI({ apiKey: KEY, model: 'gpt-limits', flavour: 'openai', script: [{ kind: 'text', text: '{}' }] });
});
afterAll(async () => fake.close());

const openai = () => createOpenAICompatibleProvider({ baseUrl: fake.baseUrl, apiKey: KEY, model: 'gpt-limits', setup: 'openai' });

function nestedObjects(levels: number): ContractSchema {
  let schema: ContractSchema = { type: 'STRING' };
  for (let i = 1; i < levels; i++) schema = { type: 'OBJECT', properties: { inner: schema }, required: ['inner'] };
  return schema;
}

function nestedArrays(levels: number): ContractSchema {
  let schema: ContractSchema = { type: 'STRING' };
  for (let i = 1; i < levels; i++) schema = { type: 'ARRAY', items: schema };
  return schema;
}

async function problemsOf(schema: ContractSchema): Promise<string[]> {
  fake.reset();
  await openai().generate({ prompt: 'Answer in JSON.', schema }).catch(() => undefined);
  return fake.exchanges[0]?.problems ?? ['no request'];
}

describe('the strict OpenAI fake enforces the documented structured-output limits', () => {
  it(`takes ${OPENAI_STRUCTURED_LIMITS.maxDepth} levels of nesting and refuses one more, as a 400 the adapter reports as a refusal`, async () => {
    expect(await problemsOf(nestedObjects(10))).toEqual([]);
    expect((await problemsOf(nestedObjects(11))).join()).toMatch(/nests 11 levels, more than the 10 allowed/);
    await expect(openai().generate({ prompt: 'Answer in JSON.', schema: nestedObjects(11) })).rejects.toThrow(/refused the request \(status 400\)/);
  });

  it('counts the object a non-object root is wrapped in', async () => {
    expect(await problemsOf(nestedArrays(9))).toEqual([]);
    expect((await problemsOf(nestedArrays(10))).join()).toMatch(/nests 11 levels/);
  });

  it('refuses more than 1000 enum values across the schema', async () => {
    const enums = (count: number): ContractSchema => ({
      type: 'OBJECT',
      properties: Object.fromEntries(Array.from({ length: count }, (_, i) => [`p${i}`, { type: 'STRING', enum: Array.from({ length: 100 }, (_, j) => `v${j}`) }])),
      required: Array.from({ length: count }, (_, i) => `p${i}`),
    });
    expect(await problemsOf(enums(10))).toEqual([]);
    expect((await problemsOf(enums(11))).join()).toMatch(/1100 enum values in all, more than the 1000 allowed/);
  });
});
