import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { ContractSchema } from './schema';
import { startFakeOllama, type FakeProviderServer } from './testing/fakeProviders';
import { createOllamaProvider } from './ollama';
import type { FetchLike } from './transport';

const schema: ContractSchema = {
  type: 'OBJECT',
  properties: { age: { type: 'INTEGER' }, available: { type: 'BOOLEAN' } },
  required: ['age', 'available'],
};

let server: FakeProviderServer;
beforeAll(async () => {
  server = await startFakeOllama({ model: 'llama3.2', chunkDelayMs: 10 });
});
afterAll(() => server.close());
beforeEach(() => {
  server.reset();
  server.script({ kind: 'text', text: '{"age":22,"available":true}' });
});
const provider = () => createOllamaProvider({ baseUrl: server.baseUrl, model: 'llama3.2' });

describe('the /api/chat request', () => {
  it('asks for a whole answer with stream: false and passes the schema as format (JSON Schema)', async () => {
    await expect(provider().generate({ prompt: 'Ollama is 22', schema })).resolves.toBe('{"age":22,"available":true}');
    const [exchange] = server.exchanges;
    expect(exchange?.problems).toEqual([]);
    expect(exchange?.method).toBe('POST');
    expect(exchange?.url).toBe('/api/chat');
    expect(exchange?.headers.authorization).toBeUndefined();
    expect(exchange?.json).toEqual({
      model: 'llama3.2',
      messages: [{ role: 'user', content: 'Ollama is 22' }],
      stream: false,
      format: { type: 'object', properties: { age: { type: 'integer' }, available: { type: 'boolean' } }, required: ['age', 'available'] },
    });
  });

  it('sends no format when text is wanted', async () => {
    server.script({ kind: 'text', text: 'Plain words' });
    await provider().generate({ prompt: 'x' });
    expect(server.exchanges[0]?.json).toEqual({ model: 'llama3.2', messages: [{ role: 'user', content: 'x' }], stream: false });
  });

  it('streams with stream: true, reading NDJSON message.content until done', async () => {
    server.script({ kind: 'text', text: 'x', chunks: ['{"age":', '22,', '"available":true}'] });
    const deltas: string[] = [];
    for await (const delta of provider().stream({ prompt: 'x', schema })) deltas.push(delta);
    expect(deltas).toEqual(['{"age":', '22,', '"available":true}']);
    const [exchange] = server.exchanges;
    expect(exchange?.problems).toEqual([]);
    expect(exchange?.streamed).toBe(true);
    expect(exchange?.json).toMatchObject({ stream: true, format: { type: 'object' } });
  });

  it('defaults to http://127.0.0.1:11434', async () => {
    const urls: string[] = [];
    const fakeFetch: FetchLike = async (url) => {
      urls.push(url);
      return new Response(JSON.stringify({ message: { role: 'assistant', content: 'ok' }, done: true }), { status: 200 });
    };
    const ollama = createOllamaProvider({ model: 'llama3.2', fetch: fakeFetch });
    expect(ollama.name).toBe('ollama');
    await ollama.generate({ prompt: 'x' });
    expect(urls).toEqual(['http://127.0.0.1:11434/api/chat']);
  });

  it('never calls a custom fetch for an already aborted signal, even one that would ignore it', async () => {
    let calls = 0;
    const careless: FetchLike = async () => {
      calls += 1;
      return new Response('{}', { status: 200 });
    };
    const controller = new AbortController();
    controller.abort();
    await expect(createOllamaProvider({ model: 'm', fetch: careless }).generate({ prompt: 'x', signal: controller.signal })).rejects.toMatchObject({
      name: 'AbortError',
    });
    expect(calls).toBe(0);
  });

  it('Ollama\'s 404 "model … not found, try pulling it first" says to pull it or set OLLAMA_MODEL, whole and streamed', async () => {
    const other = createOllamaProvider({ baseUrl: server.baseUrl, model: 'mistral' });
    const expected = {
      message: 'The AI provider has no model "mistral": run "ollama pull mistral" on the Ollama machine, or set OLLAMA_MODEL to a model it has.',
      status: 502,
      upstreamDetail: 'model "mistral" not found, try pulling it first',
    };
    await expect(other.generate({ prompt: 'x' })).rejects.toMatchObject(expected);
    const stream = (async () => {
      for await (const delta of other.stream({ prompt: 'x' })) void delta;
    })();
    await expect(stream).rejects.toMatchObject(expected);
    // Older Ollama releases quoted the name with single quotes.
    server.script({ kind: 'error', status: 404, message: "model 'llama3.2' not found, try pulling it first" });
    await expect(provider().generate({ prompt: 'x' })).rejects.toMatchObject({
      message: 'The AI provider has no model "llama3.2": run "ollama pull llama3.2" on the Ollama machine, or set OLLAMA_MODEL to a model it has.',
    });
    const own = createOllamaProvider({ baseUrl: server.baseUrl, model: 'mistral', modelSetting: 'the Model field in Settings' });
    await expect(own.generate({ prompt: 'x' })).rejects.toMatchObject({
      message: 'The AI provider has no model "mistral": run "ollama pull mistral" on the Ollama machine, or set the Model field in Settings to a model it has.',
    });
  });

  it('a 404 that is not about a model stays generic', async () => {
    // An unknown path (a base URL with an extra segment): Go's plain-text "404 page not found".
    const wrongBase = createOllamaProvider({ baseUrl: `${server.baseUrl}/v1`, model: 'llama3.2' });
    await expect(wrongBase.generate({ prompt: 'x' })).rejects.toMatchObject({
      message: 'The AI provider refused the request (status 404).',
      upstreamDetail: '404 page not found',
    });
    server.script({ kind: 'error', status: 404, message: 'blob sha256-0123 not found' });
    await expect(provider().generate({ prompt: 'x' })).rejects.toMatchObject({ message: 'The AI provider refused the request (status 404).' });
    // The same words with another status are not Ollama's model-not-found.
    server.script({ kind: 'error', status: 400, message: 'model "llama3.2" not found, try pulling it first' });
    await expect(provider().generate({ prompt: 'x' })).rejects.toMatchObject({ message: 'The AI provider refused the request (status 400).' });
  });

  it('takes maxAnswerBytes', async () => {
    server.script({ kind: 'huge', bytes: 10_000 });
    const small = createOllamaProvider({ baseUrl: server.baseUrl, model: 'llama3.2', maxAnswerBytes: 4096 });
    await expect(small.generate({ prompt: 'x' })).rejects.toMatchObject({ message: "The AI provider's answer was longer than StudyForge accepts (4 KB).", status: 502 });
  });
});

