import type { ContractSchema } from '../schema';
import { afterAll, beforeAll, beforeEach } from 'vitest';
import { createGeminiProvider, GEMINI_DEFAULT_MODEL } from '../gemini';
import { startFakeGemini, type FakeProviderServer } from './fakeProviders';

/* The request schema, answer envelope and helpers gemini.test.ts and geminiTranscriber.test.ts share. */

export const KEY = 'gemini-test-key-42';
export const schema: ContractSchema = {
  type: 'OBJECT',
  properties: {
    thesis: { type: 'STRING', description: 'One sentence' },
    points: { type: 'ARRAY', items: { type: 'STRING' }, minItems: 2, maxItems: 5 },
    tone: { type: 'STRING', enum: ['formal', 'casual'] },
  },
  required: ['thesis', 'points'],
};

/** The fake's whole-answer envelope around the text, to know how long the text of a 'huge' answer is. */
export const geminiEnvelope = {
  candidates: [{ content: { parts: [{ text: '' }], role: 'model' }, finishReason: 'STOP', index: 0 }],
  usageMetadata: { promptTokenCount: 8, candidatesTokenCount: 12, totalTokenCount: 20 },
  modelVersion: GEMINI_DEFAULT_MODEL,
  responseId: 'fake-response-id',
};

export async function collect(stream: AsyncIterable<string>): Promise<string[]> {
  const out: string[] = [];
  for await (const delta of stream) out.push(delta);
  return out;
}

export let server: FakeProviderServer;

/** Starts the fake Gemini before the calling file's tests (reset before each, answering a valid thesis) and closes it after. */
export function useFakeGemini(): void {
  beforeAll(async () => {
    server = await startFakeGemini({ apiKey: KEY, model: GEMINI_DEFAULT_MODEL, chunkDelayMs: 10 });
  });
  afterAll(() => server.close());
  beforeEach(() => {
    server.reset();
    server.script({ kind: 'text', text: '{"thesis":"T","points":["a","b"]}' });
  });
}

export const provider = () => createGeminiProvider({ apiKey: KEY, baseUrl: server.baseUrl });
