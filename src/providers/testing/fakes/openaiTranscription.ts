import { fakeAudioSeconds } from './audioSeconds';
import type { OpenAIFlavour } from './openaiRequest';
import type { FakeExchange } from './types';

/*
 * The `usage` of an OpenAI transcription answer ([O-sdk] openai/openai-node
 * src/resources/audio/transcriptions.ts, `Transcription.usage`):
 * - models billed by token usage (gpt-4o-transcribe, gpt-4o-mini-transcribe and
 *   their successors): {type: 'tokens', input_tokens, output_tokens,
 *   total_tokens, input_token_details: {audio_tokens, text_tokens}};
 * - models billed by audio input duration (whisper-1): {type: 'duration', seconds}.
 * OpenAI documents no per-second rate of audio tokens for these models: the fake
 * bills FAKE_AUDIO_TOKENS_PER_SECOND, apart from the gateway's estimate of 32,
 * so a test tells a reported count from an estimated one; the transcript at 4
 * characters a token. Only the 'openai' flavour answers usage: Groq and other
 * Whisper servers (faster-whisper...) send {text} alone.
 */

export const FAKE_AUDIO_TOKENS_PER_SECOND = 10;

/** Seconds of the uploaded `file`, read from the raw multipart body (the exchange keeps its text only). */
const uploadSeconds = new WeakMap<FakeExchange, number>();

export async function readUploadSeconds(exchange: FakeExchange, raw: Buffer): Promise<void> {
  const type = exchange.headers['content-type'] ?? '';
  try {
    const file = (await new Request('http://fake.invalid/', { method: 'POST', headers: { 'content-type': type }, body: new Uint8Array(raw) }).formData()).get('file');
    if (file instanceof Blob) uploadSeconds.set(exchange, fakeAudioSeconds(new Uint8Array(await file.arrayBuffer())));
  } catch {
    // Not multipart: parseMultipart has recorded the problem.
  }
}

/** The usage field of a transcription answer for this model, or nothing where the host sends none. */
export function transcriptionUsage(exchange: FakeExchange, flavour: OpenAIFlavour, model: string, text: string): Record<string, unknown> {
  if (flavour !== 'openai') return {};
  const seconds = uploadSeconds.get(exchange) ?? 0;
  if (model.startsWith('whisper')) return { usage: { type: 'duration', seconds: Math.ceil(seconds) } };
  const audioTokens = Math.ceil(seconds * FAKE_AUDIO_TOKENS_PER_SECOND);
  const outputTokens = Math.ceil(text.length / 4);
  return {
    usage: {
      type: 'tokens',
      input_tokens: audioTokens,
      output_tokens: outputTokens,
      total_tokens: audioTokens + outputTokens,
      input_token_details: { audio_tokens: audioTokens, text_tokens: 0 },
    },
  };
}
