import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { ContractSchema } from './schema';
import { startFakeOpenAI, type FakeProviderServer } from './testing/fakeProviders';
import { providerMessages } from './errors';
import { createOpenAICompatibleProvider } from './openaiCompatible';
import { KEY, schema } from './testing/openaiTestData';

/* The OpenAI-compatible adapter, continued from openaiCompatible.test.ts. */

/*
 * The adapter against fakes as strict as the real hosts (findings
 * O1-O4, R1, R2, P1 in /work/shared/findings/provider-conformance.md). Each of
 * these failed on the adapter of commit 87cd37d.
 */
describe('the documented rules of each host', () => {
  const rootArray: ContractSchema = {
    type: 'ARRAY',
    minItems: 1,
    items: { type: 'OBJECT', properties: { term: { type: 'STRING' }, definition: { type: 'STRING' } }, required: ['term', 'definition'] },
  };
  const withOptional: ContractSchema = {
    type: 'OBJECT',
    properties: {
      word: { type: 'STRING' },
      hint: { type: 'STRING' },
      level: { type: 'STRING', enum: ['easy', 'hard'] },
      parts: { type: 'ARRAY', items: { type: 'OBJECT', properties: { a: { type: 'STRING' }, note: { type: 'STRING' } }, required: ['a'] } },
    },
    required: ['word', 'parts'],
  };
  const collect = async (iterable: AsyncIterable<string>): Promise<string[]> => {
    const out: string[] = [];
    for await (const delta of iterable) out.push(delta);
    return out;
  };

  describe('OpenAI (api.openai.com)', () => {
    let server: FakeProviderServer;
    beforeAll(async () => {
      server = await startFakeOpenAI({ apiKey: KEY, model: 'gpt-4o-mini', chunkDelayMs: 2, flavour: 'openai' });
    });
    afterAll(() => server.close());
    beforeEach(() => server.reset());
    const provider = () => createOpenAICompatibleProvider({ baseUrl: server.baseUrl, apiKey: KEY, model: 'gpt-4o-mini', setup: 'openai' });

    it('O2: a root array is sent wrapped in an object and the answer unwrapped, whole and streamed', async () => {
      const answer = '{"items":[{"term":"cell","definition":"the unit of life"},{"term":"atom","definition":"a {small} thing"}]}';
      server.script({ kind: 'text', text: answer, chunks: ['{"it', 'ems":', ' [{"term":"cell","definition":"the unit of life"}', ',{"term":"atom","definition":"a {small} thing"}]', '}'] });
      await expect(provider().generate({ prompt: 'Terms', schema: rootArray })).resolves.toBe('[{"term":"cell","definition":"the unit of life"},{"term":"atom","definition":"a {small} thing"}]');
      const deltas = await collect(provider().stream({ prompt: 'Terms', schema: rootArray }));
      expect(JSON.parse(deltas.join(''))).toEqual([{ term: 'cell', definition: 'the unit of life' }, { term: 'atom', definition: 'a {small} thing' }]);
      expect(deltas.length).toBeGreaterThan(1);
      for (const exchange of server.exchanges) {
        expect(exchange.problems).toEqual([]);
        const format = (exchange.json as { response_format: { json_schema: { schema: { type: string; required: string[] } } } }).response_format;
        expect(format.json_schema.schema.type).toBe('object');
        expect(format.json_schema.schema.required).toEqual(['items']);
      }
    });

    it('O3: strict schemas: strict true, additionalProperties false, every property required, optional ones nullable and their nulls stripped', async () => {
      server.script({ kind: 'text', text: '{"word":"photosynthesis","hint":null,"level":null,"parts":[{"a":"light","note":null},{"a":"water","note":"H2O"}]}' });
      const text = await provider().generate({ prompt: 'Word', schema: withOptional });
      expect(JSON.parse(text)).toEqual({ word: 'photosynthesis', parts: [{ a: 'light' }, { a: 'water', note: 'H2O' }] });
      const [exchange] = server.exchanges;
      expect(exchange?.problems).toEqual([]);
      expect((exchange?.json as { response_format: unknown }).response_format).toEqual({
        type: 'json_schema',
        json_schema: {
          name: 'result',
          strict: true,
          schema: {
            type: 'object',
            properties: {
              word: { type: 'string' },
              hint: { type: ['string', 'null'] },
              level: { type: ['string', 'null'], enum: ['easy', 'hard', null] },
              parts: {
                type: 'array',
                items: { type: 'object', properties: { a: { type: 'string' }, note: { type: ['string', 'null'] } }, required: ['a', 'note'], additionalProperties: false },
              },
            },
            required: ['word', 'hint', 'level', 'parts'],
            additionalProperties: false,
          },
        },
      });
      // Streamed: the nulls need the whole answer, so it comes as one delta.
      const deltas = await collect(provider().stream({ prompt: 'Word', schema: withOptional }));
      expect(JSON.parse(deltas.join(''))).toEqual({ word: 'photosynthesis', parts: [{ a: 'light' }, { a: 'water', note: 'H2O' }] });
    });

    it('the strict fake rejects what OpenAI rejects: a root array, and a strict schema with optional properties', async () => {
      const legacy = createOpenAICompatibleProvider({ baseUrl: server.baseUrl, apiKey: KEY, model: 'gpt-4o-mini', setup: 'vllm' });
      // vLLM's row sends non-strict schemas; OpenAI still wants an object root, which the row gives.
      server.script({ kind: 'text', text: '{"items":[]}' });
      await expect(legacy.generate({ prompt: 'x', schema: rootArray })).resolves.toBe('[]');
      const raw = await fetch(`${server.baseUrl}/chat/completions`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${KEY}` },
        body: JSON.stringify({ model: 'gpt-4o-mini', messages: [{ role: 'user', content: 'x' }], response_format: { type: 'json_schema', json_schema: { name: 'result', schema: { type: 'array', items: { type: 'string' } }, strict: false } } }),
      });
      expect(raw.status).toBe(400);
      expect(JSON.stringify(await raw.json())).toContain(`schema must be a JSON Schema of 'type: \\"object\\"', got 'type: \\"array\\"'`);
    });

    it('O4: finish_reason length is "cut off" and content_filter "declined", whole and streamed; never "empty answer"', async () => {
      for (const [finishReason, message] of [['length', providerMessages.answerCutOff], ['content_filter', providerMessages.contentFiltered]] as const) {
        server.script({ kind: 'openai', text: '{"word":"pho', finishReason });
        await expect(provider().generate({ prompt: 'x', schema: withOptional })).rejects.toMatchObject({ message, status: 502 });
        await expect(collect(provider().stream({ prompt: 'x' }))).rejects.toMatchObject({ message, status: 502 });
        server.script({ kind: 'openai', text: '', finishReason });
        await expect(collect(provider().stream({ prompt: 'x' }))).rejects.toMatchObject({ message });
      }
      expect(providerMessages.answerCutOff).toBe('The answer was cut off; try a shorter input.');
      expect(providerMessages.contentFiltered).toMatch(/^The AI declined this request: /);
    });

    it('O4: a streamed refusal (delta.refusal) is the model declining, its text only on upstreamDetail', async () => {
      server.script({ kind: 'openai', refusal: "I'm sorry, I can't help with that." });
      const error = await collect(provider().stream({ prompt: 'x', schema: withOptional })).catch((e: unknown) => e);
      expect(error).toMatchObject({ message: providerMessages.declined, upstreamDetail: "I'm sorry, I can't help with that." });
      await expect(provider().generate({ prompt: 'x' })).rejects.toMatchObject({ message: providerMessages.declined });
    });

    it('O1: an `event: error` SSE event is an error, even when its data has no error key', async () => {
      server.script({ kind: 'openai', chunks: ['Half ', 'an '], errorEvent: 'The server had an error while processing your request.' });
      await expect(collect(provider().stream({ prompt: 'x' }))).rejects.toMatchObject({
        message: providerMessages.failedWhileAnswering,
        upstreamDetail: 'The server had an error while processing your request.',
      });
    });

    it('tolerates the usage chunk with choices: [] before [DONE]', async () => {
      server.script({ kind: 'openai', text: 'All good here', usageChunk: true });
      expect((await collect(provider().stream({ prompt: 'x' }))).join('')).toBe('All good here');
    });
  });

  describe('Groq', () => {
    let server: FakeProviderServer;
    beforeAll(async () => {
      server = await startFakeOpenAI({ apiKey: KEY, chunkDelayMs: 2, flavour: 'groq' });
    });
    afterAll(() => server.close());
    beforeEach(() => server.reset());
    const groq = (model: string) => createOpenAICompatibleProvider({ baseUrl: server.baseUrl, apiKey: KEY, model, setup: 'groq' });

    it('R1: a structured request is sent without streaming (strict on gpt-oss) and replayed as one delta', async () => {
      server.script({ kind: 'text', text: '{"items":[{"term":"cell","definition":"unit"}]}' });
      const deltas = await collect(groq('openai/gpt-oss-20b').stream({ prompt: 'Terms', schema: rootArray }));
      expect(deltas).toEqual(['[{"term":"cell","definition":"unit"}]']);
      const [exchange] = server.exchanges;
      expect(exchange?.problems).toEqual([]);
      expect(exchange?.streamed).toBe(false);
      expect((exchange?.json as { response_format: { json_schema: { strict: boolean } } }).response_format.json_schema.strict).toBe(true);
    });

    it('R1: best-effort json_schema (strict false) on the other listed models; text still streams', async () => {
      server.script({ kind: 'text', text: '{"word":"x","parts":[]}' });
      const deltas = await collect(groq('meta-llama/llama-4-scout-17b-16e-instruct').stream({ prompt: 'Word', schema: withOptional }));
      expect(deltas).toEqual(['{"word":"x","parts":[]}']);
      expect(server.exchanges[0]?.problems).toEqual([]);
      expect((server.exchanges[0]?.json as { response_format: { json_schema: { strict: boolean } } }).response_format.json_schema.strict).toBe(false);
      server.script({ kind: 'text', text: 'plain words' });
      expect((await collect(groq('llama-3.3-70b-versatile').stream({ prompt: 'Notes' }))).length).toBeGreaterThan(1);
      expect(server.exchanges[1]?.streamed).toBe(true);
    });

    it('R2: models without json_schema get JSON object mode, the schema in the prompt as data', async () => {
      server.script({ kind: 'text', text: '{"items":[{"term":"cell","definition":"unit"}]}' });
      await expect(groq('llama-3.3-70b-versatile').generate({ prompt: 'Terms', schema: rootArray })).resolves.toBe('[{"term":"cell","definition":"unit"}]');
      const [exchange] = server.exchanges;
      expect(exchange?.problems).toEqual([]);
      const json = exchange?.json as { response_format: unknown; messages: { content: string }[]; stream?: boolean };
      expect(json.response_format).toEqual({ type: 'json_object' });
      expect(json.stream).toBeUndefined();
      expect(json.messages[0]?.content).toMatch(/^Terms\n\nAnswer with one JSON object only/);
      expect(json.messages[0]?.content).toContain('"required":["items"]');
    });

    it('the Groq fake rejects streaming with json_schema, and json_schema on an unlisted model (400)', async () => {
      const post = (body: unknown) =>
        fetch(`${server.baseUrl}/chat/completions`, { method: 'POST', headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${KEY}` }, body: JSON.stringify(body) });
      const format = { type: 'json_schema', json_schema: { name: 'result', schema: { type: 'object', properties: { a: { type: 'string' } } } } };
      expect((await post({ model: 'openai/gpt-oss-20b', messages: [{ role: 'user', content: 'x' }], stream: true, response_format: format })).status).toBe(400);
      expect((await post({ model: 'llama-3.3-70b-versatile', messages: [{ role: 'user', content: 'x' }], response_format: format })).status).toBe(400);
      expect((await post({ model: 'openai/gpt-oss-20b', messages: [{ role: 'user', content: 'x' }], response_format: format })).status).toBe(200);
    });
  });

  describe('OpenRouter', () => {
    let server: FakeProviderServer;
    beforeAll(async () => {
      server = await startFakeOpenAI({ apiKey: KEY, chunkDelayMs: 2, flavour: 'openrouter' });
    });
    afterAll(() => server.close());
    const router = () => createOpenAICompatibleProvider({ baseUrl: server.baseUrl, apiKey: KEY, model: 'openai/gpt-4o-mini', setup: 'openrouter' });

    it('P1: a 200-status error body is the upstream error, not "could not be read"', async () => {
      server.script({ kind: 'openai', errorWith200: { message: 'Provider returned error', code: 502 } });
      await expect(router().generate({ prompt: 'x' })).rejects.toMatchObject({ message: providerMessages.failedWhileAnswering, upstreamDetail: 'Provider returned error' });
    });

    it('streams past ": OPENROUTER PROCESSING" comments; openai/* models get strict, object-root schemas', async () => {
      server.script({ kind: 'openai', text: '{"items":[{"term":"a","definition":"b"}]}' });
      const deltas = await collect(router().stream({ prompt: 'x', schema: rootArray }));
      expect(JSON.parse(deltas.join(''))).toEqual([{ term: 'a', definition: 'b' }]);
      const exchange = server.exchanges.at(-1);
      expect(exchange?.problems).toEqual([]);
      expect((exchange?.json as { response_format: { json_schema: { strict: boolean } } }).response_format.json_schema.strict).toBe(true);
    });
  });
});
