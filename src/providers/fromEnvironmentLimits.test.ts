import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeGemini, startFakeOllama, startFakeOpenAI, type FakeProviderServer } from './testing/fakeProviders';
import { OLLAMA_DEFAULT_NUM_CTX, providersFromEnv } from './fromEnvironment';
import type { FetchLike } from './transport';

/*
 * providersFromEnv, continued from fromEnvironment.test.ts: the answer-size
 * limit, transcription defaults per host, OLLAMA_NUM_CTX, the start-up model
 * check and the errors that name the variable to change.
 */

const GEMINI_KEY = 'gemini-env-key-1234';
const OPENAI_KEY = 'sk-env-abcdefghijklmnop';
/** A type Gemini's generateContent documents (wav, mp3, aiff, aac, ogg, flac: ai.google.dev/gemini-api/docs/audio). */
const oggAudio = () => ({ audio: new Blob(['x'], { type: 'audio/ogg' }), fileName: 'a.ogg' });

describe('STUDYFORGE_MAX_ANSWER_BYTES', () => {
  let gemini: FakeProviderServer;
  let openai: FakeProviderServer;
  let ollama: FakeProviderServer;
  beforeAll(async () => {
    [gemini, openai, ollama] = await Promise.all([
      startFakeGemini({ apiKey: GEMINI_KEY, script: [{ kind: 'huge', bytes: 20_000 }] }),
      startFakeOpenAI({ apiKey: OPENAI_KEY, script: [{ kind: 'huge', bytes: 20_000 }] }),
      startFakeOllama({ script: [{ kind: 'huge', bytes: 20_000 }] }),
    ]);
  });
  afterAll(() => Promise.all([gemini.close(), openai.close(), ollama.close()]));

  const tooLong = "The AI provider's answer was longer than StudyForge accepts (10000 bytes).";
  const audio = () => ({ audio: new Blob(['x'], { type: 'audio/webm' }), fileName: 'a.webm' });

  it('bounds the answers of every chosen provider and transcriber', async () => {
    const limit = { STUDYFORGE_MAX_ANSWER_BYTES: '10000' };
    const fromGemini = providersFromEnv({ ...limit, GEMINI_API_KEY: GEMINI_KEY, GEMINI_BASE_URL: gemini.baseUrl });
    await expect(fromGemini.text?.generate({ prompt: 'x' })).rejects.toMatchObject({ message: tooLong });
    await expect(fromGemini.transcription?.transcribe(oggAudio())).rejects.toMatchObject({ message: tooLong });
    const fromOpenAI = providersFromEnv({ ...limit, OPENAI_BASE_URL: openai.baseUrl, OPENAI_API_KEY: OPENAI_KEY, OPENAI_MODEL: 'm', TRANSCRIBE_BASE_URL: openai.baseUrl });
    await expect(fromOpenAI.text?.generate({ prompt: 'x' })).rejects.toMatchObject({ message: tooLong });
    await expect(fromOpenAI.transcription?.transcribe(audio())).rejects.toMatchObject({ message: tooLong });
    const fromOllama = providersFromEnv({ ...limit, OLLAMA_URL: ollama.baseUrl });
    await expect(fromOllama.text?.generate({ prompt: 'x' })).rejects.toMatchObject({ message: tooLong });
  });

  it('without it, the default cap lets the same answers through', async () => {
    const fromOllama = providersFromEnv({ OLLAMA_URL: ollama.baseUrl, STUDYFORGE_MAX_ANSWER_BYTES: ' ' });
    await expect(fromOllama.text?.generate({ prompt: 'x' })).resolves.toMatch(/^All work and no play/);
  });

  it('must be a positive whole number of bytes', () => {
    for (const bad of ['0', '-1', 'abc', '1.5', '1e6', '2MB', '99999999999999999999']) {
      expect(() => providersFromEnv({ OLLAMA_URL: 'http://127.0.0.1:11434', STUDYFORGE_MAX_ANSWER_BYTES: bad })).toThrow(
        `STUDYFORGE_MAX_ANSWER_BYTES must be a positive whole number of bytes, not "${bad}".`,
      );
    }
    // Checked even when no provider is configured, so a typo shows up before the first key is added.
    expect(() => providersFromEnv({ STUDYFORGE_MAX_ANSWER_BYTES: 'lots' })).toThrow(/STUDYFORGE_MAX_ANSWER_BYTES/);
  });
});

