import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { splitIntoChunks, startFakeGemini, startFakeOllama, startFakeOpenAI, type FakeProviderServer } from '../testing/fakeProviders';

/*
 * The fakes are only worth something if they reject what the real services
 * reject. These tests send malformed requests with plain fetch.
 */

const post = (url: string, body: unknown, headers: Record<string, string> = {}) =>
  fetch(url, { method: 'POST', headers: { 'Content-Type': 'application/json', ...headers }, body: typeof body === 'string' ? body : JSON.stringify(body) });

describe('the fake Gemini', () => {
  let server: FakeProviderServer;
  beforeAll(async () => {
    server = await startFakeGemini({ apiKey: 'k-123456' });
  });
  afterAll(() => server.close());
  const url = (method = 'generateContent', query = '') => `${server.origin}/v1beta/models/gemini-2.5-flash:${method}${query}`;
  const ok = { contents: [{ role: 'user', parts: [{ text: 'hi' }] }] };

  it('answers a well-formed request in the GenerateContentResponse format', async () => {
    const response = await post(url(), ok, { 'x-goog-api-key': 'k-123456' });
    expect(response.status).toBe(200);
    const body = (await response.json()) as { candidates: { content: { parts: { text: string }[]; role: string }; finishReason: string }[] };
    expect(body.candidates[0]?.content).toEqual({ parts: [{ text: 'Hello from the fake provider.' }], role: 'model' });
    expect(body.candidates[0]?.finishReason).toBe('STOP');
  });

  it('rejects a missing key (403), a wrong key (400 API_KEY_INVALID) and a key in the URL', async () => {
    expect((await post(url(), ok)).status).toBe(403);
    const wrong = await post(url(), ok, { 'x-goog-api-key': 'nope' });
    expect(wrong.status).toBe(400);
    expect(JSON.stringify(await wrong.json())).toContain('API_KEY_INVALID');
    expect((await post(url('generateContent', '?key=k-123456'), ok, { 'x-goog-api-key': 'k-123456' })).status).toBe(400);
  });

  it('rejects a stream request without alt=sse, unknown fields, a JSON-Schema responseSchema, and a schema without JSON mime type', async () => {
    const key = { 'x-goog-api-key': 'k-123456' };
    expect((await post(url('streamGenerateContent'), ok, key)).status).toBe(400);
    expect((await post(url(), { ...ok, config: {} }, key)).status).toBe(400);
    const jsonSchema = { type: 'object', properties: { a: { type: 'string' } }, additionalProperties: false };
    const bad = await post(url(), { ...ok, generationConfig: { responseMimeType: 'application/json', responseSchema: jsonSchema } }, key);
    expect(bad.status).toBe(400);
    expect(JSON.stringify(await bad.json())).toContain('additionalProperties');
    expect((await post(url(), { ...ok, generationConfig: { responseSchema: { type: 'STRING' } } }, key)).status).toBe(400);
    expect((await post(url(), { contents: [{ role: 'user', parts: [{ text: 'a', inline_data: { mime_type: 'audio/wav', data: 'AA==' } }] }] }, key)).status).toBe(400);
    expect((await post(url(), { contents: [{ role: 'user', parts: [{ inline_data: { mime_type: 'audio/webm;codecs=opus', data: 'AA==' } }] }] }, key)).status).toBe(400);
    expect(server.exchanges.filter((e) => e.problems.length > 0).length).toBeGreaterThanOrEqual(6);
  });

  it('streams server-sent events', async () => {
    server.script({ kind: 'text', text: 'a b' });
    const response = await post(url('streamGenerateContent', '?alt=sse'), ok, { 'x-goog-api-key': 'k-123456' });
    expect(response.headers.get('content-type')).toBe('text/event-stream');
    const text = await response.text();
    expect(text.split('\r\n\r\n').filter(Boolean)).toHaveLength(2);
    expect(text.startsWith('data: {"candidates":')).toBe(true);
  });
});

