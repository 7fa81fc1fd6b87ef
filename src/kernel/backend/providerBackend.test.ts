import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { toContractSchema } from '../contractSchema';
import { UserFacingError } from '../messages';
import { GEMINI_DEFAULT_MODEL } from '../../providers/gemini';
import { OLLAMA_DEFAULT_NUM_CTX } from '../../providers/ollama';
import { startFakeGemini, startFakeOllama, startFakeOpenAI, type FakeProviderServer } from '../../providers/testing/fakeProviders';
import { createProviderBackend, ownKeyUsable } from './providerBackend';
import { resolveBackend } from './resolveBackend';

/*
 * "Bring your own key" runs the gateway's own provider code in the browser;
 * here against the same fake provider servers the gateway is tested with.
 */

let gemini: FakeProviderServer;
let ollama: FakeProviderServer;
let openai: FakeProviderServer;
beforeAll(async () => {
  gemini = await startFakeGemini({ apiKey: 'AIza-users-own-key', model: GEMINI_DEFAULT_MODEL });
  ollama = await startFakeOllama({ model: 'llama3.2' });
  openai = await startFakeOpenAI({ apiKey: 'sk-users-own-key-0123456789', model: 'gpt-4o-mini' });
});
afterAll(async () => {
  await gemini.close();
  await ollama.close();
  await openai.close();
});

const schema = toContractSchema(z.object({ thesis: z.string() }));

