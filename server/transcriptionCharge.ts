import { estimateTokens } from '../src/kernel/tokenEstimate';
import { AUDIO_TOKENS_PER_SECOND } from '../src/providers/geminiAudio';
import type { TranscriptionUsage } from '../src/providers/types';
import { ANSWER_ALLOWANCE, type CallEnd, type ChargedTokens } from './callCharge';

/*
 * What one transcription is charged, for the budgets and the metrics alike,
 * reserved before the service is called and settled when the call is over,
 * as a text call is (callCharge.ts). Transcription is billed:
 * - Gemini bills the audio as prompt tokens, 32 a second, and reports them in
 *   usageMetadata; OpenAI's token-billed models (gpt-4o-transcribe...) report
 *   `usage` {type: "tokens"}: charged as reported (source "reported");
 * - whisper-1 reports only the seconds it billed (`usage` {type: "duration"}):
 *   charged at Gemini's 32 tokens a second, the one documented rate of audio
 *   tokens, plus the transcript at 4 characters a token (source "estimated");
 * - whisper.cpp, Groq and other Whisper servers report nothing: the same
 *   estimate, from the recording's own length (audioLength.ts). A school's
 *   whisper.cpp costs no money, but it is counted all the same, as a local
 *   Ollama's answers are: a budget caps the AI work done for a school and for
 *   each client, and an operator who set one expects a recording to use it.
 * The reservation is that estimate of the audio plus ANSWER_ALLOWANCE. A call
 * the caller left, or the gateway cut, before any count came keeps its whole
 * reservation; a service that refused the audio with an error of its own,
 * reporting nothing, charges nothing.
 */

/** The tokens this many seconds of audio is estimated at, rounded up. */
export const audioTokens = (seconds: number): number => Math.ceil(seconds * AUDIO_TOKENS_PER_SECOND);

/** The tokens reserved before transcribing a recording of about `seconds`. */
export const transcriptionReservation = (seconds: number): number => audioTokens(seconds) + ANSWER_ALLOWANCE;

export interface TranscriptionCharge {
  onUsage(usage: TranscriptionUsage): void;
  /** The call is over; charges it once (later calls do nothing), resolving once the budgets have it. */
  settle(end: CallEnd, transcript: string): Promise<void>;
}

/** The charge of one transcription of a recording of about `seconds`; `charge` is told the tokens once, when it ends. */
export function transcriptionCharge(seconds: number, charge: (tokens: ChargedTokens) => Promise<void>): TranscriptionCharge {
  const heardEstimate = audioTokens(seconds);
  let reported: TranscriptionUsage | undefined;
  let settled = false;
  return {
    onUsage: (usage) => {
      reported = usage;
    },
    settle: (end, transcript) => {
      if (settled) return Promise.resolve();
      settled = true;
      if (reported && 'inputTokens' in reported) return charge({ input: reported.inputTokens, output: reported.outputTokens, source: 'reported' });
      if (end === 'failed' && !reported) return charge({ input: 0, output: 0, source: 'estimated' });
      const heard = reported ? audioTokens(reported.audioSeconds) : heardEstimate;
      const written = end === 'cut' ? ANSWER_ALLOWANCE : estimateTokens(transcript.length);
      return charge({ input: heard, output: written, source: 'estimated' });
    },
  };
}
