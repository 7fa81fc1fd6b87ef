import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { ContractSchema } from '../contractSchema';
import { startFakeGemini, type FakeProviderServer } from '../testing/fakeProviders';
import { MAX_RETRY_AFTER_SECONDS, providerMessages } from './errors';
import { audioMimeType, blobToBase64, createGeminiProvider, createGeminiTranscriber, TRANSCRIBE_INSTRUCTION } from './gemini';
import type { FetchLike } from './transport';

const KEY = 'gemini-test-key-42';
const schema: ContractSchema = {
  type: 'OBJECT',
  properties: {
    thesis: { type: 'STRING', description: 'One sentence' },
    points: { type: 'ARRAY', items: { type: 'STRING' }, minItems: 2, maxItems: 5 },
    tone: { type: 'STRING', enum: ['formal', 'casual'] },
  },
  required: ['thesis', 'points'],
};

/** The fake's whole-answer envelope around the text, to know how long the text of a 'huge' answer is. */
const geminiEnvelope = {
  candidates: [{ content: { parts: [{ text: '' }], role: 'model' }, finishReason: 'STOP', index: 0 }],
  usageMetadata: { promptTokenCount: 8, candidatesTokenCount: 12, totalTokenCount: 20 },
  modelVersion: 'gemini-2.5-flash',
  responseId: 'fake-response-id',
};

async function collect(stream: AsyncIterable<string>): Promise<string[]> {
  const out: string[] = [];
  for await (const delta of stream) out.push(delta);
  return out;
}

let server: FakeProviderServer;
beforeAll(async () => {
  server = await startFakeGemini({ apiKey: KEY, model: 'gemini-2.5-flash', chunkDelayMs: 10 });
});
afterAll(() => server.close());
beforeEach(() => {
  server.reset();
  server.script({ kind: 'text', text: '{"thesis":"T","points":["a","b"]}' });
});

const provider = () => createGeminiProvider({ apiKey: KEY, baseUrl: server.baseUrl });

describe('the generateContent request', () => {
  it('posts to /v1beta/models/{model}:generateContent with the key in x-goog-api-key, never in the URL', async () => {
    await provider().generate({ prompt: 'Plan an essay', schema });
    const [exchange] = server.exchanges;
    expect(exchange?.problems).toEqual([]);
    expect(exchange?.method).toBe('POST');
    expect(exchange?.url).toBe('/v1beta/models/gemini-2.5-flash:generateContent');
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

  it('defaults to gemini-2.5-flash on generativelanguage.googleapis.com', async () => {
    const urls: string[] = [];
    const fakeFetch: FetchLike = async (url) => {
      urls.push(url);
      return new Response(JSON.stringify({ candidates: [{ content: { parts: [{ text: 'ok' }] } }] }), { status: 200 });
    };
    const gemini = createGeminiProvider({ apiKey: KEY, fetch: fakeFetch });
    expect(gemini.name).toBe('gemini');
    expect(gemini.model).toBe('gemini-2.5-flash');
    await gemini.generate({ prompt: 'x' });
    expect(urls).toEqual(['https://generativelanguage.googleapis.com/v1beta/models/gemini-2.5-flash:generateContent']);
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

  it('reports a prompt blocked without candidates as an empty answer', async () => {
    server.script({ kind: 'raw', status: 200, headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ promptFeedback: { blockReason: 'SAFETY' } }) });
    await expect(provider().generate({ prompt: 'x' })).rejects.toMatchObject({ message: providerMessages.empty });
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

  it('keeps the error message of a model that does not exist for the logs, not for the user', async () => {
    const other = createGeminiProvider({ apiKey: KEY, baseUrl: server.baseUrl, model: 'gemini-9-ultra' });
    await expect(other.generate({ prompt: 'x' })).rejects.toMatchObject({
      message: 'The AI provider refused the request (status 404).',
      upstreamDetail: 'models/gemini-9-ultra is not found for API version v1beta, or is not supported for generateContent.',
    });
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
    expect(exchange?.url).toBe('/v1beta/models/gemini-2.5-flash:streamGenerateContent?alt=sse');
    expect(exchange?.headers['x-goog-api-key']).toBe(KEY);
    expect(exchange?.json).toEqual({
      contents: [{ role: 'user', parts: [{ text: 'Plan an essay' }] }],
      generationConfig: { responseMimeType: 'application/json', responseSchema: schema },
    });
  });
});

describe('the Gemini transcriber', () => {
  const transcriber = () => createGeminiTranscriber({ apiKey: KEY, baseUrl: server.baseUrl });

  it('sends the audio inline as base64 with its MIME type, after a verbatim-transcription instruction', async () => {
    server.script({ kind: 'text', text: '  Hello class, today we study cells.\n' });
    const audio = new Blob([new Uint8Array([0x1a, 0x45, 0xdf, 0xa3, 0xff, 0x00, 0x80])], { type: 'audio/webm;codecs=opus' });
    await expect(transcriber().transcribe({ audio, fileName: 'lecture.webm' })).resolves.toBe('Hello class, today we study cells.');
    const [exchange] = server.exchanges;
    expect(exchange?.problems).toEqual([]);
    expect(exchange?.url).toBe('/v1beta/models/gemini-2.5-flash:generateContent');
    expect(exchange?.headers['x-goog-api-key']).toBe(KEY);
    expect(exchange?.json).toEqual({
      contents: [
        {
          role: 'user',
          parts: [{ text: TRANSCRIBE_INSTRUCTION }, { inline_data: { mime_type: 'audio/webm', data: 'GkXfo/8AgA==' } }],
        },
      ],
    });
    expect(TRANSCRIBE_INSTRUCTION).toMatch(/^Transcribe this audio verbatim/);
  });

  it('maps errors like the text provider', async () => {
    server.script({ kind: 'error', status: 429, retryAfter: '5' });
    const audio = new Blob(['abc'], { type: 'audio/wav' });
    await expect(transcriber().transcribe({ audio, fileName: 'a.wav' })).rejects.toMatchObject({ status: 429, retryAfterSeconds: 5 });
  });

  it('an abort is an AbortError and closes the connection', async () => {
    server.script({ kind: 'hang' });
    const controller = new AbortController();
    const pending = transcriber().transcribe({ audio: new Blob(['abc'], { type: 'audio/wav' }), fileName: 'a.wav', signal: controller.signal });
    await new Promise((resolve) => setTimeout(resolve, 50));
    controller.abort();
    await expect(pending).rejects.toMatchObject({ name: 'AbortError' });
    await server.waitForClientClose(0);
  });
});

describe('audio helpers', () => {
  it('encodes base64 without Buffer, across the chunking boundary', async () => {
    const bytes = new Uint8Array(70_000).map((_, i) => (i * 7) % 256);
    await expect(blobToBase64(new Blob([bytes]))).resolves.toBe(Buffer.from(bytes).toString('base64'));
  });

  it('takes the declared MIME type without parameters, else guesses from the file name', () => {
    expect(audioMimeType(new Blob([], { type: 'audio/ogg; codecs=opus' }), 'x')).toBe('audio/ogg');
    expect(audioMimeType(new Blob([]), 'talk.MP3')).toBe('audio/mp3');
    expect(audioMimeType(new Blob([]), 'talk.m4a')).toBe('audio/mp4');
    expect(audioMimeType(new Blob([]), 'recording')).toBe('audio/webm');
  });
});
