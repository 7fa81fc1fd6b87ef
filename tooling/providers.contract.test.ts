import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { toContractSchema, type ContractSchema } from '../src/kernel/contractSchema';
import type { ToolModule } from '../src/kernel/defineTool';
import { createGeminiProvider } from '../src/providers/gemini';
import { createOllamaProvider, OLLAMA_DEFAULT_NUM_CTX } from '../src/providers/ollama';
import { createOpenAICompatibleProvider } from '../src/providers/openaiCompatible';
import type { SetupId } from '../src/providers/capabilities';
import { derivedValues, modelSchemaOf } from '../src/kernel/runTool';
import { promptFor } from '../src/features/refine/answerWrappers';
import { startFakeGemini, startFakeOllama, startFakeOpenAI, type FakeProviderServer, type OpenAIFlavour } from '../src/providers/testing/fakeProviders';
import { registryFiles } from './registryFiles';

/*
 * Every tool's example request, sent through the OpenAI-compatible
 * adapter to fakes that enforce each host's documented rules (strict OpenAI,
 * Groq with a strict model and with a JSON-object-mode model), answered with
 * the tool's example output as the host would write it. The request must pass
 * the fake's rules, the answer must fit the schema the adapter sent, and the
 * adapter must hand back text that parses to the example output.
 */

// The files the app is built from (tooling/registryFiles.ts).
const entries = await Promise.all(
  registryFiles().map(async ({ file, shown }) => ({ file: shown, tool: ((await import(/* @vite-ignore */ file)) as ToolModule).default })),
);

type Json = Record<string, unknown>;
const isRecord = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);

/** What fits a JSON Schema of the subset the adapter sends (types incl. null unions, enum, required, additionalProperties, items, bounds). */
function schemaProblems(value: unknown, schema: Json, path: string): string[] {
  const types = Array.isArray(schema.type) ? (schema.type as string[]) : [schema.type as string];
  const kind = value === null ? 'null' : Array.isArray(value) ? 'array' : Number.isInteger(value) ? 'integer' : typeof value;
  if (!types.includes(kind) && !(kind === 'integer' && types.includes('number'))) return [`${path}: ${kind} is not ${types.join('|')}`];
  const problems: string[] = [];
  if (Array.isArray(schema.enum) && !schema.enum.includes(value as never)) problems.push(`${path}: not in enum`);
  if (typeof value === 'number') {
    if (typeof schema.minimum === 'number' && value < schema.minimum) problems.push(`${path}: below minimum`);
    if (typeof schema.maximum === 'number' && value > schema.maximum) problems.push(`${path}: above maximum`);
  }
  if (Array.isArray(value)) {
    if (typeof schema.minItems === 'number' && value.length < schema.minItems) problems.push(`${path}: fewer than minItems`);
    if (typeof schema.maxItems === 'number' && value.length > schema.maxItems) problems.push(`${path}: more than maxItems`);
    if (isRecord(schema.items)) value.forEach((item, i) => problems.push(...schemaProblems(item, schema.items as Json, `${path}[${i}]`)));
  }
  if (isRecord(value)) {
    const properties = isRecord(schema.properties) ? schema.properties : {};
    for (const key of (schema.required as string[] | undefined) ?? []) if (!(key in value)) problems.push(`${path}.${key}: required`);
    for (const [key, child] of Object.entries(value)) {
      if (isRecord(properties[key])) problems.push(...schemaProblems(child, properties[key] as Json, `${path}.${key}`));
      else if (schema.additionalProperties === false) problems.push(`${path}.${key}: additional property`);
    }
  }
  return problems;
}

/** The answer a strict host writes: every optional property present, null when the example leaves it out. */
function withNulls(value: unknown, schema: ContractSchema): unknown {
  if (Array.isArray(value)) return schema.items ? value.map((item) => withNulls(item, schema.items as ContractSchema)) : value;
  if (!isRecord(value) || !schema.properties) return value;
  const out: Json = {};
  for (const [key, child] of Object.entries(schema.properties)) out[key] = key in value ? withNulls(value[key], child) : null;
  return out;
}

/** The part of the example output the model writes (the browser computes derived keys). */
function modelOutput(tool: ToolModule['default']): { output: unknown; schema: ContractSchema | undefined; prompt: string } {
  const derived = derivedValues(tool, tool.example.input);
  const asked = modelSchemaOf(tool, derived);
  const prompt = promptFor(tool, tool.example.input);
  if (asked === 'markdown') return { output: tool.example.output, schema: undefined, prompt };
  const schema = toContractSchema(asked as z.ZodType);
  let output: unknown = tool.example.output;
  if (isRecord(output) && schema.properties) output = Object.fromEntries(Object.entries(output).filter(([key]) => key in (schema.properties ?? {})));
  return { output, schema, prompt };
}

