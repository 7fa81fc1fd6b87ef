import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeGemini, startFakeOllama, startFakeOpenAI, type FakeProviderServer } from './testing/fakeProviders';
import { GEMINI_DEFAULT_MODEL } from './gemini';
import { providersFromEnv, transcriptionNotConfigured } from './fromEnvironment';

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

  it('OPENAI_API_KEY alone -> api.openai.com with the current defaults, gpt-6-luna and gpt-transcribe', () => {
    const chosen = providersFromEnv({ OPENAI_API_KEY: OPENAI_KEY });
    expect(chosen.text).toMatchObject({ name: 'openai', model: 'gpt-6-luna' });
    expect(chosen.transcription?.name).toBe('openai');
    expect(chosen.description).toBe(
      'openai-compatible (gpt-6-luna at https://api.openai.com/v1; setup openai, detected from the address); transcription: openai-compatible (gpt-transcribe at https://api.openai.com/v1)',
    );
  });

  it('an OpenAI-compatible server of its own needs OPENAI_MODEL', () => {
    expect(() => providersFromEnv({ OPENAI_BASE_URL: 'http://127.0.0.1:8080/v1' })).toThrow(/OPENAI_MODEL/);
    expect(() => providersFromEnv({ STUDYFORGE_PROVIDER: 'openai', OPENAI_BASE_URL: 'http://127.0.0.1:8080/v1' })).toThrow(/OPENAI_MODEL/);
    const chosen = providersFromEnv({ OPENAI_BASE_URL: 'http://127.0.0.1:8080/v1', OPENAI_MODEL: 'qwen2.5-7b' });
    expect(chosen.text).toMatchObject({ name: 'openai', model: 'qwen2.5-7b' });
    // L2: such a server has no /audio/transcriptions, so transcription is not configured (see 'choosing transcription').
    expect(chosen.description).toBe('openai-compatible (qwen2.5-7b at http://127.0.0.1:8080/v1; setup llamacpp, detected from the address); transcription: not configured');
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
    expect(description).toBe(`openai-compatible (m at https://llm.school.example/v1; setup openai-compatible, detected from the address); transcription: gemini (${GEMINI_DEFAULT_MODEL})`);
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
      'openai-compatible (llama-3.3-70b-versatile at https://api.groq.com/openai/v1; setup groq, detected from the address); transcription: openai-compatible (whisper-large-v3-turbo at https://api.groq.com/openai/v1)',
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
