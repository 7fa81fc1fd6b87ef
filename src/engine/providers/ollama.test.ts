import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { ContractSchema } from '../contractSchema';
import { startFakeOllama, type FakeProviderServer } from '../testing/fakeProviders';
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

  it('keeps "model not found" on upstreamDetail so the admin\'s logs say to pull it', async () => {
    const other = createOllamaProvider({ baseUrl: server.baseUrl, model: 'mistral' });
    await expect(other.generate({ prompt: 'x' })).rejects.toMatchObject({
      message: 'The AI provider refused the request (status 404).',
      upstreamDetail: 'model "mistral" not found, try pulling it first',
    });
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
