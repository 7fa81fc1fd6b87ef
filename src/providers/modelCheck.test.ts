import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startFakeOllama, type FakeProviderServer } from './testing/fakeProviders';
import { checkGeminiModel, checkOllamaModel, checkOpenAICompatibleModel } from './modelCheck';

/*
 * A tiny server with each provider's model routes, as documented:
 * - OpenAI-compatible GET /v1/models -> {object: 'list', data: [{id, object: 'model', created, owned_by}]}
 *   (openai-node src/resources/models.ts), Bearer key;
 * - Gemini GET /v1beta/models/{m} with x-goog-api-key -> a Model, or 404 NOT_FOUND.
 */
const KEY = 'sk-check-abcdefghijklmnop';
let server: Server;
let base = '';
let seen: { path: string; auth?: string; goog?: string }[] = [];
let handler: ((req: IncomingMessage, res: ServerResponse) => boolean) | undefined;

beforeAll(async () => {
  server = createServer((req, res) => {
    const path = req.url ?? '';
    seen.push({ path, ...(req.headers.authorization ? { auth: req.headers.authorization } : {}), ...(typeof req.headers['x-goog-api-key'] === 'string' ? { goog: req.headers['x-goog-api-key'] } : {}) });
    if (handler?.(req, res)) return;
    if (path === '/v1/models') {
      if (req.headers.authorization !== `Bearer ${KEY}`) {
        res.writeHead(401, { 'Content-Type': 'application/json' }).end(`{"error":{"message":"Incorrect API key provided: ${String(req.headers.authorization)}"}}`);
        return;
      }
      const data = ['gpt-4.1-mini', 'gpt-4o-mini', 'whisper-1'].map((id) => ({ id, object: 'model', created: 1, owned_by: 'system' }));
      res.writeHead(200, { 'Content-Type': 'application/json' }).end(JSON.stringify({ object: 'list', data }));
      return;
    }
    const gemini = /^\/v1beta\/models\/([^/]+)$/.exec(path);
    if (gemini) {
      const model = decodeURIComponent(gemini[1] ?? '');
      if (model === 'gemini-3-flash-preview') res.writeHead(200, { 'Content-Type': 'application/json' }).end(JSON.stringify({ name: `models/${model}`, supportedGenerationMethods: ['generateContent'] }));
      else res.writeHead(404, { 'Content-Type': 'application/json' }).end(JSON.stringify({ error: { code: 404, message: `models/${model} is not found for API version v1beta`, status: 'NOT_FOUND' } }));
      return;
    }
    res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => {
  server.closeAllConnections();
  return new Promise<void>((resolve) => server.close(() => resolve()));
});
beforeEach(() => {
  seen = [];
  handler = undefined;
});

describe('OpenAI-compatible: GET {base}/models', () => {
  it('names OPENAI_MODEL and the models served when the model is unknown', async () => {
    await expect(checkOpenAICompatibleModel({ baseUrl: `${base}/v1`, apiKey: KEY, model: 'gpt-x' })).resolves.toBe(
      '[studyforge] the provider has no model "gpt-x": set OPENAI_MODEL to one of: gpt-4.1-mini, gpt-4o-mini, whisper-1',
    );
    expect(seen).toEqual([{ path: '/v1/models', auth: `Bearer ${KEY}` }]);
  });

  it('says so when the model is served', async () => {
    await expect(checkOpenAICompatibleModel({ baseUrl: `${base}/v1/`, apiKey: KEY, model: 'gpt-4o-mini' })).resolves.toBe('[studyforge] model check: the provider serves "gpt-4o-mini"');
  });

  it('could not check: a refused key names the status, never the body or the key', async () => {
    const sentence = await checkOpenAICompatibleModel({ baseUrl: `${base}/v1`, apiKey: 'sk-wrong-1234567890', model: 'gpt-x' });
    expect(sentence).toBe('[studyforge] could not check the model "gpt-x" (status 401); if tools fail, check OPENAI_MODEL and the provider\'s address and key');
    expect(sentence).not.toContain('sk-wrong');
  });

  it('lists at most 20 names', async () => {
    handler = (req, res) => {
      res.writeHead(200, { 'Content-Type': 'application/json' }).end(JSON.stringify({ data: Array.from({ length: 25 }, (_, i) => ({ id: `m${i}` })) }));
      return true;
    };
    await expect(checkOpenAICompatibleModel({ baseUrl: base, model: 'x' })).resolves.toMatch(/one of: m0, m1, .*m19 \(and 5 more\)$/);
  });

  it('never throws and gives up after the timeout when the server does not answer', async () => {
    handler = () => true; // never answers
    const started = Date.now();
    await expect(checkOpenAICompatibleModel({ baseUrl: base, model: 'x', timeoutMs: 200 })).resolves.toBe(
      '[studyforge] could not check the model "x" (no answer within 200 ms); if tools fail, check OPENAI_MODEL and the provider\'s address and key',
    );
    expect(Date.now() - started).toBeLessThan(2000);
  });

  it('bounds the answer it reads, and reports an unreachable server', async () => {
    handler = (req, res) => {
      res.writeHead(200, { 'Content-Type': 'application/json' }).end(JSON.stringify({ data: Array.from({ length: 2000 }, (_, i) => ({ id: `model-${i}` })) }));
      return true;
    };
    await expect(checkOpenAICompatibleModel({ baseUrl: base, model: 'x', maxAnswerBytes: 1024 })).resolves.toMatch(/could not check the model "x" \(the list of models was too long\)/);
    await expect(checkOpenAICompatibleModel({ baseUrl: 'http://127.0.0.1:9/v1', model: 'x' })).resolves.toMatch(/could not check the model "x" \(the provider could not be reached\)/);
  });
});

describe('Gemini: GET v1beta/models/{model}', () => {
  it('a 404 names GEMINI_MODEL; the key goes in x-goog-api-key', async () => {
    await expect(checkGeminiModel({ baseUrl: base, apiKey: 'AIza-test', model: 'gemini-2.5-flash' })).resolves.toBe(
      '[studyforge] the provider has no model "gemini-2.5-flash": set GEMINI_MODEL to a current model (https://ai.google.dev/gemini-api/docs/models)',
    );
    expect(seen).toEqual([{ path: '/v1beta/models/gemini-2.5-flash', goog: 'AIza-test' }]);
    await expect(checkGeminiModel({ baseUrl: base, apiKey: 'AIza-test', model: 'models/gemini-3-flash-preview' })).resolves.toBe(
      '[studyforge] model check: the provider serves "gemini-3-flash-preview"',
    );
  });
});

describe('Ollama: GET /api/tags (the fake)', () => {
  let ollama: FakeProviderServer;
  beforeAll(async () => {
    ollama = await startFakeOllama({ model: 'qwen3:8b' });
  });
  afterAll(() => ollama.close());

  it('names OLLAMA_MODEL and the local models, and accepts a name without :latest', async () => {
    await expect(checkOllamaModel({ baseUrl: ollama.baseUrl, model: 'llama3.2' })).resolves.toBe(
      '[studyforge] the provider has no model "llama3.2": set OLLAMA_MODEL to one of: qwen3:8b (or pull it: ollama pull llama3.2)',
    );
    await expect(checkOllamaModel({ baseUrl: ollama.baseUrl, model: 'qwen3:8b' })).resolves.toBe('[studyforge] model check: the provider serves "qwen3:8b"');
    const latest = await startFakeOllama({ model: 'llama3.2' });
    try {
      await expect(checkOllamaModel({ baseUrl: latest.baseUrl, model: 'llama3.2' })).resolves.toMatch(/serves "llama3.2"/);
      await expect(checkOllamaModel({ baseUrl: latest.baseUrl, model: 'llama3.2:latest' })).resolves.toMatch(/serves "llama3.2:latest"/);
    } finally {
      await latest.close();
    }
  });
});
