import { z } from 'zod';
import type { TranscriptionUsage } from './types';

/*
 * What an OpenAI-style transcription reports it used. [O-sdk] openai/openai-node
 * src/resources/audio/transcriptions.ts, `Transcription.usage`:
 * - `{type: 'tokens', input_tokens, output_tokens, total_tokens, input_token_details?}`:
 *   "Usage statistics for models billed by token usage" (gpt-4o-transcribe,
 *   gpt-4o-mini-transcribe and their successors): the provider's own count;
 * - `{type: 'duration', seconds}`: "Usage statistics for models billed by audio
 *   input duration" (whisper-1): no tokens, only the seconds billed, which the
 *   gateway turns into an estimate (server/transcriptionCharge.ts).
 * Servers that copy the API without it (Groq, faster-whisper) send no `usage`:
 * nothing is reported, and the gateway estimates. A `usage` that does not read
 * is no usage reported; the transcript itself stays readable.
 */
const Count = z.number().int().nonnegative();

const Usage = z.discriminatedUnion('type', [
  z.object({ type: z.literal('tokens'), input_tokens: Count, output_tokens: Count }),
  z.object({ type: z.literal('duration'), seconds: z.number().nonnegative().finite() }),
]);

/** The usage a transcription answer reports, in StudyForge's terms; undefined when it reports none that reads. */
export function openaiTranscriptionUsage(answer: unknown): TranscriptionUsage | undefined {
  if (typeof answer !== 'object' || answer === null || !('usage' in answer)) return undefined;
  const parsed = Usage.safeParse(answer.usage);
  if (!parsed.success) return undefined;
  const usage = parsed.data;
  return usage.type === 'tokens' ? { inputTokens: usage.input_tokens, outputTokens: usage.output_tokens } : { audioSeconds: usage.seconds };
}