describe('transcription defaults against hosts with and without an audio route (L2, R3)', () => {
  let lmStudio: FakeProviderServer;
  let groq: FakeProviderServer;
  beforeAll(async () => {
    [lmStudio, groq] = await Promise.all([
      // LM Studio, llama.cpp, Ollama's /v1: chat only, 404 on /audio/transcriptions.
      startFakeOpenAI({ audioRoute: false, script: [{ kind: 'text', text: 'chat works' }] }),
      // Groq's transcription serves its own Whisper models.
      startFakeOpenAI({ apiKey: OPENAI_KEY, model: 'whisper-large-v3-turbo', script: [{ kind: 'text', text: 'from groq whisper' }] }),
    ]);
  });
  afterAll(() => Promise.all([lmStudio.close(), groq.close()]));
  const audio = () => ({ audio: new Blob(['x'], { type: 'audio/webm' }), fileName: 'a.webm' });

  it('L2: a chat-only server is not asked for transcription (it would answer 404)', async () => {
    const chosen = providersFromEnv({ OPENAI_BASE_URL: lmStudio.baseUrl, OPENAI_MODEL: 'qwen2.5-7b' });
    await expect(chosen.text?.generate({ prompt: 'x' })).resolves.toBe('chat works');
    expect(chosen.transcription).toBeNull();
    expect(chosen.transcriptionNotice).toMatch(/has no audio route; set TRANSCRIBE_BASE_URL/);
    expect(lmStudio.exchanges.map((e) => e.path)).toEqual(['/v1/chat/completions']);
  });

  it('R3: Groq transcription is asked for whisper-large-v3-turbo, which Groq serves', async () => {
    // The Groq host, routed to the fake: the adapter decides by the configured address, api.groq.com.
    const GROQ = 'https://api.groq.com/openai/v1';
    const toFake: FetchLike = (url, init) => fetch(url.replace(GROQ, groq.baseUrl), init);
    const chosen = providersFromEnv({ OPENAI_BASE_URL: GROQ, OPENAI_API_KEY: OPENAI_KEY, OPENAI_MODEL: 'llama-3.3-70b-versatile' }, { fetch: toFake });
    await expect(chosen.transcription?.transcribe(audio())).resolves.toBe('from groq whisper');
    expect(groq.exchanges[0]?.form?.fields.model).toBe('whisper-large-v3-turbo');
    expect(groq.exchanges[0]?.problems).toEqual([]);
  });
});

describe('OLLAMA_NUM_CTX (N2)', () => {
  let ollama: FakeProviderServer;
  beforeAll(async () => {
    ollama = await startFakeOllama({ script: [{ kind: 'text', text: 'read it all' }] });
  });
  afterAll(() => ollama.close());

  it(`sends options.num_ctx, ${OLLAMA_DEFAULT_NUM_CTX} by default, so a long transcript is not cut at Ollama's 4096`, async () => {
    const transcript = 'The lecture went on about cells. '.repeat(1500); // ~50k characters, ~12k tokens
    const chosen = providersFromEnv({ OLLAMA_URL: ollama.baseUrl });
    await expect(chosen.text?.generate({ prompt: transcript })).resolves.toBe('read it all');
    expect(ollama.exchanges[0]?.json).toMatchObject({ options: { num_ctx: 16384 } });
    expect(ollama.exchanges[0]?.contextTruncated).toBeUndefined();
    ollama.reset();
    await providersFromEnv({ OLLAMA_URL: ollama.baseUrl, OLLAMA_NUM_CTX: ' 32768 ' }).text?.generate({ prompt: 'x' });
    expect(ollama.exchanges[0]?.json).toMatchObject({ options: { num_ctx: 32768 } });
  });

  it('must be a positive whole number of tokens', () => {
    for (const bad of ['0', '-1', '4k', '1.5']) {
      expect(() => providersFromEnv({ OLLAMA_URL: 'http://127.0.0.1:11434', OLLAMA_NUM_CTX: bad })).toThrow(`OLLAMA_NUM_CTX must be a positive whole number of tokens, not "${bad}".`);
    }
  });
});

describe('the start-up model check, through the environment', () => {
  let ollama: FakeProviderServer;
  beforeAll(async () => {
    ollama = await startFakeOllama({ model: 'llama3.2' });
  });
  afterAll(() => ollama.close());

  it('names OLLAMA_MODEL when Ollama does not have the model, and is silent about a model it has', async () => {
    await expect(providersFromEnv({ OLLAMA_URL: ollama.baseUrl, OLLAMA_MODEL: 'qwen3' }).checkModel?.()).resolves.toBe(
      '[studyforge] the provider has no model "qwen3": set OLLAMA_MODEL to one of: llama3.2:latest (or pull it: ollama pull qwen3)',
    );
    await expect(providersFromEnv({ OLLAMA_URL: ollama.baseUrl }).checkModel?.()).resolves.toBe('[studyforge] model check: the provider serves "llama3.2"');
    expect(providersFromEnv({}).checkModel).toBeUndefined();
  });
});

