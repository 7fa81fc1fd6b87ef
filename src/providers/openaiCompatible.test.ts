import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startFakeOpenAI, type FakeProviderServer } from './testing/fakeProviders';
import { providerMessages } from './errors';
import { createOpenAICompatibleProvider, createOpenAICompatibleTranscriber } from './openaiCompatible';
import { KEY, schema, jsonSchema } from './testing/openaiTestData';

describe('with a key (OpenAI, Groq, OpenRouter)', () => {
  let server: FakeProviderServer;
  beforeAll(async () => {
    server = await startFakeOpenAI({ apiKey: KEY, model: 'gpt-4o-mini', chunkDelayMs: 10 });
  });
  afterAll(() => server.close());
  beforeEach(() => {
    server.reset();
    server.script({ kind: 'text', text: '{"cards":[{"front":"a","back":"b"}]}' });
  });
  const provider = () => createOpenAICompatibleProvider({ baseUrl: server.baseUrl, apiKey: KEY, model: 'gpt-4o-mini' });

  it('posts {model, messages, response_format json_schema} to {base}/chat/completions with a bearer key', async () => {
    await expect(provider().generate({ prompt: 'Make flashcards', schema })).resolves.toBe('{"cards":[{"front":"a","back":"b"}]}');
    const [exchange] = server.exchanges;
    expect(exchange?.problems).toEqual([]);
    expect(exchange?.method).toBe('POST');
    expect(exchange?.url).toBe('/v1/chat/completions');
    expect(exchange?.headers.authorization).toBe(`Bearer ${KEY}`);
    expect(exchange?.headers['content-type']).toBe('application/json');
    expect(exchange?.json).toEqual({
      model: 'gpt-4o-mini',
      messages: [{ role: 'user', content: 'Make flashcards' }],
      response_format: { type: 'json_schema', json_schema: { name: 'result', schema: jsonSchema, strict: false } },
    });
  });

  it('sends no response_format when text is wanted, and no stream flag for a whole answer', async () => {
    server.script({ kind: 'text', text: '## Notes' });
    await expect(provider().generate({ prompt: 'Summarise' })).resolves.toBe('## Notes');
    expect(server.exchanges[0]?.json).toEqual({ model: 'gpt-4o-mini', messages: [{ role: 'user', content: 'Summarise' }] });
  });

  it('streams with stream: true, reading delta.content until data: [DONE]', async () => {
    server.script({ kind: 'text', text: 'x', chunks: ['{"cards":', '[]', '}'] });
    const deltas: string[] = [];
    for await (const delta of provider().stream({ prompt: 'Make flashcards', schema })) deltas.push(delta);
    expect(deltas).toEqual(['{"cards":', '[]', '}']);
    const [exchange] = server.exchanges;
    expect(exchange?.problems).toEqual([]);
    expect(exchange?.json).toEqual({
      model: 'gpt-4o-mini',
      messages: [{ role: 'user', content: 'Make flashcards' }],
      stream: true,
      response_format: { type: 'json_schema', json_schema: { name: 'result', schema: jsonSchema, strict: false } },
    });
  });

  it("redacts OpenAI's masked echo of a wrong key from the upstream detail", async () => {
    server.script({ kind: 'error', status: 404, message: 'Project key sk-proj-ab12***************************wxyz has no access to this model.' });
    await expect(provider().generate({ prompt: 'x' })).rejects.toMatchObject({
      message: 'The AI provider refused the request (status 404).',
      upstreamDetail: 'Project key [redacted] has no access to this model.',
    });
  });

  it("maps OpenAI's 401 for a wrong key to the key message", async () => {
    const wrong = createOpenAICompatibleProvider({ baseUrl: server.baseUrl, apiKey: 'sk-wrong-0123456789abcdef', model: 'gpt-4o-mini' });
    await expect(wrong.generate({ prompt: 'x' })).rejects.toMatchObject({ message: providerMessages.keyRejected, status: 502 });
  });

  it('reports a refusal as the model declining, its text kept only on upstreamDetail', async () => {
    // The issue lists refusals among the leaks: a proxy or a system prompt can put internals in a refusal.
    const refusal = `I can't help with that: internal policy file /srv/app/policy.md forbids it (key ${KEY}).`;
    server.script({
      kind: 'raw',
      status: 200,
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ choices: [{ index: 0, message: { role: 'assistant', content: null, refusal }, finish_reason: 'stop' }] }),
    });
    const error = await provider().generate({ prompt: 'x' }).catch((e: unknown) => e);
    expect(error).toMatchObject({ message: 'The AI model declined to answer this request.', status: 502 });
    expect(error).toHaveProperty('upstreamDetail', "I can't help with that: internal policy file /srv/app/policy.md forbids it (key [redacted]).");
  });

  it("OpenAI's 404 model_not_found names OPENAI_MODEL, whole and streamed; OpenAI's words only on upstreamDetail", async () => {
    const other = createOpenAICompatibleProvider({ baseUrl: server.baseUrl, apiKey: KEY, model: 'gpt-nope' });
    const expected = {
      message: 'The AI provider has no model "gpt-nope". Set OPENAI_MODEL to a current model.',
      status: 502,
      upstreamDetail: 'The model `gpt-nope` does not exist or you do not have access to it.',
    };
    await expect(other.generate({ prompt: 'x' })).rejects.toMatchObject(expected);
    const stream = (async () => {
      for await (const delta of other.stream({ prompt: 'x' })) void delta;
    })();
    await expect(stream).rejects.toMatchObject(expected);
    // A structured request to a host that cannot stream it goes through generate(): the same mapping.
    const groq = createOpenAICompatibleProvider({ baseUrl: server.baseUrl, apiKey: KEY, model: 'gpt-nope', setup: 'groq' });
    const structured = (async () => {
      for await (const delta of groq.stream({ prompt: 'x', schema })) void delta;
    })();
    await expect(structured).rejects.toMatchObject(expected);
  });

  it('modelSetting names what to change instead (own-key mode: the Model field in Settings)', async () => {
    const own = createOpenAICompatibleProvider({ baseUrl: server.baseUrl, apiKey: KEY, model: 'gpt-nope', modelSetting: 'the Model field in Settings' });
    await expect(own.generate({ prompt: 'x' })).rejects.toMatchObject({
      message: 'The AI provider has no model "gpt-nope". Set the Model field in Settings to a current model.',
    });
  });

  it('a 404 that is not about a missing model stays generic', async () => {
    server.script({ kind: 'error', status: 404, message: 'Invalid URL (POST /v1/chat/completions)' });
    await expect(provider().generate({ prompt: 'x' })).rejects.toMatchObject({
      message: 'The AI provider refused the request (status 404).',
      upstreamDetail: 'Invalid URL (POST /v1/chat/completions)',
    });
    // The path itself unknown (a base URL without /v1): the fake's own 404, no model in it.
    const wrongBase = createOpenAICompatibleProvider({ baseUrl: server.baseUrl.replace(/\/v1$/, ''), apiKey: KEY, model: 'gpt-4o-mini' });
    await expect(wrongBase.generate({ prompt: 'x' })).rejects.toMatchObject({ message: 'The AI provider refused the request (status 404).' });
    // "model" in a 404 that does not say the model does not exist (access to a project), and the same words with another status.
    server.script({ kind: 'error', status: 404, message: 'Project proj_1 has no access to this model.' });
    await expect(provider().generate({ prompt: 'x' })).rejects.toMatchObject({ message: 'The AI provider refused the request (status 404).' });
    server.script({ kind: 'error', status: 400, message: 'The model `gpt-4o-mini` does not exist or you do not have access to it.' });
    await expect(provider().generate({ prompt: 'x' })).rejects.toMatchObject({ message: 'The AI provider refused the request (status 400).' });
  });

  it('takes maxAnswerBytes', async () => {
    server.script({ kind: 'huge', bytes: 100_000 });
    const small = createOpenAICompatibleProvider({ baseUrl: server.baseUrl, apiKey: KEY, model: 'gpt-4o-mini', maxAnswerBytes: 50_000 });
    const tooLong = "The AI provider's answer was longer than StudyForge accepts (50000 bytes).";
    await expect(small.generate({ prompt: 'x' })).rejects.toMatchObject({ message: tooLong, status: 502 });
    const stream = (async () => {
      for await (const delta of small.stream({ prompt: 'x' })) void delta;
    })();
    await expect(stream).rejects.toMatchObject({ message: tooLong, status: 502 });
  });
});