describe('the own-key backend', () => {
  it("calls the provider with the user's key and parses JSON answers", async () => {
    gemini.script({ kind: 'text', text: '{"thesis":"Homework helps when it is short."}' });
    const backend = createProviderBackend({ provider: 'gemini', apiKey: 'AIza-users-own-key', model: '', baseUrl: gemini.baseUrl });
    await expect(backend.generate({ prompt: 'Plan', responseSchema: schema })).resolves.toEqual({ thesis: 'Homework helps when it is short.' });
    const exchange = gemini.exchanges.at(-1);
    expect(exchange?.headers['x-goog-api-key']).toBe('AIza-users-own-key');
    expect(exchange?.problems).toEqual([]);
  });

  it('streams into onText when the app asks for progress', async () => {
    gemini.script({ kind: 'text', text: 'Bees pollinate a third of our food.', chunks: ['Bees ', 'pollinate ', 'a third of our food.'] });
    const backend = createProviderBackend({ provider: 'gemini', apiKey: 'AIza-users-own-key', model: '', baseUrl: gemini.baseUrl });
    const seen: string[] = [];
    const answer = await backend.generate({ prompt: 'Say it', onText: (t) => seen.push(t) });
    expect(answer).toBe('Bees pollinate a third of our food.');
    expect(seen).toEqual(['Bees ', 'Bees pollinate ', 'Bees pollinate a third of our food.']);
    expect(gemini.exchanges.at(-1)?.streamed).toBe(true);
  });

  it('turns provider failures into messages for the user', async () => {
    const backend = createProviderBackend({ provider: 'gemini', apiKey: 'AIza-wrong-key', model: '', baseUrl: gemini.baseUrl });
    const failure = backend.generate({ prompt: 'x' });
    await expect(failure).rejects.toBeInstanceOf(UserFacingError);
    await expect(backend.generate({ prompt: 'x' })).rejects.toThrow(/rejected the API key/);
  });

  it("adds the provider's own words, redacted and short, since the provider is the user's own", async () => {
    const backend = createProviderBackend({ provider: 'ollama', apiKey: '', model: 'mistral', baseUrl: ollama.baseUrl });
    await expect(backend.generate({ prompt: 'x' })).rejects.toThrow(
      new UserFacingError(
        'The AI provider has no model "mistral": run "ollama pull mistral" on the Ollama machine, or set the Model field in Settings to a model it has. The provider said: model "mistral" not found, try pulling it first',
      ),
    );

    gemini.script({ kind: 'error', status: 400, message: `Key AIza-users-own-key has no access to project 42. ${'More words. '.repeat(50)}` });
    const own = createProviderBackend({ provider: 'gemini', apiKey: 'AIza-users-own-key', model: '', baseUrl: gemini.baseUrl });
    const error = await own.generate({ prompt: 'x' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(UserFacingError);
    const message = (error as Error).message;
    expect(message).toMatch(/^The AI provider refused the request \(status 400\)\. The provider said: Key \[redacted\] has no access to project 42\. More words/);
    expect(message).not.toContain('AIza-users-own-key');
    expect(message.length).toBeLessThanOrEqual('The AI provider refused the request (status 400). The provider said: '.length + 200);
    expect(message.endsWith('…')).toBe(true);
  });

  it('a Gemini model the provider does not have (404) names the Model field in Settings', async () => {
    const backend = createProviderBackend({ provider: 'gemini', apiKey: 'AIza-users-own-key', model: 'gemini-2.5-flash', baseUrl: gemini.baseUrl });
    await expect(backend.generate({ prompt: 'x' })).rejects.toThrow(/^The AI provider has no model "gemini-2\.5-flash"\. Set the Model field in Settings to a current model\./);
  });

  it('an OpenAI-compatible model the provider does not have (404 model_not_found) names the Model field in Settings', async () => {
    const backend = createProviderBackend({ provider: 'openai', apiKey: 'sk-users-own-key-0123456789', model: 'gpt-nope', baseUrl: openai.baseUrl });
    await expect(backend.generate({ prompt: 'x' })).rejects.toThrow(/^The AI provider has no model "gpt-nope"\. Set the Model field in Settings to a current model\./);
    await expect(backend.generate({ prompt: 'x', onText: () => undefined })).rejects.toThrow(/^The AI provider has no model "gpt-nope"\. Set the Model field in Settings/);
  });

  it('an Ollama model that is not pulled (404) says to pull it or change the Model field in Settings', async () => {
    const backend = createProviderBackend({ provider: 'ollama', apiKey: '', model: 'mistral', baseUrl: ollama.baseUrl });
    await expect(backend.generate({ prompt: 'x', onText: () => undefined })).rejects.toThrow(
      /^The AI provider has no model "mistral": run "ollama pull mistral" on the Ollama machine, or set the Model field in Settings to a model it has\./,
    );
  });

  it('needs no key for a local Ollama', async () => {
    ollama.script({ kind: 'text', text: 'Local answer.' });
    const backend = createProviderBackend({ provider: 'ollama', apiKey: '', model: 'llama3.2', baseUrl: ollama.baseUrl });
    await expect(backend.generate({ prompt: 'x' })).resolves.toBe('Local answer.');
  });

  it("asks a local Ollama for the same long context as the gateway, not Ollama's 4096", async () => {
    ollama.script({ kind: 'text', text: 'Read it all.' });
    const backend = createProviderBackend({ provider: 'ollama', apiKey: '', model: 'llama3.2', baseUrl: ollama.baseUrl });
    await backend.generate({ prompt: 'A long transcript. '.repeat(2_000) });
    expect((ollama.exchanges.at(-1)?.json as { options?: { num_ctx?: number } }).options?.num_ctx).toBe(OLLAMA_DEFAULT_NUM_CTX);
  });
});

describe('choosing the backend', () => {
  it('uses the own key only when it is complete', () => {
    expect(ownKeyUsable({ provider: 'gemini', apiKey: ' ', model: '', baseUrl: '' })).toBe(false);
    expect(ownKeyUsable({ provider: 'openai', apiKey: 'sk-1', model: '', baseUrl: '' })).toBe(false);
    expect(ownKeyUsable({ provider: 'ollama', apiKey: '', model: 'llama3.2', baseUrl: '' })).toBe(true);
    const own = { provider: 'gemini' as const, apiKey: 'AIza-x', model: '', baseUrl: '' };
    expect(resolveBackend({ backendUrl: 'https://b.example', publicKey: 'k', ownKey: own }).kind).toBe('provider');
    expect(resolveBackend({ backendUrl: 'https://b.example', publicKey: 'k' }).kind).toBe('contract');
    expect(resolveBackend({ backendUrl: '', publicKey: '' }).kind).toBe('sample');
  });
});
