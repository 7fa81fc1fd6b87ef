import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeGemini, startFakeOllama, startFakeOpenAI, type FakeProviderServer } from '../testing/fakeProviders';
import { GEMINI_DEFAULT_MODEL } from './gemini';
import { OLLAMA_DEFAULT_NUM_CTX, providersFromEnv, transcriptionNotConfigured } from './fromEnvironment';
import type { FetchLike } from './transport';

const GEMINI_KEY = 'gemini-env-key-1234';
const OPENAI_KEY = 'sk-env-abcdefghijklmnop';
/** A type Gemini's generateContent documents (wav, mp3, aiff, aac, ogg, flac: ai.google.dev/gemini-api/docs/audio). */
const oggAudio = () => ({ audio: new Blob(['x'], { type: 'audio/ogg' }), fileName: 'a.ogg' });

describe('choosing the text provider', () => {
  it('chooses nothing when nothing is configured: the gateway answers with samples', () => {
    const chosen = providersFromEnv({});
    expect(chosen.text).toBeNull();
    expect(chosen.transcription).toBeNull();
    expect(chosen.description).toBe('no AI provider configured: answering with sample answers; no transcription');
  });

  it('treats empty variables as unset', () => {
    expect(providersFromEnv({ GEMINI_API_KEY: '', OPENAI_BASE_URL: '  ', STUDYFORGE_PROVIDER: '' }).text).toBeNull();
  });

  it('GEMINI_API_KEY -> Gemini, GEMINI_DEFAULT_MODEL by default, transcribing with Gemini too', () => {
    const chosen = providersFromEnv({ GEMINI_API_KEY: GEMINI_KEY });
    expect(chosen.text).toMatchObject({ name: 'gemini', model: GEMINI_DEFAULT_MODEL });
    expect(chosen.transcription?.name).toBe('gemini');
    expect(chosen.description).toBe(`gemini (${GEMINI_DEFAULT_MODEL}); transcription: gemini (${GEMINI_DEFAULT_MODEL})`);
    expect(providersFromEnv({ GEMINI_API_KEY: GEMINI_KEY, GEMINI_MODEL: 'gemini-2.5-pro' }).text?.model).toBe('gemini-2.5-pro');
  });

  it('Gemini comes before OpenAI, which comes before Ollama, unless STUDYFORGE_PROVIDER says otherwise', () => {
    const all = { GEMINI_API_KEY: GEMINI_KEY, OPENAI_API_KEY: OPENAI_KEY, OLLAMA_URL: 'http://127.0.0.1:11434' };
    expect(providersFromEnv(all).text?.name).toBe('gemini');
    expect(providersFromEnv({ OPENAI_API_KEY: OPENAI_KEY, OLLAMA_URL: 'http://127.0.0.1:11434' }).text?.name).toBe('openai');
    expect(providersFromEnv({ ...all, STUDYFORGE_PROVIDER: 'openai' }).text?.name).toBe('openai');
    expect(providersFromEnv({ ...all, STUDYFORGE_PROVIDER: 'Ollama' }).text?.name).toBe('ollama');
  });

  it('OPENAI_API_KEY alone -> api.openai.com with gpt-4o-mini and whisper-1', () => {
    const chosen = providersFromEnv({ OPENAI_API_KEY: OPENAI_KEY });
    expect(chosen.text).toMatchObject({ name: 'openai', model: 'gpt-4o-mini' });
    expect(chosen.transcription?.name).toBe('openai');
    expect(chosen.description).toBe(
      'openai-compatible (gpt-4o-mini at https://api.openai.com/v1); transcription: openai-compatible (whisper-1 at https://api.openai.com/v1)',
    );
  });

  it('an OpenAI-compatible server of its own needs OPENAI_MODEL', () => {
    expect(() => providersFromEnv({ OPENAI_BASE_URL: 'http://127.0.0.1:8080/v1' })).toThrow(/OPENAI_MODEL/);
    expect(() => providersFromEnv({ STUDYFORGE_PROVIDER: 'openai', OPENAI_BASE_URL: 'http://127.0.0.1:8080/v1' })).toThrow(/OPENAI_MODEL/);
    const chosen = providersFromEnv({ OPENAI_BASE_URL: 'http://127.0.0.1:8080/v1', OPENAI_MODEL: 'qwen2.5-7b' });
    expect(chosen.text).toMatchObject({ name: 'openai', model: 'qwen2.5-7b' });
    // L2: such a server has no /audio/transcriptions, so transcription is not configured (see 'choosing transcription').
    expect(chosen.description).toBe('openai-compatible (qwen2.5-7b at http://127.0.0.1:8080/v1); transcription: not configured');
  });

  it('api.openai.com needs a key', () => {
    expect(() => providersFromEnv({ STUDYFORGE_PROVIDER: 'openai' })).toThrow(/OPENAI_API_KEY/);
  });

  it('OLLAMA_URL -> Ollama with llama3.2, and no transcription (audio stays in the building)', () => {
    const chosen = providersFromEnv({ OLLAMA_URL: 'http://10.0.0.5:11434' });
    expect(chosen.text).toMatchObject({ name: 'ollama', model: 'llama3.2' });
    expect(chosen.transcription).toBeNull();
    expect(chosen.description).toBe('ollama (llama3.2 at http://10.0.0.5:11434); transcription: not configured');
    expect(chosen.transcriptionNotice).toBe(transcriptionNotConfigured('Ollama'));
    expect(providersFromEnv({ STUDYFORGE_PROVIDER: 'ollama', OLLAMA_MODEL: 'qwen3' }).description).toBe(
      'ollama (qwen3 at http://127.0.0.1:11434); transcription: not configured',
    );
    expect(providersFromEnv({ STUDYFORGE_PROVIDER: 'ollama', GEMINI_API_KEY: GEMINI_KEY }).transcription).toBeNull();
  });

  it('names the variable that is wrong', () => {
    expect(() => providersFromEnv({ STUDYFORGE_PROVIDER: 'gemini' })).toThrow(/GEMINI_API_KEY/);
    expect(() => providersFromEnv({ STUDYFORGE_PROVIDER: 'claude' })).toThrow(/STUDYFORGE_PROVIDER/);
    expect(() => providersFromEnv({ OLLAMA_URL: 'localhost:11434' })).toThrow(/OLLAMA_URL/);
    expect(() => providersFromEnv({ GEMINI_API_KEY: GEMINI_KEY, GEMINI_BASE_URL: 'not a url' })).toThrow(/GEMINI_BASE_URL/);
    expect(() => providersFromEnv({ GEMINI_API_KEY: GEMINI_KEY, TRANSCRIBE_PROVIDER: 'whisper' })).toThrow(/TRANSCRIBE_PROVIDER/);
    expect(() => providersFromEnv({ OLLAMA_URL: 'http://h:1', TRANSCRIBE_PROVIDER: 'gemini' })).toThrow(/TRANSCRIBE_API_KEY/);
    expect(() => providersFromEnv({ OLLAMA_URL: 'http://h:1', TRANSCRIBE_PROVIDER: 'openai' })).toThrow(/TRANSCRIBE_API_KEY/);
  });

  it('describes without secrets, even when a URL carries credentials', () => {
    const env = {
      OPENAI_BASE_URL: 'https://user:hunter2@llm.school.example/v1?token=abc123',
      OPENAI_API_KEY: OPENAI_KEY,
      OPENAI_MODEL: 'm',
      GEMINI_API_KEY: GEMINI_KEY,
      STUDYFORGE_PROVIDER: 'openai',
      TRANSCRIBE_PROVIDER: 'gemini',
    };
    const { description } = providersFromEnv(env);
    expect(description).toBe(`openai-compatible (m at https://llm.school.example/v1); transcription: gemini (${GEMINI_DEFAULT_MODEL})`);
    for (const secret of ['hunter2', 'abc123', OPENAI_KEY, GEMINI_KEY]) expect(description).not.toContain(secret);
  });
});