describe('the fake OpenAI-compatible server', () => {
  let server: FakeProviderServer;
  beforeAll(async () => {
    server = await startFakeOpenAI({ apiKey: 'sk-fake-0123456789' });
  });
  afterAll(() => server.close());
  const auth = { Authorization: 'Bearer sk-fake-0123456789' };
  const ok = { model: 'gpt-4o-mini', messages: [{ role: 'user', content: 'hi' }] };

  it('rejects a missing or wrong key like OpenAI, echoing only a masked key', async () => {
    expect((await post(`${server.baseUrl}/chat/completions`, ok)).status).toBe(401);
    const wrong = await post(`${server.baseUrl}/chat/completions`, ok, { Authorization: 'Bearer sk-wrong-9876543210' });
    expect(wrong.status).toBe(401);
    const body = JSON.stringify(await wrong.json());
    expect(body).toContain('invalid_api_key');
    expect(body).not.toContain('sk-wrong-9876543210');
  });

  it('rejects unknown arguments, a missing model, upper-case schema types and bad schema names', async () => {
    const url = `${server.baseUrl}/chat/completions`;
    expect((await post(url, { ...ok, schema: {} }, auth)).status).toBe(400);
    expect((await post(url, { messages: ok.messages }, auth)).status).toBe(400);
    const upper = { type: 'json_schema', json_schema: { name: 'result', schema: { type: 'OBJECT' } } };
    expect((await post(url, { ...ok, response_format: upper }, auth)).status).toBe(400);
    const badName = { type: 'json_schema', json_schema: { name: 'my result!', schema: { type: 'object' } } };
    expect((await post(url, { ...ok, response_format: badName }, auth)).status).toBe(400);
    expect((await post(url, { ...ok, stream: 'yes' }, auth)).status).toBe(400);
  });

  it('streams chunks ending with data: [DONE]', async () => {
    server.script({ kind: 'text', text: 'a b' });
    const response = await post(`${server.baseUrl}/chat/completions`, { ...ok, stream: true }, auth);
    const text = await response.text();
    expect(text.trimEnd().endsWith('data: [DONE]')).toBe(true);
    expect(text).toContain('"object":"chat.completion.chunk"');
  });

  it('rejects a transcription that is not multipart, or has no file', async () => {
    expect((await post(`${server.baseUrl}/audio/transcriptions`, { model: 'whisper-1' }, auth)).status).toBe(400);
    const form = new FormData();
    form.append('model', 'whisper-1');
    const response = await fetch(`${server.baseUrl}/audio/transcriptions`, { method: 'POST', headers: auth, body: form });
    expect(response.status).toBe(400);
  });
});

describe('the fake Ollama', () => {
  let server: FakeProviderServer;
  beforeAll(async () => {
    server = await startFakeOllama({ chunkDelayMs: 1 });
  });
  afterAll(() => server.close());

  it('streams NDJSON by default, as Ollama does, and answers one object with stream: false', async () => {
    server.script({ kind: 'text', text: 'a b' });
    const streamed = await post(`${server.origin}/api/chat`, { model: 'llama3.2', messages: [{ role: 'user', content: 'hi' }] });
    expect(streamed.headers.get('content-type')).toBe('application/x-ndjson');
    const lines = (await streamed.text()).trim().split('\n').map((l) => JSON.parse(l) as { done: boolean });
    expect(lines.map((l) => l.done)).toEqual([false, false, true]);
    const whole = await post(`${server.origin}/api/chat`, { model: 'llama3.2', messages: [{ role: 'user', content: 'hi' }], stream: false });
    expect(await whole.json()).toMatchObject({ message: { role: 'assistant', content: 'a b' }, done: true });
  });

  it('rejects an upper-case format schema and unknown fields', async () => {
    const base = { model: 'llama3.2', messages: [{ role: 'user', content: 'hi' }], stream: false };
    expect((await post(`${server.origin}/api/chat`, { ...base, format: { type: 'OBJECT' } })).status).toBe(400);
    expect((await post(`${server.origin}/api/chat`, { ...base, response_format: {} })).status).toBe(400);
  });
});

describe('splitIntoChunks', () => {
  it('splits word by word and joins back', () => {
    expect(splitIntoChunks('Hello big world')).toEqual(['Hello ', 'big ', 'world']);
    expect(splitIntoChunks('')).toEqual(['']);
  });
});