describe('NDJSON across chunk boundaries', () => {
  function streamedResponse(pieces: string[]): Response {
    const encoder = new TextEncoder();
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        for (const piece of pieces) controller.enqueue(encoder.encode(piece));
        controller.close();
      },
    });
    return new Response(body, { status: 200, headers: { 'Content-Type': 'application/x-ndjson' } });
  }

  it('joins a line split over several chunks, and several lines in one chunk', async () => {
    const lines = [
      '{"model":"m","message":{"role":"assistant","content":"Hel"},"done":false}\n',
      '{"model":"m","message":{"role":"assistant","content":"lo"},"done":false}\n{"model":"m","message":{"role":"assistant","content":"!"},"done":false}\n',
      '{"model":"m","message":{"role":"assistant","content":""},"done":true,"done_reason":"stop"}',
    ];
    const all = lines.join('');
    const pieces = [all.slice(0, 10), all.slice(10, 80), all.slice(80, 81), all.slice(81, 200), all.slice(200)];
    const ollama = createOllamaProvider({ model: 'm', fetch: async () => streamedResponse(pieces) });
    const deltas: string[] = [];
    for await (const delta of ollama.stream({ prompt: 'x' })) deltas.push(delta);
    expect(deltas).toEqual(['Hel', 'lo', '!']);
  });

  it('cuts a line that never ends at maxAnswerBytes and cancels the body', async () => {
    let pulled = 0;
    let cancelled = false;
    const piece = new TextEncoder().encode('x'.repeat(1024));
    const endless = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(new TextEncoder().encode('{"model":"m","message":{"role":"assistant","content":"'));
      },
      async pull(controller) {
        // Yields to the event loop, and ends at 16 MB, so a reader without a cap fails instead of hanging.
        await new Promise((resolve) => setImmediate(resolve));
        if (pulled >= 16 * 1024 * 1024) {
          controller.close();
          return;
        }
        pulled += piece.length;
        controller.enqueue(piece);
      },
      cancel() {
        cancelled = true;
      },
    });
    const ollama = createOllamaProvider({ model: 'm', maxAnswerBytes: 64 * 1024, fetch: async () => new Response(endless, { status: 200 }) });
    await expect(
      (async () => {
        for await (const delta of ollama.stream({ prompt: 'x' })) void delta;
      })(),
    ).rejects.toMatchObject({ message: "The AI provider's answer was longer than StudyForge accepts (64 KB).", status: 502 });
    expect(cancelled).toBe(true);
    expect(pulled).toBeLessThan(128 * 1024);
  });
});