describe('structured output the model cannot hold', () => {
  it("says at start that a Groq model outside its json_schema list answers in JSON object mode, and what to set", () => {
    const groq = { OPENAI_BASE_URL: 'https://api.groq.com/openai/v1', OPENAI_API_KEY: 'gsk_0123456789abcdef', OPENAI_MODEL: 'llama-3.3-70b-versatile' };
    expect(providersFromEnv(groq).structuredNotice).toMatch(/^structured output: the model "llama-3\.3-70b-versatile" at .*set OPENAI_MODEL to one of: .*openai\/gpt-oss-120b/);
    expect(providersFromEnv({ ...groq, OPENAI_MODEL: 'openai/gpt-oss-120b' }).structuredNotice).toBeUndefined();
    expect(providersFromEnv({ OPENAI_API_KEY: 'sk-0123456789abcdef' }).structuredNotice).toBeUndefined();
  });
});

describe("a provider's 404 for the model names the variable that sets it", () => {
  let gemini: FakeProviderServer;
  let openai: FakeProviderServer;
  let ollama: FakeProviderServer;
  beforeAll(async () => {
    [gemini, openai, ollama] = await Promise.all([
      startFakeGemini({ apiKey: GEMINI_KEY, model: 'gemini-current' }),
      startFakeOpenAI({ apiKey: OPENAI_KEY, model: 'gpt-current' }),
      startFakeOllama({ model: 'llama3.2' }),
    ]);
  });
  afterAll(() => Promise.all([gemini.close(), openai.close(), ollama.close()]));
  const webm = () => ({ audio: new Blob(['x'], { type: 'audio/webm' }), fileName: 'a.webm' });
  const noModel = (model: string, setting: string) => `The AI provider has no model "${model}". Set ${setting} to a current model.`;

  it('OPENAI_MODEL for OpenAI-compatible text, TRANSCRIBE_MODEL for its transcription', async () => {
    const chosen = providersFromEnv({ OPENAI_BASE_URL: openai.baseUrl, OPENAI_API_KEY: OPENAI_KEY, OPENAI_MODEL: 'gpt-retired', TRANSCRIBE_BASE_URL: openai.baseUrl, TRANSCRIBE_MODEL: 'whisper-0' });
    await expect(chosen.text?.generate({ prompt: 'x' })).rejects.toMatchObject({ message: noModel('gpt-retired', 'OPENAI_MODEL') });
    await expect(chosen.transcription?.transcribe(webm())).rejects.toMatchObject({ message: noModel('whisper-0', 'TRANSCRIBE_MODEL') });
  });

  it('OLLAMA_MODEL for Ollama, with the pull command', async () => {
    await expect(providersFromEnv({ OLLAMA_URL: ollama.baseUrl, OLLAMA_MODEL: 'mistral' }).text?.generate({ prompt: 'x' })).rejects.toMatchObject({
      message: 'The AI provider has no model "mistral": run "ollama pull mistral" on the Ollama machine, or set OLLAMA_MODEL to a model it has.',
    });
  });

  it('GEMINI_MODEL for Gemini, and TRANSCRIBE_MODEL for Gemini transcription when that is what sets its model', async () => {
    const base = { GEMINI_API_KEY: GEMINI_KEY, GEMINI_BASE_URL: gemini.baseUrl, GEMINI_MODEL: 'gemini-retired' };
    const chosen = providersFromEnv(base);
    await expect(chosen.text?.generate({ prompt: 'x' })).rejects.toMatchObject({ message: noModel('gemini-retired', 'GEMINI_MODEL') });
    await expect(chosen.transcription?.transcribe(oggAudio())).rejects.toMatchObject({ message: noModel('gemini-retired', 'GEMINI_MODEL') });
    const own = providersFromEnv({ ...base, GEMINI_MODEL: 'gemini-current', TRANSCRIBE_MODEL: 'gemini-audio-retired' });
    await expect(own.transcription?.transcribe(oggAudio())).rejects.toMatchObject({ message: noModel('gemini-audio-retired', 'TRANSCRIBE_MODEL') });
  });
});