describe('without a key (llama.cpp, vLLM, LM Studio)', () => {
  let server: FakeProviderServer;
  beforeAll(async () => {
    server = await startFakeOpenAI({ chunkDelayMs: 5 });
  });
  afterAll(() => server.close());

  it('sends no Authorization header, and tolerates a trailing slash on the base URL', async () => {
    server.script({ kind: 'text', text: 'Hi' });
    const local = createOpenAICompatibleProvider({ baseUrl: `${server.baseUrl}/`, model: 'qwen2.5-7b-instruct' });
    expect(local.name).toBe('openai');
    expect(local.model).toBe('qwen2.5-7b-instruct');
    await expect(local.generate({ prompt: 'x' })).resolves.toBe('Hi');
    const [exchange] = server.exchanges;
    expect(exchange?.url).toBe('/v1/chat/completions');
    expect(exchange?.headers.authorization).toBeUndefined();
    expect(exchange?.problems).toEqual([]);
  });
});

describe('the OpenAI-compatible transcriber', () => {
  let server: FakeProviderServer;
  beforeAll(async () => {
    server = await startFakeOpenAI({ apiKey: KEY });
  });
  afterAll(() => server.close());
  beforeEach(() => server.reset());

  it('posts multipart file, model and response_format=json to {base}/audio/transcriptions and returns text', async () => {
    server.script({ kind: 'text', text: 'Mitochondria are the powerhouse of the cell.' });
    const transcriber = createOpenAICompatibleTranscriber({ baseUrl: server.baseUrl, apiKey: KEY });
    expect(transcriber.name).toBe('openai');
    const audio = new Blob(['RIFF....WAVEfmt '], { type: 'audio/wav' });
    await expect(transcriber.transcribe({ audio, fileName: 'lesson.wav' })).resolves.toBe('Mitochondria are the powerhouse of the cell.');
    const [exchange] = server.exchanges;
    expect(exchange?.problems).toEqual([]);
    expect(exchange?.method).toBe('POST');
    expect(exchange?.url).toBe('/v1/audio/transcriptions');
    expect(exchange?.headers.authorization).toBe(`Bearer ${KEY}`);
    expect(exchange?.headers['content-type']).toMatch(/^multipart\/form-data; boundary=/);
    expect(exchange?.form).toEqual({
      fields: { model: 'whisper-1', response_format: 'json' },
      files: { file: { name: 'lesson.wav', type: 'audio/wav', size: 16, text: 'RIFF....WAVEfmt ' } },
    });
  });

  it('uses the configured model, and no key for a local whisper server', async () => {
    const local = await startFakeOpenAI({});
    try {
      local.script({ kind: 'text', text: 'hello' });
      const transcriber = createOpenAICompatibleTranscriber({ baseUrl: local.baseUrl, model: 'Systran/faster-whisper-small' });
      await expect(transcriber.transcribe({ audio: new Blob(['x'], { type: 'audio/webm' }), fileName: 'a.webm' })).resolves.toBe('hello');
      expect(local.exchanges[0]?.headers.authorization).toBeUndefined();
      expect(local.exchanges[0]?.form?.fields.model).toBe('Systran/faster-whisper-small');
    } finally {
      await local.close();
    }
  });

  it('maps errors, and an empty transcript', async () => {
    const transcriber = createOpenAICompatibleTranscriber({ baseUrl: server.baseUrl, apiKey: KEY });
    const audio = new Blob(['x'], { type: 'audio/webm' });
    server.script({ kind: 'error', status: 413, message: 'Maximum content size limit (26214400) exceeded.' });
    await expect(transcriber.transcribe({ audio, fileName: 'a.webm' })).rejects.toMatchObject({
      message: 'The AI provider refused the request (status 413).',
      upstreamDetail: 'Maximum content size limit (26214400) exceeded.',
    });
    server.script({ kind: 'text', text: '   ' });
    await expect(transcriber.transcribe({ audio, fileName: 'a.webm' })).rejects.toMatchObject({ message: providerMessages.empty });
    const wrong = createOpenAICompatibleTranscriber({ baseUrl: server.baseUrl, apiKey: 'sk-wrong-zzzzzzzzzzzz' });
    await expect(wrong.transcribe({ audio, fileName: 'a.webm' })).rejects.toMatchObject({ message: providerMessages.keyRejected });
  });

  it("the transcriber's 404 model_not_found names TRANSCRIBE_MODEL (or modelSetting); a host without the route stays generic", async () => {
    const pinned = await startFakeOpenAI({ apiKey: KEY, model: 'whisper-1' });
    const noRoute = await startFakeOpenAI({ apiKey: KEY, audioRoute: false });
    try {
      const audio = new Blob(['x'], { type: 'audio/webm' });
      const retired = createOpenAICompatibleTranscriber({ baseUrl: pinned.baseUrl, apiKey: KEY, model: 'whisper-0' });
      await expect(retired.transcribe({ audio, fileName: 'a.webm' })).rejects.toMatchObject({
        message: 'The AI provider has no model "whisper-0". Set TRANSCRIBE_MODEL to a current model.',
        status: 502,
        upstreamDetail: 'The model `whisper-0` does not exist or you do not have access to it.',
      });
      const named = createOpenAICompatibleTranscriber({ baseUrl: pinned.baseUrl, apiKey: KEY, model: 'whisper-0', modelSetting: 'OPENAI_TRANSCRIBE' });
      await expect(named.transcribe({ audio, fileName: 'a.webm' })).rejects.toMatchObject({
        message: 'The AI provider has no model "whisper-0". Set OPENAI_TRANSCRIBE to a current model.',
      });
      const routeless = createOpenAICompatibleTranscriber({ baseUrl: noRoute.baseUrl, apiKey: KEY });
      await expect(routeless.transcribe({ audio, fileName: 'a.webm' })).rejects.toMatchObject({
        message: 'The AI provider refused the request (status 404).',
        upstreamDetail: 'Invalid URL (POST /v1/audio/transcriptions)',
      });
    } finally {
      await pinned.close();
      await noRoute.close();
    }
  });

  it('bounds the transcript by maxAnswerBytes, closing the connection', async () => {
    server.script({ kind: 'huge', bytes: 50_000_000 });
    const transcriber = createOpenAICompatibleTranscriber({ baseUrl: server.baseUrl, apiKey: KEY, maxAnswerBytes: 1024 * 1024 });
    await expect(transcriber.transcribe({ audio: new Blob(['x'], { type: 'audio/webm' }), fileName: 'a.webm' })).rejects.toMatchObject({
      message: "The AI provider's answer was longer than StudyForge accepts (1 MB).",
      status: 502,
    });
    await server.waitForClientClose(0);
    expect(server.exchanges[0]?.responseEnded).toBe(false);
  });

  it('an abort is an AbortError and closes the connection', async () => {
    server.script({ kind: 'hang' });
    const controller = new AbortController();
    const transcriber = createOpenAICompatibleTranscriber({ baseUrl: server.baseUrl, apiKey: KEY });
    const pending = transcriber.transcribe({ audio: new Blob(['x']), fileName: 'a.webm', signal: controller.signal });
    await new Promise((resolve) => setTimeout(resolve, 50));
    controller.abort();
    await expect(pending).rejects.toMatchObject({ name: 'AbortError' });
    await server.waitForClientClose(0);
  });
});
