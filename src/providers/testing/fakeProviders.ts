/*
 * Local servers speaking the providers' real, published HTTP APIs, for tests.
 * The servers live in ./fakes (one module per provider, the shared server and
 * helpers apart); this module starts them and re-exports their public types.
 * See ./fakes/types.ts for what the fakes check and how they answer.
 */

import { geminiProtocol } from './fakes/gemini';
import { ollamaProtocol } from './fakes/ollama';
import { openaiProtocol } from './fakes/openaiCompatible';
import type { FakeOpenAIOptions } from './fakes/openaiRequest';
import { startFake } from './fakes/server';
import type { FakeProviderKind, FakeProviderOptions, FakeProviderServer } from './fakes/types';

export type { FakeAnswer, FakeExchange, FakeProviderKind, FakeProviderOptions, FakeProviderServer, FakeUpload } from './fakes/types';
export { splitIntoChunks } from './fakes/http';
export { GEMINI_AUDIO_MIME_TYPES, GEMINI_DOCUMENTED_MODELS } from './fakes/geminiRequest';
export type { FakeOpenAIOptions, OpenAIFlavour } from './fakes/openaiRequest';

// ---------------------------------------------------------------------------
// Start functions

/** A fake Gemini API. Configure the client with `baseUrl` and `options.apiKey`. */
export function startFakeGemini(options: FakeProviderOptions = {}): Promise<FakeProviderServer> {
  return startFake(geminiProtocol(), options);
}

/** A fake OpenAI-compatible server (chat completions and audio transcriptions). `baseUrl` ends in /v1. `flavour`: the host imitated. */
export function startFakeOpenAI(options: FakeOpenAIOptions = {}): Promise<FakeProviderServer> {
  return startFake(openaiProtocol(options.flavour), options);
}

/** A fake Ollama server (native /api/chat). */
export function startFakeOllama(options: FakeProviderOptions = {}): Promise<FakeProviderServer> {
  return startFake(ollamaProtocol(), options);
}

/** Starts the fake for a provider by name, e.g. for a gateway test parameterised over providers. */
export function startFakeProvider(kind: FakeProviderKind, options: FakeProviderOptions = {}): Promise<FakeProviderServer> {
  if (kind === 'gemini') return startFakeGemini(options);
  if (kind === 'openai') return startFakeOpenAI(options);
  return startFakeOllama(options);
}