describe('choosing transcription', () => {
  it('TRANSCRIBE_BASE_URL alone means an OpenAI-compatible server (whisper.cpp, faster-whisper)', () => {
    const chosen = providersFromEnv({ OLLAMA_URL: 'http://127.0.0.1:11434', TRANSCRIBE_BASE_URL: 'http://127.0.0.1:9000/v1', TRANSCRIBE_MODEL: 'small' });
    expect(chosen.transcription?.name).toBe('openai');
    expect(chosen.description).toBe('ollama (llama3.2 at http://127.0.0.1:11434); transcription: openai-compatible (small at http://127.0.0.1:9000/v1)');
  });

  it('TRANSCRIBE_PROVIDER=gemini with a text provider elsewhere uses GEMINI_API_KEY', () => {
    const chosen = providersFromEnv({
      STUDYFORGE_PROVIDER: 'ollama',
      TRANSCRIBE_PROVIDER: 'gemini',
      GEMINI_API_KEY: GEMINI_KEY,
    });
    expect(chosen.text?.name).toBe('ollama');
    expect(chosen.transcription?.name).toBe('gemini');
  });

  it('L2: an OpenAI-compatible text server other than OpenAI or Groq gets no transcription by default, and the notice says what to set', () => {
    for (const base of ['http://127.0.0.1:1234/v1', 'http://127.0.0.1:8080/v1', 'http://127.0.0.1:11434/v1', 'http://gpu.school.example:8000/v1', 'https://openrouter.ai/api/v1']) {
      const chosen = providersFromEnv({ OPENAI_BASE_URL: base, OPENAI_MODEL: 'm', OPENAI_API_KEY: OPENAI_KEY });
      expect(chosen.transcription, base).toBeNull();
      expect(chosen.transcriptionNotice).toBe(
        `transcription: not configured: the OpenAI-compatible server at ${base} has no audio route; set TRANSCRIBE_BASE_URL to a Whisper-style service (OpenAI, Groq, faster-whisper) or TRANSCRIBE_PROVIDER=whispercpp with TRANSCRIBE_BASE_URL=http://host:8080`,
      );
    }
    const ollama = providersFromEnv({ OLLAMA_URL: 'http://127.0.0.1:11434' });
    expect(ollama.transcriptionNotice).toMatch(/^transcription: not configured: Ollama has no audio route; set TRANSCRIBE_BASE_URL/);
    // Configured, or nothing at all: no notice.
    expect(providersFromEnv({}).transcriptionNotice).toBeUndefined();
    expect(providersFromEnv({ OPENAI_API_KEY: OPENAI_KEY }).transcriptionNotice).toBeUndefined();
    expect(providersFromEnv({ GEMINI_API_KEY: GEMINI_KEY }).transcriptionNotice).toBeUndefined();
    expect(providersFromEnv({ OPENAI_BASE_URL: 'http://127.0.0.1:1234/v1', OPENAI_MODEL: 'm', TRANSCRIBE_BASE_URL: 'http://127.0.0.1:9000/v1' }).transcriptionNotice).toBeUndefined();
  });

  it('R3: Groq as the text provider transcribes on Groq with whisper-large-v3-turbo, not whisper-1', () => {
    const chosen = providersFromEnv({ OPENAI_BASE_URL: 'https://api.groq.com/openai/v1', OPENAI_API_KEY: OPENAI_KEY, OPENAI_MODEL: 'llama-3.3-70b-versatile' });
    expect(chosen.transcription?.name).toBe('openai');
    expect(chosen.description).toBe(
      'openai-compatible (llama-3.3-70b-versatile at https://api.groq.com/openai/v1); transcription: openai-compatible (whisper-large-v3-turbo at https://api.groq.com/openai/v1)',
    );
    // TRANSCRIBE_BASE_URL pointing at Groq picks Groq's model too; TRANSCRIBE_MODEL wins.
    expect(providersFromEnv({ OLLAMA_URL: 'http://h:1', TRANSCRIBE_BASE_URL: 'https://api.groq.com/openai/v1', TRANSCRIBE_API_KEY: 'gsk_x' }).description).toMatch(/whisper-large-v3-turbo at https:\/\/api.groq.com/);
    expect(providersFromEnv({ OLLAMA_URL: 'http://h:1', TRANSCRIBE_BASE_URL: 'https://api.groq.com/openai/v1', TRANSCRIBE_API_KEY: 'gsk_x', TRANSCRIBE_MODEL: 'whisper-large-v3' }).description).toMatch(/whisper-large-v3 at/);
    expect(() => providersFromEnv({ OLLAMA_URL: 'http://h:1', TRANSCRIBE_BASE_URL: 'https://api.groq.com/openai/v1' })).toThrow(/TRANSCRIBE_API_KEY/);
  });

  it('TRANSCRIBE_PROVIDER=whispercpp needs TRANSCRIBE_BASE_URL and uses whisper.cpp', () => {
    expect(() => providersFromEnv({ OLLAMA_URL: 'http://h:1', TRANSCRIBE_PROVIDER: 'whispercpp' })).toThrow(/TRANSCRIBE_BASE_URL/);
    const chosen = providersFromEnv({ OLLAMA_URL: 'http://h:1', TRANSCRIBE_PROVIDER: 'WhisperCpp', TRANSCRIBE_BASE_URL: 'http://10.0.0.7:8080/' });
    expect(chosen.transcription?.name).toBe('whispercpp');
    expect(chosen.description).toBe('ollama (llama3.2 at http://h:1); transcription: whisper.cpp at http://10.0.0.7:8080');
    expect(chosen.transcriptionNotice).toBeUndefined();
  });

  it('TRANSCRIBE_PROVIDER=openai with Gemini text needs its own key for api.openai.com', () => {
    expect(() => providersFromEnv({ GEMINI_API_KEY: GEMINI_KEY, TRANSCRIBE_PROVIDER: 'openai' })).toThrow(/TRANSCRIBE_API_KEY/);
    const chosen = providersFromEnv({ GEMINI_API_KEY: GEMINI_KEY, TRANSCRIBE_PROVIDER: 'openai', TRANSCRIBE_API_KEY: OPENAI_KEY });
    expect(chosen.transcription?.name).toBe('openai');
  });
});