describe('the fake OpenAI-compatible server: per-host rules (issue 11)', () => {
  const chat = (server: FakeProviderServer, body: Record<string, unknown>) =>
    post(`${server.baseUrl}/chat/completions`, { messages: [{ role: 'user', content: 'hi' }], ...body });
  const schemaFormat = (schema: unknown, strict?: boolean) => ({ type: 'json_schema', json_schema: { name: 'result', schema, ...(strict === undefined ? {} : { strict }) } });
  const loose = { type: 'object', properties: { a: { type: 'string' }, b: { type: 'string' } }, required: ['a'] };
  const strictOk = { type: 'object', properties: { a: { type: 'string' }, b: { type: ['string', 'null'] } }, required: ['a', 'b'], additionalProperties: false };

  it("'openai': root arrays are a 400 with OpenAI's text; strict needs additionalProperties false and every property required", async () => {
    const server = await startFakeOpenAI({ flavour: 'openai' });
    try {
      const root = await chat(server, { model: 'gpt-4o-mini', response_format: schemaFormat({ type: 'array', items: { type: 'string' } }) });
      expect(root.status).toBe(400);
      expect(((await root.json()) as { error: { message: string } }).error.message).toContain(`schema must be a JSON Schema of 'type: "object"', got 'type: "array"'`);
      const notStrict = await chat(server, { model: 'gpt-4o-mini', response_format: schemaFormat(loose, true) });
      expect(notStrict.status).toBe(400);
      const message = ((await notStrict.json()) as { error: { message: string } }).error.message;
      expect(message).toContain("'additionalProperties' is required to be supplied and to be false");
      expect(message).toContain("Missing 'b'");
      expect((await chat(server, { model: 'gpt-4o-mini', response_format: schemaFormat(loose, false) })).status).toBe(200);
      expect((await chat(server, { model: 'gpt-4o-mini', response_format: schemaFormat(strictOk, true) })).status).toBe(200);
      expect((await chat(server, { model: 'gpt-4o-mini', response_format: { type: 'json_object' } })).status).toBe(400);
    } finally {
      await server.close();
    }
  });

  it("'groq': no streaming with json_schema; json_schema only on the listed models, strict only on gpt-oss", async () => {
    const server = await startFakeOpenAI({ flavour: 'groq' });
    try {
      expect((await chat(server, { model: 'openai/gpt-oss-20b', stream: true, response_format: schemaFormat(strictOk, true) })).status).toBe(400);
      expect((await chat(server, { model: 'llama-3.3-70b-versatile', response_format: schemaFormat(loose) })).status).toBe(400);
      expect((await chat(server, { model: 'meta-llama/llama-4-scout-17b-16e-instruct', response_format: schemaFormat(strictOk, true) })).status).toBe(400);
      expect((await chat(server, { model: 'meta-llama/llama-4-scout-17b-16e-instruct', response_format: schemaFormat(loose) })).status).toBe(200);
      expect((await chat(server, { model: 'openai/gpt-oss-120b', response_format: schemaFormat(strictOk, true) })).status).toBe(200);
      expect((await chat(server, { model: 'llama-3.3-70b-versatile', messages: [{ role: 'user', content: 'Answer in JSON' }], response_format: { type: 'json_object' } })).status).toBe(200);
    } finally {
      await server.close();
    }
  });

  it("'generic' checks only the shape; a pinned test model name is accepted", async () => {
    const server = await startFakeOpenAI({ flavour: 'generic', model: 'test-model' });
    try {
      expect((await chat(server, { model: 'test-model', response_format: schemaFormat({ type: 'array', items: { type: 'string' } }) })).status).toBe(200);
      expect((await chat(server, { model: 'other' })).status).toBe(404);
    } finally {
      await server.close();
    }
  });

  it('sends finish reasons, refusals, the usage chunk, `event: error` and 200-status error bodies', async () => {
    const server = await startFakeOpenAI({ flavour: 'openrouter', chunkDelayMs: 0 });
    try {
      server.script({ kind: 'openai', text: 'cut', finishReason: 'length' });
      const whole = (await (await chat(server, { model: 'm' })).json()) as { choices: { finish_reason: string; message: { content: string } }[] };
      expect(whole.choices[0]).toMatchObject({ finish_reason: 'length', message: { content: 'cut' } });
      server.script({ kind: 'openai', refusal: 'No.', usageChunk: true });
      const refused = await (await chat(server, { model: 'm', stream: true })).text();
      expect(refused.startsWith(': OPENROUTER PROCESSING\n\n')).toBe(true);
      expect(refused).toContain('"delta":{"refusal":"No."}');
      expect(refused).toContain('"choices":[],"usage"');
      server.script({ kind: 'openai', chunks: ['a'], errorEvent: 'boom' });
      expect(await (await chat(server, { model: 'm', stream: true })).text()).toContain('event: error\ndata: {"message":"boom"}');
      server.script({ kind: 'openai', errorWith200: { message: 'Provider returned error', code: 502 } });
      const error = await chat(server, { model: 'm' });
      expect(error.status).toBe(200);
      expect(await error.json()).toEqual({ error: { message: 'Provider returned error', code: 502 } });
    } finally {
      await server.close();
    }
  });
});
