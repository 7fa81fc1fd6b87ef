import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { ContractSchema } from './schema';
import { startFakeGemini, type FakeProviderServer } from './testing/fakeProviders';
import { providerMessages } from './errors';
import { audioMimeType, blobToBase64, createGeminiProvider, createGeminiTranscriber, GEMINI_DEFAULT_MODEL, geminiSchema, TRANSCRIBE_INSTRUCTION } from './gemini';
import { server, provider, useFakeGemini, KEY, schema, collect } from './testing/geminiTestData';

/*
 * The Gemini adapter, continued from gemini.test.ts: the transcriber, the
 * audio helpers and the documented rules of the real service.
 */

useFakeGemini();

describe('the Gemini transcriber', () => {
  const transcriber = () => createGeminiTranscriber({ apiKey: KEY, baseUrl: server.baseUrl });

  it('sends the audio inline as base64 with its MIME type, after a verbatim-transcription instruction', async () => {
    server.script({ kind: 'text', text: '  Hello class, today we study cells.\n' });
    const audio = new Blob([new Uint8Array([0x1a, 0x45, 0xdf, 0xa3, 0xff, 0x00, 0x80])], { type: 'audio/ogg;codecs=opus' });
    await expect(transcriber().transcribe({ audio, fileName: 'lecture.ogg' })).resolves.toBe('Hello class, today we study cells.');
    const [exchange] = server.exchanges;
    expect(exchange?.problems).toEqual([]);
    expect(exchange?.url).toBe(`/v1beta/models/${GEMINI_DEFAULT_MODEL}:generateContent`);
    expect(exchange?.headers['x-goog-api-key']).toBe(KEY);
    expect(exchange?.json).toEqual({
      contents: [
        {
          role: 'user',
          parts: [{ text: TRANSCRIBE_INSTRUCTION }, { inline_data: { mime_type: 'audio/ogg', data: 'GkXfo/8AgA==' } }],
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

  it('takes the declared MIME type without parameters, in Gemini\'s names, else guesses from the file name', () => {
    expect(audioMimeType(new Blob([], { type: 'audio/ogg; codecs=opus' }), 'x')).toBe('audio/ogg');
    expect(audioMimeType(new Blob([], { type: 'audio/mpeg' }), 'x')).toBe('audio/mp3');
    expect(audioMimeType(new Blob([], { type: 'audio/x-wav' }), 'x')).toBe('audio/wav');
    expect(audioMimeType(new Blob([]), 'talk.MP3')).toBe('audio/mp3');
    expect(audioMimeType(new Blob([]), 'talk.m4a')).toBe('audio/mp4');
    expect(audioMimeType(new Blob([]), 'recording')).toBe('');
  });
});

/*
 * The Gemini rows of /work/shared/findings/provider-conformance.md, against a fake that serves
 * only documented model ids (no model pinned) and sends Gemini's other endings.
 */
describe('Gemini as the real service behaves', () => {
  let real: FakeProviderServer;
  beforeAll(async () => {
    real = await startFakeGemini({ apiKey: KEY, chunkDelayMs: 2 });
  });
  afterAll(() => real.close());
  beforeEach(() => {
    real.reset();
    real.script({ kind: 'text', text: 'fine' });
  });
  const gemini = (options: { model?: string } = {}) => createGeminiProvider({ apiKey: KEY, baseUrl: real.baseUrl, ...options });
  const failureOf = async (work: Promise<unknown>): Promise<{ message: string; upstreamDetail?: string }> => {
    const error = await work.then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(error, 'the call should have failed').toBeInstanceOf(Error);
    const { message, upstreamDetail } = error as { message: string; upstreamDetail?: string };
    // None of these may pass for an empty answer (an empty answer is never a success).
    expect(message).not.toMatch(/empty answer/i);
    return { message, upstreamDetail };
  };

  describe('G2: the default model is a current one, and a retired one says which setting to change', () => {
    it('the default is not the retired gemini-2.5-flash, and the real service serves it', async () => {
      expect(GEMINI_DEFAULT_MODEL).not.toBe('gemini-2.5-flash');
      await expect(gemini().generate({ prompt: 'x' })).resolves.toBe('fine');
      await expect(collect(gemini().stream({ prompt: 'x' }))).resolves.toEqual(['fine']);
      expect(real.exchanges.map((e) => e.problems)).toEqual([[], []]);
    });

    it('the retired gemini-2.5-flash gets 404 NOT_FOUND, reported with the model and GEMINI_MODEL', async () => {
      const retired = gemini({ model: 'gemini-2.5-flash' });
      const whole = await failureOf(retired.generate({ prompt: 'x' }));
      expect(whole.message).toBe('The AI provider has no model "gemini-2.5-flash". Set GEMINI_MODEL to a current model.');
      expect(whole.upstreamDetail).toMatch(/models\/gemini-2\.5-flash is not found/);
      const streamed = await failureOf(collect(retired.stream({ prompt: 'x' })));
      expect(streamed.message).toBe(whole.message);
      const transcribed = await failureOf(createGeminiTranscriber({ apiKey: KEY, baseUrl: real.baseUrl, model: 'gemini-2.5-flash' }).transcribe({ audio: new Blob(['a'], { type: 'audio/wav' }), fileName: 'a.wav' }));
      expect(transcribed.message).toBe(whole.message);
    });
  });

  describe('G5: finish reasons and blocked prompts', () => {
    const declined = (reason: string) => `The AI declined this request: ${reason}.`;
    const cases: [string, string][] = [
      ['MAX_TOKENS', 'The answer was cut off; try a shorter input.'],
      ['SAFETY', declined('its safety filter stopped the answer')],
      ['RECITATION', declined('the answer was too close to existing published text')],
      ['PROHIBITED_CONTENT', declined('the answer may hold prohibited content')],
      ['SPII', declined('the answer may hold sensitive personal information')],
      ['BLOCKLIST', declined('the answer holds terms from a blocklist')],
      ['LANGUAGE', declined('the language of the request is not supported')],
      ['OTHER', declined('the model stopped for a reason it did not state')],
      ['SOMETHING_NEW', declined('the model stopped for a reason it did not state')],
    ];

    it.each(cases)('%s, whole and streamed, after some text and with none', async (finishReason, message) => {
      for (const text of ['{"thesis":"Half a th', '']) {
        real.script({ kind: 'gemini', text, finishReason, finishMessage: 'Provider words about it.' });
        const whole = await failureOf(gemini().generate({ prompt: 'x', schema }));
        expect(whole.message).toBe(message);
        expect(whole.upstreamDetail).toBe('Provider words about it.');
        const streamed = await failureOf(collect(gemini().stream({ prompt: 'x', schema })));
        expect(streamed.message).toBe(message);
      }
      expect(real.exchanges.every((e) => e.problems.length === 0)).toBe(true);
    });

    it('a streamed answer stopped by SAFETY is not done: the text before it arrives, then the error', async () => {
      real.script({ kind: 'gemini', text: 'Some words then', chunks: ['Some ', 'words ', 'then'], finishReason: 'SAFETY' });
      const seen: string[] = [];
      const error = await (async () => {
        for await (const delta of gemini().stream({ prompt: 'x' })) seen.push(delta);
      })().catch((e: unknown) => e);
      expect(seen).toEqual(['Some ', 'words ', 'then']);
      expect(error).toMatchObject({ message: declined('its safety filter stopped the answer') });
    });

    it.each([
      ['SAFETY', declined('its safety filter blocked the request')],
      ['PROHIBITED_CONTENT', declined('the request may hold prohibited content')],
      ['BLOCKLIST', declined('the request holds terms from a blocklist')],
      ['OTHER', declined('the request was blocked for a reason the provider did not state')],
    ])('promptFeedback.blockReason %s without candidates, whole and streamed', async (blockReason, message) => {
      real.script({ kind: 'gemini', blockReason });
      expect((await failureOf(gemini().generate({ prompt: 'x' }))).message).toBe(message);
      expect((await failureOf(collect(gemini().stream({ prompt: 'x' })))).message).toBe(message);
      const transcriber = createGeminiTranscriber({ apiKey: KEY, baseUrl: real.baseUrl });
      expect((await failureOf(transcriber.transcribe({ audio: new Blob(['a'], { type: 'audio/wav' }), fileName: 'a.wav' }))).message).toBe(message);
    });

    it('a stream that ends without any finishReason did not finish', async () => {
      const event = (text: string) => `data: ${JSON.stringify({ candidates: [{ content: { role: 'model', parts: [{ text }] }, index: 0 }] })}\r\n\r\n`;
      real.script({ kind: 'raw', status: 200, headers: { 'Content-Type': 'text/event-stream' }, body: event('Half ') + event('an answer') });
      expect((await failureOf(collect(gemini().stream({ prompt: 'x' })))).message).toBe(providerMessages.answerUnfinished);
    });
  });

  describe('G6: an error object sent bare in the stream, not framed as an SSE event', () => {
    it('ends the stream with the in-stream error, its text only on upstreamDetail', async () => {
      real.script({ kind: 'gemini', chunks: ['Half ', 'an answer'], bareError: 'Internal error at db.internal:5432' });
      const failure = await failureOf(collect(gemini().stream({ prompt: 'x' })));
      expect(failure.message).toBe(providerMessages.failedWhileAnswering);
      expect(failure.upstreamDetail).toBe('Internal error at db.internal:5432');
    });

    it('also when the error is the whole body', async () => {
      real.script({ kind: 'raw', status: 200, headers: { 'Content-Type': 'text/event-stream' }, body: JSON.stringify({ error: { code: 503, message: 'The model is overloaded.', status: 'UNAVAILABLE' } }, null, 2) });
      expect(await failureOf(collect(gemini().stream({ prompt: 'x' })))).toEqual({ message: providerMessages.failedWhileAnswering, upstreamDetail: 'The model is overloaded.' });
    });
  });

  describe('G4: only fields of Google\'s Schema object reach responseSchema', () => {
    it('drops additionalProperties, $schema and other JSON-Schema keys, at every depth', async () => {
      const loose = {
        $schema: 'https://json-schema.org/draft/2020-12/schema',
        type: 'OBJECT',
        additionalProperties: false,
        properties: { items: { type: 'ARRAY', items: { type: 'OBJECT', additionalProperties: false, properties: { q: { type: 'STRING', const: 'x' } } } } },
        required: ['items'],
      } as unknown as ContractSchema;
      real.script({ kind: 'text', text: '{"items":[]}' });
      await expect(gemini().generate({ prompt: 'x', schema: loose })).resolves.toBe('{"items":[]}');
      expect(real.exchanges[0]?.problems).toEqual([]);
      expect(geminiSchema(loose)).toEqual({
        type: 'OBJECT',
        properties: { items: { type: 'ARRAY', items: { type: 'OBJECT', properties: { q: { type: 'STRING' } } } } },
        required: ['items'],
      });
    });
  });

  describe('G7: inline audio only in the formats generateContent documents', () => {
    const transcriber = () => createGeminiTranscriber({ apiKey: KEY, baseUrl: real.baseUrl });

    it.each([
      ['audio/webm;codecs=opus', 'recording.webm', 'audio/webm'],
      ['audio/mp4', 'recording.audio', 'audio/mp4'],
      ['video/quicktime', 'lecture.mov', 'video/quicktime'],
    ])('refuses %s before sending, naming TRANSCRIBE_BASE_URL and the documented formats', async (type, fileName, named) => {
      const failure = await failureOf(transcriber().transcribe({ audio: new Blob(['a'], { type }), fileName }));
      expect(failure.message).toBe(`Gemini does not document ${named} audio; set TRANSCRIBE_BASE_URL to a Whisper-style service, or upload WAV, MP3, OGG, FLAC, AAC or AIFF.`);
      expect(real.exchanges).toHaveLength(0);
    });

    it.each([
      ['audio/mpeg', 'talk.mp3', 'audio/mp3'],
      ['audio/x-wav', 'talk.wav', 'audio/wav'],
      ['', 'talk.flac', 'audio/flac'],
      ['audio/aac', 'talk.aac', 'audio/aac'],
      ['audio/aiff', 'talk.aiff', 'audio/aiff'],
      ['audio/ogg', 'talk.ogg', 'audio/ogg'],
    ])('sends %s (%s) as %s, which the service accepts', async (type, fileName, sent) => {
      real.script({ kind: 'text', text: 'Words.' });
      await expect(transcriber().transcribe({ audio: new Blob(['a'], { type }), fileName })).resolves.toBe('Words.');
      const part = (real.exchanges[0]?.json as { contents: { parts: { inline_data?: { mime_type: string } }[] }[] }).contents[0]?.parts[1];
      expect(part?.inline_data?.mime_type).toBe(sent);
      expect(real.exchanges[0]?.problems).toEqual([]);
    });
  });
});