describe('the context window (N2): options.num_ctx, against a fake with Ollama’s 4096 default', () => {
  // ~12k tokens at the fake's 4 characters a token: a lecture transcript, past Ollama's default 4096.
  const transcript = 'The lecture went on about mitochondria and cells. '.repeat(1000);
  let fake: FakeProviderServer;
  beforeAll(async () => {
    fake = await startFakeOllama({ script: [{ kind: 'text', text: 'summary' }] });
  });
  afterAll(() => fake.close());
  beforeEach(() => fake.reset());

  it('sends numCtx as options.num_ctx, whole and streamed, so the whole transcript is read', async () => {
    const ollama = createOllamaProvider({ baseUrl: fake.baseUrl, model: 'llama3.2', numCtx: 16384 });
    await expect(ollama.generate({ prompt: transcript })).resolves.toBe('summary');
    for await (const delta of ollama.stream({ prompt: transcript })) void delta;
    for (const exchange of fake.exchanges) {
      expect(exchange.problems).toEqual([]);
      expect(exchange.json).toMatchObject({ options: { num_ctx: 16384 } });
      expect(exchange.contextTruncated).toBeUndefined();
    }
  });

  it('without it, the fake cuts the prompt as Ollama does (prompt_eval_count shows the window, not the prompt)', async () => {
    const fetchAndKeep: { body?: unknown } = {};
    const keep: FetchLike = async (url, init) => {
      const response = await fetch(url, init);
      fetchAndKeep.body = await response.clone().json();
      return response;
    };
    await createOllamaProvider({ baseUrl: fake.baseUrl, model: 'llama3.2', fetch: keep }).generate({ prompt: transcript });
    expect(fake.exchanges[0]?.contextTruncated).toBe(true);
    expect(fetchAndKeep.body).toMatchObject({ prompt_eval_count: 4095 });
  });

  it('rejects a bad numCtx', () => {
    expect(() => createOllamaProvider({ model: 'm', numCtx: 0 })).toThrow(/numCtx/);
    expect(() => createOllamaProvider({ model: 'm', numCtx: 1.5 })).toThrow(/numCtx/);
  });

  it('a runner without context shift refuses the long prompt with 400, as Ollama does', async () => {
    const strict = await startFakeOllama({ ollamaContextShift: false });
    try {
      await expect(createOllamaProvider({ baseUrl: strict.baseUrl, model: 'llama3.2' }).generate({ prompt: transcript })).rejects.toMatchObject({
        message: 'The AI provider refused the request (status 400).',
        upstreamDetail: expect.stringMatching(/^the prompt is longer than the context length/),
      });
      await expect(createOllamaProvider({ baseUrl: strict.baseUrl, model: 'llama3.2', numCtx: 16384 }).generate({ prompt: transcript })).resolves.toBeTruthy();
    } finally {
      await strict.close();
    }
  });
});

describe('the Ollama fake is as strict and as lenient as Ollama', () => {
  let fake: FakeProviderServer;
  beforeAll(async () => {
    fake = await startFakeOllama({ model: 'llama3.2', ollamaOrigins: ['https://school.example'] });
  });
  afterAll(() => fake.close());
  beforeEach(() => fake.reset());
  const body = JSON.stringify({ model: 'llama3.2', messages: [{ role: 'user', content: 'x' }], stream: false });

  it('CORS: echoes allowed origins (local ones and OLLAMA_ORIGINS), refuses others with 403 and no CORS header', async () => {
    for (const origin of ['http://127.0.0.1:5173', 'http://localhost:8787', 'https://school.example']) {
      const response = await fetch(`${fake.baseUrl}/api/chat`, { method: 'POST', headers: { Origin: origin, 'Content-Type': 'application/json' }, body });
      expect(response.status, origin).toBe(200);
      expect(response.headers.get('access-control-allow-origin')).toBe(origin);
      const preflight = await fetch(`${fake.baseUrl}/api/chat`, { method: 'OPTIONS', headers: { Origin: origin, 'Access-Control-Request-Method': 'POST' } });
      expect(preflight.status).toBe(204);
      expect(preflight.headers.get('access-control-allow-origin')).toBe(origin);
    }
    const refused = await fetch(`${fake.baseUrl}/api/chat`, { method: 'POST', headers: { Origin: 'https://other.example', 'Content-Type': 'application/json' }, body });
    expect(refused.status).toBe(403);
    expect(refused.headers.get('access-control-allow-origin')).toBeNull();
    // No Origin (the gateway, server to server): no CORS at all.
    expect((await fetch(`${fake.baseUrl}/api/chat`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body })).status).toBe(200);
  });

  it('takes truncate, shift, logprobs and top_logprobs (api/types.go), and answers GET /api/tags', async () => {
    const withExtras = JSON.stringify({ model: 'llama3.2', messages: [{ role: 'user', content: 'x' }], stream: false, truncate: true, shift: false, logprobs: true, top_logprobs: 2 });
    expect((await fetch(`${fake.baseUrl}/api/chat`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: withExtras })).status).toBe(200);
    expect(fake.exchanges[0]?.problems).toEqual([]);
    const tags = (await (await fetch(`${fake.baseUrl}/api/tags`)).json()) as { models: { name: string }[] };
    expect(tags.models.map((m) => m.name)).toEqual(['llama3.2:latest']);
  });
});
