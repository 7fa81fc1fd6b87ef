import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { providerMessages } from './errors';
import { createGeminiTranscriber, GEMINI_DEFAULT_MODEL, TRANSCRIBE_INSTRUCTION } from './gemini';
import { createOpenAICompatibleTranscriber } from './openaiCompatible';
import { startFakeGemini, startFakeOpenAI, type FakeProviderServer } from './testing/fakeProviders';
import { FAKE_AUDIO_TOKENS_PER_SECOND } from './testing/fakes/openaiTranscription';
import { wavRecording } from './testing/wavFile';
import type { TranscriptionProvider, TranscriptionUsage } from './types';

/*
 * Transcribers tell TranscriptionRequest.onUsage what the service reports it
 * used, once, and never a guess: Gemini's usageMetadata (audio billed at 32
 * tokens a second), OpenAI's `usage` of type "tokens" or "duration"; nothing
 * where the service reports nothing (Groq). The gateway's budgets count it
 * (server/transcriptionCharges.test.ts).
 */

const KEY = 'transcription-usage-key';
const TRANSCRIPT = 'Mitochondria are the powerhouse of the cell.';

async function transcribe(transcriber: TranscriptionProvider, audio: Blob) {
  const onUsage = vi.fn<(usage: TranscriptionUsage) => void>();
  const text = await transcriber.transcribe({ audio, fileName: 'lecture.wav', onUsage }).catch((error: unknown) => error);
  return { text, onUsage };
}

describe('Gemini transcription: usageMetadata', () => {
  let gemini: FakeProviderServer;
  beforeAll(async () => {
    gemini = await startFakeGemini({ apiKey: KEY, model: GEMINI_DEFAULT_MODEL });
  });
  afterAll(() => gemini.close());
  const transcriber = () => createGeminiTranscriber({ apiKey: KEY, baseUrl: gemini.baseUrl });

  it('tells the audio at 32 tokens a second plus the instruction in, the transcript out, once', async () => {
    gemini.script({ kind: 'text', text: TRANSCRIPT });
    const { text, onUsage } = await transcribe(transcriber(), wavRecording(30));
    expect(text).toBe(TRANSCRIPT);
    expect(onUsage).toHaveBeenCalledTimes(1);
    expect(onUsage).toHaveBeenCalledWith({ inputTokens: 30 * 32 + Math.ceil(TRANSCRIBE_INSTRUCTION.length / 4), outputTokens: Math.ceil(TRANSCRIPT.length / 4) });
  });

  it('an answer without usageMetadata tells nothing, and the transcript is still read', async () => {
    gemini.script({ kind: 'raw', status: 200, headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ candidates: [{ content: { role: 'model', parts: [{ text: TRANSCRIPT }] }, finishReason: 'STOP' }] }) });
    const { text, onUsage } = await transcribe(transcriber(), wavRecording(3));
    expect(text).toBe(TRANSCRIPT);
    expect(onUsage).not.toHaveBeenCalled();
  });
});

describe('OpenAI-style transcription: `usage`', () => {
  let openai: FakeProviderServer;
  let groq: FakeProviderServer;
  beforeAll(async () => {
    openai = await startFakeOpenAI({ apiKey: KEY, flavour: 'openai' });
    groq = await startFakeOpenAI({ apiKey: KEY, flavour: 'groq' });
  });
  afterAll(async () => {
    await openai.close();
    await groq.close();
  });
  const transcriber = (server: FakeProviderServer, model: string) => createOpenAICompatibleTranscriber({ baseUrl: server.baseUrl, apiKey: KEY, model });
  const answer = (body: unknown) => ({ kind: 'raw' as const, status: 200, headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) });

  it('a token-billed model: input_tokens in, output_tokens out', async () => {
    openai.script({ kind: 'text', text: TRANSCRIPT });
    const { text, onUsage } = await transcribe(transcriber(openai, 'gpt-4o-transcribe'), wavRecording(20));
    expect(text).toBe(TRANSCRIPT);
    expect(onUsage).toHaveBeenCalledTimes(1);
    expect(onUsage).toHaveBeenCalledWith({ inputTokens: 20 * FAKE_AUDIO_TOKENS_PER_SECOND, outputTokens: Math.ceil(TRANSCRIPT.length / 4) });
  });

  it('whisper-1: the seconds billed, not tokens', async () => {
    openai.script({ kind: 'text', text: TRANSCRIPT });
    const { onUsage } = await transcribe(transcriber(openai, 'whisper-1'), wavRecording(20));
    expect(onUsage).toHaveBeenCalledWith({ audioSeconds: 20 });
  });

  it('a service without usage (Groq) tells nothing', async () => {
    groq.script({ kind: 'text', text: TRANSCRIPT });
    const { text, onUsage } = await transcribe(transcriber(groq, 'whisper-large-v3-turbo'), wavRecording(20));
    expect(text).toBe(TRANSCRIPT);
    expect(onUsage).not.toHaveBeenCalled();
  });

  it('a `usage` that does not read tells nothing, and the transcript is still read', async () => {
    const unreadable = [null, 'lots', { type: 'tokens', input_tokens: '9', output_tokens: 1 }, { type: 'tokens', input_tokens: -1, output_tokens: 1 }, { type: 'duration', seconds: 'long' }, { type: 'minutes', minutes: 3 }];
    for (const usage of unreadable) {
      openai.script(answer({ text: TRANSCRIPT, usage }));
      const { text, onUsage } = await transcribe(transcriber(openai, 'gpt-4o-transcribe'), wavRecording(1));
      expect(text).toBe(TRANSCRIPT);
      expect(onUsage).not.toHaveBeenCalled();
    }
  });

  it('an empty transcript was billed too: told, then refused as empty', async () => {
    openai.script(answer({ text: ' ', usage: { type: 'tokens', input_tokens: 200, output_tokens: 0, total_tokens: 200 } }));
    const { text, onUsage } = await transcribe(transcriber(openai, 'gpt-4o-transcribe'), wavRecording(20));
    expect(text).toMatchObject({ message: providerMessages.empty });
    expect(onUsage).toHaveBeenCalledWith({ inputTokens: 200, outputTokens: 0 });
  });
});
