import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GEMINI_AUDIO_MIME_TYPES, GEMINI_DOCUMENTED_MODELS, splitIntoChunks, startFakeGemini, startFakeOllama, startFakeOpenAI, type FakeProviderServer } from './testing/fakeProviders';

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
  const url = (method = 'generateContent', query = '') => `${server.origin}/v1beta/models/gemini-3.8-flash:${method}${query}`;
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

  // As strict as the real service (sources cited in fakeProviders.ts next to each rule).
  it('serves only documented model ids when no model is pinned: a retired one gets 404 NOT_FOUND in Google\'s format', async () => {
    const key = { 'x-goog-api-key': 'k-123456' };
    for (const model of GEMINI_DOCUMENTED_MODELS) {
      expect((await post(`${server.origin}/v1beta/models/${model}:generateContent`, ok, key)).status).toBe(200);
    }
    for (const retired of ['gemini-2.5-flash', 'gemini-2.5-pro', 'gemini-2.0-flash', 'gemini-9-ultra']) {
      const response = await post(`${server.origin}/v1beta/models/${retired}:generateContent`, ok, key);
      expect(response.status).toBe(404);
      expect(await response.json()).toEqual({
        error: { code: 404, message: `models/${retired} is not found for API version v1beta, or is not supported for generateContent.`, status: 'NOT_FOUND' },
      });
    }
  });

  it('a pinned model is served even when it is not in the documented list', async () => {
    const pinned = await startFakeGemini({ model: 'gemini-2.5-flash' });
    try {
      expect((await post(`${pinned.origin}/v1beta/models/gemini-2.5-flash:generateContent`, ok)).status).toBe(200);
      expect((await post(`${pinned.origin}/v1beta/models/gemini-3.8-flash:generateContent`, ok)).status).toBe(404);
    } finally {
      await pinned.close();
    }
  });

  it('accepts only the six documented audio MIME types inline', async () => {
    const key = { 'x-goog-api-key': 'k-123456' };
    const audio = (mime_type: string) => ({ contents: [{ role: 'user', parts: [{ text: 'Transcribe' }, { inline_data: { mime_type, data: 'AA==' } }] }] });
    for (const type of GEMINI_AUDIO_MIME_TYPES) expect((await post(url(), audio(type), key)).status).toBe(200);
    for (const type of ['audio/webm', 'audio/mp4', 'audio/mpeg', 'audio/x-m4a']) {
      const response = await post(url(), audio(type), key);
      expect(response.status).toBe(400);
      expect(JSON.stringify(await response.json())).toContain(`Unsupported MIME type: ${type}`);
    }
  });

  it('sends each finish reason: after text, as a content-less last candidate, whole and streamed', async () => {
    const key = { 'x-goog-api-key': 'k-123456' };
    for (const finishReason of ['MAX_TOKENS', 'SAFETY', 'RECITATION', 'PROHIBITED_CONTENT', 'SPII', 'BLOCKLIST', 'LANGUAGE', 'OTHER']) {
      server.script({ kind: 'gemini', text: 'a b', finishReason, finishMessage: 'why' });
      const whole = (await (await post(url(), ok, key)).json()) as { candidates: Record<string, unknown>[] };
      expect(whole.candidates[0]).toMatchObject({ content: { parts: [{ text: 'a b' }], role: 'model' }, finishReason, finishMessage: 'why' });
      const streamed = await (await post(url('streamGenerateContent', '?alt=sse'), ok, key)).text();
      const events = streamed.split('\r\n\r\n').filter(Boolean).map((e) => JSON.parse(e.replace(/^data: /, '')) as { candidates: Record<string, unknown>[] });
      expect(events).toHaveLength(3);
      expect(events.slice(0, 2).map((e) => e.candidates[0]?.finishReason)).toEqual([undefined, undefined]);
      expect(events[2]?.candidates[0]).toEqual({ finishReason, finishMessage: 'why', index: 0 });
    }
    server.script({ kind: 'gemini', text: '', finishReason: 'SAFETY' });
    const contentless = (await (await post(url(), ok, key)).json()) as { candidates: Record<string, unknown>[] };
    expect(contentless.candidates[0]).toEqual({ finishReason: 'SAFETY', index: 0 });
  });

  it('sends promptFeedback.blockReason with no candidates, whole and as the only event', async () => {
    const key = { 'x-goog-api-key': 'k-123456' };
    server.script({ kind: 'gemini', blockReason: 'PROHIBITED_CONTENT' });
    const whole = (await (await post(url(), ok, key)).json()) as Record<string, unknown>;
    expect(whole.candidates).toBeUndefined();
    expect(whole.promptFeedback).toEqual({ blockReason: 'PROHIBITED_CONTENT' });
    const streamed = await (await post(url('streamGenerateContent', '?alt=sse'), ok, key)).text();
    expect(streamed.split('\r\n\r\n').filter(Boolean)).toHaveLength(1);
    expect(streamed).toContain('"promptFeedback":{"blockReason":"PROHIBITED_CONTENT"}');
  });

  it('sends a bare {"error":...} body mid-stream, not framed as an SSE event', async () => {
    server.script({ kind: 'gemini', chunks: ['a '], bareError: 'boom' });
    const streamed = await (await post(url('streamGenerateContent', '?alt=sse'), ok, { 'x-goog-api-key': 'k-123456' })).text();
    const [first, rest] = streamed.split('\r\n\r\n');
    expect(first?.startsWith('data: {"candidates":')).toBe(true);
    expect(rest?.startsWith('data:')).toBe(false);
    expect(JSON.parse(rest ?? '')).toEqual({ error: { code: 500, message: 'boom', status: 'INTERNAL' } });
    server.script({ kind: 'text', text: 'Hello from the fake provider.' });
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

describe('the fake OpenAI-compatible server: per-host rules', () => {
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