describe('the chosen providers talk to the configured servers, each key only to its own service', () => {
  let gemini: FakeProviderServer;
  let openai: FakeProviderServer;
  let whisper: FakeProviderServer;
  let ollama: FakeProviderServer;
  beforeAll(async () => {
    [gemini, openai, whisper, ollama] = await Promise.all([
      startFakeGemini({ apiKey: GEMINI_KEY, script: [{ kind: 'text', text: 'from gemini' }] }),
      startFakeOpenAI({ apiKey: OPENAI_KEY, script: [{ kind: 'text', text: 'from openai' }] }),
      startFakeOpenAI({ script: [{ kind: 'text', text: 'from whisper' }] }),
      startFakeOllama({ script: [{ kind: 'text', text: 'from ollama' }] }),
    ]);
  });
  afterAll(() => Promise.all([gemini.close(), openai.close(), whisper.close(), ollama.close()]));

  const audio = () => ({ audio: new Blob(['x'], { type: 'audio/webm' }), fileName: 'a.webm' });

  it('Gemini for text and audio', async () => {
    const chosen = providersFromEnv({ GEMINI_API_KEY: GEMINI_KEY, GEMINI_BASE_URL: gemini.baseUrl, GEMINI_MODEL: GEMINI_DEFAULT_MODEL });
    await expect(chosen.text?.generate({ prompt: 'x' })).resolves.toBe('from gemini');
    await expect(chosen.transcription?.transcribe(oggAudio())).resolves.toBe('from gemini');
    expect(gemini.exchanges.map((e) => [e.url, e.headers['x-goog-api-key'], e.problems])).toEqual([
      [`/v1beta/models/${GEMINI_DEFAULT_MODEL}:generateContent`, GEMINI_KEY, []],
      [`/v1beta/models/${GEMINI_DEFAULT_MODEL}:generateContent`, GEMINI_KEY, []],
    ]);
  });

  it('an OpenAI-compatible server for text and audio (TRANSCRIBE_BASE_URL the same service), with its key', async () => {
    const chosen = providersFromEnv({ OPENAI_BASE_URL: openai.baseUrl, OPENAI_API_KEY: OPENAI_KEY, OPENAI_MODEL: 'gpt-4.1-mini', TRANSCRIBE_BASE_URL: openai.baseUrl });
    await expect(chosen.text?.generate({ prompt: 'x' })).resolves.toBe('from openai');
    await expect(chosen.transcription?.transcribe(audio())).resolves.toBe('from openai');
    expect(openai.exchanges.map((e) => [e.url, e.headers.authorization, e.problems])).toEqual([
      ['/v1/chat/completions', `Bearer ${OPENAI_KEY}`, []],
      ['/v1/audio/transcriptions', `Bearer ${OPENAI_KEY}`, []],
    ]);
  });

  it('a separate whisper server never receives the OpenAI key', async () => {
    const chosen = providersFromEnv({
      OPENAI_BASE_URL: openai.baseUrl,
      OPENAI_API_KEY: OPENAI_KEY,
      OPENAI_MODEL: 'gpt-4.1-mini',
      TRANSCRIBE_BASE_URL: whisper.baseUrl,
    });
    await expect(chosen.transcription?.transcribe(audio())).resolves.toBe('from whisper');
    expect(whisper.exchanges[0]?.headers.authorization).toBeUndefined();
    expect(whisper.exchanges[0]?.form?.fields.model).toBe('whisper-1');
  });

  it('Ollama for text', async () => {
    const chosen = providersFromEnv({ OLLAMA_URL: ollama.baseUrl, OLLAMA_MODEL: 'qwen3' });
    await expect(chosen.text?.generate({ prompt: 'x' })).resolves.toBe('from ollama');
    expect(ollama.exchanges[0]?.json).toMatchObject({ model: 'qwen3', stream: false });
  });
});

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

describe('structured output the model cannot hold (issue 11, R2)', () => {
  it("says at start that a Groq model outside its json_schema list answers in JSON object mode, and what to set", () => {
    const groq = { OPENAI_BASE_URL: 'https://api.groq.com/openai/v1', OPENAI_API_KEY: 'gsk_0123456789abcdef', OPENAI_MODEL: 'llama-3.3-70b-versatile' };
    expect(providersFromEnv(groq).structuredNotice).toMatch(/^structured output: the model "llama-3\.3-70b-versatile" at .*set OPENAI_MODEL to one of: .*openai\/gpt-oss-120b/);
    expect(providersFromEnv({ ...groq, OPENAI_MODEL: 'openai/gpt-oss-120b' }).structuredNotice).toBeUndefined();
    expect(providersFromEnv({ OPENAI_API_KEY: 'sk-0123456789abcdef' }).structuredNotice).toBeUndefined();
  });
});

describe("a provider's 404 for the model names the variable that sets it (issue 11)", () => {
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
