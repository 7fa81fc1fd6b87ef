import { describe, expect, it } from 'vitest';
import { CAPABILITIES, capabilitiesFor, detectSetup, GROQ_JSON_SCHEMA_MODELS, GROQ_STRICT_MODELS } from './capabilities';

describe('detectSetup', () => {
  it('knows the public services by host, local servers by their default port, and falls back to the generic row', () => {
    expect(detectSetup('https://api.openai.com/v1')).toBe('openai');
    expect(detectSetup('https://openrouter.ai/api/v1')).toBe('openrouter');
    expect(detectSetup('https://api.groq.com/openai/v1')).toBe('groq');
    expect(detectSetup('http://localhost:1234/v1')).toBe('lmstudio');
    expect(detectSetup('http://127.0.0.1:8080/v1')).toBe('llamacpp');
    expect(detectSetup('http://localhost:8000/v1')).toBe('vllm');
    expect(detectSetup('http://127.0.0.1:11434/v1')).toBe('ollama-openai');
    expect(detectSetup('http://127.0.0.1:39211/v1')).toBe('openai-compatible');
    expect(detectSetup('https://llm.school.example/v1')).toBe('openai-compatible');
    expect(detectSetup('not a url')).toBe('openai-compatible');
  });
});

describe('capabilitiesFor', () => {
  it('OpenAI: strict, object root, streamed structured output, transcription with a 25 MiB cap', () => {
    const caps = capabilitiesFor('https://api.openai.com/v1', 'gpt-4o-mini');
    expect(caps).toMatchObject({ structured: 'json_schema', strictSchemas: true, objectRootRequired: true, streamsStructuredOutput: true });
    expect(caps.audio).toMatchObject({ path: 'audio/transcriptions', maxBytes: 25 * 1024 * 1024 });
    expect(caps.audio?.formats).toContain('webm');
  });

  it('Groq: never streams structured output; strict on gpt-oss, best-effort json_schema on the listed models, json_object elsewhere', () => {
    const base = 'https://api.groq.com/openai/v1';
    expect(capabilitiesFor(base, 'openai/gpt-oss-120b')).toMatchObject({ structured: 'json_schema', strictSchemas: true, streamsStructuredOutput: false });
    expect(capabilitiesFor(base, 'moonshotai/kimi-k2-instruct')).toMatchObject({ structured: 'json_schema', strictSchemas: false });
    expect(capabilitiesFor(base, 'llama-3.3-70b-versatile')).toMatchObject({ structured: 'json_object', strictSchemas: false, streamsStructuredOutput: false });
    for (const model of GROQ_STRICT_MODELS) expect(GROQ_JSON_SCHEMA_MODELS).toContain(model);
    expect(capabilitiesFor(base, 'x').audio?.models).toEqual(['whisper-large-v3', 'whisper-large-v3-turbo']);
  });

  it('OpenRouter: 200-status error bodies; strict only for openai/* models', () => {
    expect(capabilitiesFor('https://openrouter.ai/api/v1', 'openai/gpt-4o-mini')).toMatchObject({ strictSchemas: true, errorBodiesWith200: true });
    expect(capabilitiesFor('https://openrouter.ai/api/v1', 'meta-llama/llama-3.3-70b-instruct')).toMatchObject({ strictSchemas: false });
  });

  it('local servers have no transcription route; every row names its sources', () => {
    for (const setup of ['lmstudio', 'llamacpp', 'ollama-openai', 'vllm', 'openai-compatible'] as const) expect(CAPABILITIES[setup].audio).toBeUndefined();
    for (const row of Object.values(CAPABILITIES)) expect(row.sources.length).toBeGreaterThan(0);
    expect(CAPABILITIES.gemini.audio?.formats).toEqual(['wav', 'mp3', 'aiff', 'aac', 'ogg', 'flac']);
    expect(CAPABILITIES.ollama.context).toContain('num_ctx');
  });
});
