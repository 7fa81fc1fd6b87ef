import { afterAll, beforeAll, beforeEach } from 'vitest';
import { startFakeGemini, startFakeOllama, startFakeOpenAI, type FakeProviderOptions, type FakeProviderServer } from './fakeProviders';
import { createGeminiProvider, GEMINI_DEFAULT_MODEL } from '../gemini';
import { createOllamaProvider } from '../ollama';
import { createOpenAICompatibleProvider } from '../openaiCompatible';
import { type ProviderName, type TextProvider } from '../types';

/* The provider cases (one per text provider and its fake) and helpers providers.test.ts and providerLimits.test.ts run. */

/** Shaped like no known key, so only exact-secret redaction can catch it. */
export const KEY = 'test-key-7f3a9c2e5b1d';

export interface Case {
  name: ProviderName;
  hasKey: boolean;
  start(options: FakeProviderOptions): Promise<FakeProviderServer>;
  provider(baseUrl: string, apiKey?: string): TextProvider;
}

export const cases: Case[] = [
  {
    name: 'gemini',
    hasKey: true,
    start: startFakeGemini,
    provider: (baseUrl, apiKey = KEY) => createGeminiProvider({ apiKey, baseUrl, model: GEMINI_DEFAULT_MODEL }),
  },
  {
    name: 'openai',
    hasKey: true,
    start: startFakeOpenAI,
    provider: (baseUrl, apiKey = KEY) => createOpenAICompatibleProvider({ apiKey, baseUrl, model: 'gpt-4o-mini' }),
  },
  {
    name: 'ollama',
    hasKey: false,
    start: startFakeOllama,
    provider: (baseUrl) => createOllamaProvider({ baseUrl, model: 'llama3.2' }),
  },
];

export async function collect(stream: AsyncIterable<string>): Promise<string[]> {
  const out: string[] = [];
  for await (const delta of stream) out.push(delta);
  return out;
}

export async function rejection(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error('expected a rejection');
}

/**
 * How much of a 50 MB body the fake may have written before the client closed:
 * what the client read (at most the 4 MiB cap) plus what the sockets buffer on
 * the way (a few MB on loopback). Far below 50 MB: the body was not read whole.
 */
export const SENT_BEFORE_CLOSE = 20_000_000;

export let server: FakeProviderServer;
export let provider: TextProvider;

/** Inside a describe.each over `cases`: starts the case's fake (reset before each, answering "Hello") and its provider, and closes it after. */
export function useCaseServer(c: Case): void {
  beforeAll(async () => {
    server = await c.start({ apiKey: c.hasKey ? KEY : undefined, chunkDelayMs: 16 });
    provider = c.provider(server.baseUrl);
  });
  afterAll(() => server.close());
  beforeEach(() => {
    server.reset();
    server.script({ kind: 'text', text: 'Hello' });
  });
}