/** Pieces of 9 characters: the adapter must unwrap across chunk boundaries. */
const pieces = (text: string): string[] => text.match(/[\s\S]{1,9}/g) ?? [text];

interface Setup {
  name: string;
  flavour: OpenAIFlavour;
  setup: SetupId;
  model: string;
  /** The host writes nulls for optional properties (strict mode). */
  strict: boolean;
}

const setups: Setup[] = [
  { name: 'OpenAI, strict', flavour: 'openai', setup: 'openai', model: 'gpt-4o-mini', strict: true },
  { name: 'Groq gpt-oss, strict, not streamed', flavour: 'groq', setup: 'groq', model: 'openai/gpt-oss-120b', strict: true },
  { name: 'Groq Llama 3.3, JSON object mode', flavour: 'groq', setup: 'groq', model: 'llama-3.3-70b-versatile', strict: false },
];

describe.each(setups)('$name', ({ flavour, setup, model, strict }) => {
  let server: FakeProviderServer;
  beforeAll(async () => {
    server = await startFakeOpenAI({ apiKey: 'sk-contract-0123456789', flavour, chunkDelayMs: 0 });
  });
  afterAll(() => server.close());

  it.each(entries)('$file: the example request passes the documented rules and the example answer comes back', async ({ file, tool }) => {
    const { output, schema, prompt } = modelOutput(tool);
    server.reset();
    const provider = createOpenAICompatibleProvider({ baseUrl: server.baseUrl, apiKey: 'sk-contract-0123456789', model, setup });
    if (!schema) {
      server.script({ kind: 'text', text: String(output), chunks: pieces(String(output)) });
      let text = '';
      for await (const delta of provider.stream({ prompt })) text += delta;
      expect(text, file).toBe(String(output));
      expect(server.exchanges[0]?.problems, file).toEqual([]);
      return;
    }
    // The host's answer: wrapped when the root is not an object, with nulls for optional properties in strict mode.
    const written = strict ? withNulls(output, schema) : output;
    const answer = JSON.stringify(schema.type === 'OBJECT' ? written : { items: written });
    server.script({ kind: 'text', text: answer, chunks: pieces(answer) });
    let text = '';
    for await (const delta of provider.stream({ prompt, schema })) text += delta;
    const [exchange] = server.exchanges;
    expect(exchange?.problems, `${file}: the request breaks the host's rules`).toEqual([]);
    const body = exchange?.json as { response_format: { type: string; json_schema?: { schema: Json } }; messages: { content: string }[] };
    const sent = body.response_format.type === 'json_schema' ? body.response_format.json_schema?.schema : (JSON.parse(body.messages[0]?.content.split('\n').at(-1) ?? '{}') as Json);
    expect(sent, file).toBeDefined();
    expect(schemaProblems(JSON.parse(answer), sent as Json, '$'), `${file}: the example answer does not fit the schema sent`).toEqual([]);
    expect(JSON.parse(text), file).toEqual(output);
  });
});

/*
 * The native adapters too: every tool's example request through Gemini
 * (responseSchema, streamed over SSE) and Ollama (/api/chat with `format`,
 * NDJSON), each to its strict fake, answered with the example output.
 */
const natives = [
  {
    name: 'Gemini (native)',
    start: () => startFakeGemini({ apiKey: 'AIza-contract-0123456789', chunkDelayMs: 0 }),
    provider: (server: FakeProviderServer) => createGeminiProvider({ apiKey: 'AIza-contract-0123456789', baseUrl: server.baseUrl }),
  },
  {
    name: 'Ollama (native)',
    start: () => startFakeOllama({ model: 'llama3.2', chunkDelayMs: 0 }),
    provider: (server: FakeProviderServer) => createOllamaProvider({ baseUrl: server.baseUrl, model: 'llama3.2', numCtx: OLLAMA_DEFAULT_NUM_CTX }),
  },
];

describe.each(natives)('$name', ({ start, provider: providerFor }) => {
  let server: FakeProviderServer;
  beforeAll(async () => {
    server = await start();
  });
  afterAll(() => server.close());

  it.each(entries)('$file: the example request passes the documented rules and the example answer comes back', async ({ file, tool }) => {
    const { output, schema, prompt } = modelOutput(tool);
    server.reset();
    const answer = schema ? JSON.stringify(output) : String(output);
    server.script({ kind: 'text', text: answer, chunks: pieces(answer) });
    let text = '';
    for await (const delta of providerFor(server).stream(schema ? { prompt, schema } : { prompt })) text += delta;
    expect(server.exchanges[0]?.problems, `${file}: the request breaks the provider's rules`).toEqual([]);
    expect(schema ? JSON.parse(text) : text, file).toEqual(output);
  });
});
