import { describe, expect, it } from 'vitest';
import { MAX_RETRY_AFTER_SECONDS, providerMessages } from './errors';
import { createGeminiProvider, createGeminiTranscriber, GEMINI_DEFAULT_MODEL } from './gemini';
import type { FetchLike } from './transport';
import { server, provider, useFakeGemini, KEY, schema, geminiEnvelope, collect } from './testing/geminiTestData';

useFakeGemini();

describe('the generateContent request', () => {
  it('posts to /v1beta/models/{model}:generateContent with the key in x-goog-api-key, never in the URL', async () => {
    await provider().generate({ prompt: 'Plan an essay', schema });
    const [exchange] = server.exchanges;
    expect(exchange?.problems).toEqual([]);
    expect(exchange?.method).toBe('POST');
    expect(exchange?.url).toBe(`/v1beta/models/${GEMINI_DEFAULT_MODEL}:generateContent`);
    expect(exchange?.headers['x-goog-api-key']).toBe(KEY);
    expect(exchange?.headers['content-type']).toBe('application/json');
    expect(exchange?.headers.authorization).toBeUndefined();
    expect(exchange?.url).not.toContain(KEY);
  });

  it('passes the contract schema as responseSchema, as it is, with responseMimeType application/json', async () => {
    await provider().generate({ prompt: 'Plan an essay', schema });
    expect(server.exchanges[0]?.json).toEqual({
      contents: [{ role: 'user', parts: [{ text: 'Plan an essay' }] }],
      generationConfig: { responseMimeType: 'application/json', responseSchema: schema },
    });
  });

  it('sends no generationConfig when text is wanted', async () => {
    server.script({ kind: 'text', text: '## Notes' });
    await expect(provider().generate({ prompt: 'Summarise' })).resolves.toBe('## Notes');
    expect(server.exchanges[0]?.json).toEqual({ contents: [{ role: 'user', parts: [{ text: 'Summarise' }] }] });
  });

  it('defaults to a current stable model (gemini-3.8-flash) on generativelanguage.googleapis.com', async () => {
    const urls: string[] = [];
    const fakeFetch: FetchLike = async (url) => {
      urls.push(url);
      return new Response(JSON.stringify({ candidates: [{ content: { parts: [{ text: 'ok' }] }, finishReason: 'STOP' }] }), { status: 200 });
    };
    const gemini = createGeminiProvider({ apiKey: KEY, fetch: fakeFetch });
    expect(gemini.name).toBe('gemini');
    expect(gemini.model).toBe('gemini-3.8-flash');
    await gemini.generate({ prompt: 'x' });
    expect(urls).toEqual(['https://generativelanguage.googleapis.com/v1beta/models/gemini-3.8-flash:generateContent']);
  });

  it('joins the text of every part of candidates[0], leaving thought summaries out', async () => {
    server.script({
      kind: 'raw',
      status: 200,
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({
        candidates: [
          { content: { role: 'model', parts: [{ text: 'thinking...', thought: true }, { text: '{"a":' }, { text: '1}' }] }, finishReason: 'STOP' },
          { content: { role: 'model', parts: [{ text: 'second candidate' }] } },
        ],
      }),
    });
    await expect(provider().generate({ prompt: 'x' })).resolves.toBe('{"a":1}');
  });

  it('reports a prompt blocked without candidates as declined, not as an empty answer', async () => {
    server.script({ kind: 'raw', status: 200, headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ promptFeedback: { blockReason: 'SAFETY' } }) });
    await expect(provider().generate({ prompt: 'x' })).rejects.toMatchObject({ message: 'The AI declined this request: its safety filter blocked the request.' });
  });

  it("maps Gemini's answer to an invalid key (400 API_KEY_INVALID) to the key message", async () => {
    const wrong = createGeminiProvider({ apiKey: 'not-the-key', baseUrl: server.baseUrl });
    await expect(wrong.generate({ prompt: 'x' })).rejects.toMatchObject({ message: providerMessages.keyRejected, status: 502 });
    expect(server.exchanges[0]?.headers['x-goog-api-key']).toBe('not-the-key');
  });

  it("uses Gemini's RetryInfo delay when a 429 has no Retry-After header", async () => {
    server.script({
      kind: 'raw',
      status: 429,
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({
        error: {
          code: 429,
          message: 'You exceeded your current quota.',
          status: 'RESOURCE_EXHAUSTED',
          details: [{ '@type': 'type.googleapis.com/google.rpc.RetryInfo', retryDelay: '21.4s' }],
        },
      }),
    });
    await expect(provider().generate({ prompt: 'x' })).rejects.toMatchObject({ status: 429, retryAfterSeconds: 22 });
  });

  it('names the model and the setting to change when Gemini has no such model (404); its words stay on upstreamDetail', async () => {
    const other = createGeminiProvider({ apiKey: KEY, baseUrl: server.baseUrl, model: 'gemini-9-ultra' });
    await expect(other.generate({ prompt: 'x' })).rejects.toMatchObject({
      message: 'The AI provider has no model "gemini-9-ultra". Set GEMINI_MODEL to a current model.',
      upstreamDetail: 'models/gemini-9-ultra is not found for API version v1beta, or is not supported for generateContent.',
    });
    const ownKey = createGeminiProvider({ apiKey: KEY, baseUrl: server.baseUrl, model: 'gemini-9-ultra', modelSetting: 'the Model field in Settings' });
    await expect(collect(ownKey.stream({ prompt: 'x' }))).rejects.toMatchObject({
      message: 'The AI provider has no model "gemini-9-ultra". Set the Model field in Settings to a current model.',
    });
  });

  it('a 404 that is not about a model keeps the generic message', async () => {
    server.script({ kind: 'raw', status: 404, headers: { 'Content-Type': 'text/html' }, body: '<html>Not Found</html>' });
    await expect(provider().generate({ prompt: 'x' })).rejects.toMatchObject({ message: 'The AI provider refused the request (status 404).' });
  });

  it('clamps a RetryInfo delay to MAX_RETRY_AFTER_SECONDS', async () => {
    server.script({
      kind: 'raw',
      status: 429,
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ error: { code: 429, status: 'RESOURCE_EXHAUSTED', details: [{ '@type': 'type.googleapis.com/google.rpc.RetryInfo', retryDelay: '999999999s' }] } }),
    });
    await expect(provider().generate({ prompt: 'x' })).rejects.toMatchObject({ status: 429, retryAfterSeconds: MAX_RETRY_AFTER_SECONDS });
  });

  it('takes maxAnswerBytes, for answers and transcripts', async () => {
    server.script({ kind: 'huge', bytes: 200_000 });
    const small = createGeminiProvider({ apiKey: KEY, baseUrl: server.baseUrl, maxAnswerBytes: 64 * 1024 });
    await expect(small.generate({ prompt: 'x' })).rejects.toMatchObject({ message: "The AI provider's answer was longer than StudyForge accepts (64 KB).", status: 502 });
    await expect(collect(small.stream({ prompt: 'x' }))).rejects.toMatchObject({ message: "The AI provider's answer was longer than StudyForge accepts (64 KB)." });
    const transcriber = createGeminiTranscriber({ apiKey: KEY, baseUrl: server.baseUrl, maxAnswerBytes: 64 * 1024 });
    await expect(transcriber.transcribe({ audio: new Blob(['abc'], { type: 'audio/wav' }), fileName: 'a.wav' })).rejects.toMatchObject({
      message: "The AI provider's answer was longer than StudyForge accepts (64 KB).",
    });
    await expect(provider().generate({ prompt: 'x' })).resolves.toHaveLength(200_000 - JSON.stringify(geminiEnvelope).length);
  });
});

describe('the streamGenerateContent request', () => {
  it('posts the same body to :streamGenerateContent?alt=sse and yields each event text', async () => {
    server.script({ kind: 'text', text: 'x', chunks: ['{"thesis":', '"T",', '"points":["a","b"]}'] });
    const deltas: string[] = [];
    for await (const delta of provider().stream({ prompt: 'Plan an essay', schema })) deltas.push(delta);
    expect(deltas).toEqual(['{"thesis":', '"T",', '"points":["a","b"]}']);
    const [exchange] = server.exchanges;
    expect(exchange?.problems).toEqual([]);
    expect(exchange?.url).toBe(`/v1beta/models/${GEMINI_DEFAULT_MODEL}:streamGenerateContent?alt=sse`);
    expect(exchange?.headers['x-goog-api-key']).toBe(KEY);
    expect(exchange?.json).toEqual({
      contents: [{ role: 'user', parts: [{ text: 'Plan an essay' }] }],
      generationConfig: { responseMimeType: 'application/json', responseSchema: schema },
    });
  });
});
