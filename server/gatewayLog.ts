import { cleanDetail, providerMessages } from '../src/providers/errors';
import type { ProviderError } from '../src/providers/types';

/*
 * What the gateway writes to its logs when a call fails, so that student
 * data stays in the school. Logs are kept, copied to log collectors and read
 * by people who never see the students, so by default they hold no content:
 * the status, the kind of failure in StudyForge's own words, and nothing else.
 *
 * Not the ProviderError's message: most are fixed sentences, but some carry
 * what the caller wrote (an upload's declared audio type). Not what the
 * provider said: OpenAI-compatible servers and Ollama quote the invalid input
 * back in their error bodies, which is the student's text. Not an unexpected
 * error's message: V8's JSON.parse errors quote the text they could not read.
 *
 * STUDYFORGE_LOG_UPSTREAM_DETAIL=1 adds the provider's words and the
 * unexpected error's message, keys and tokens redacted, one line, cut short,
 * for an operator diagnosing a provider. Those lines can hold what students
 * typed: turn it on while diagnosing, then off.
 */

/** The opt-in: '1' or 'true' logs what the provider said (redacted, cut short). */
export const UPSTREAM_DETAIL_VARIABLE = 'STUDYFORGE_LOG_UPSTREAM_DETAIL';

export interface LogOptions {
  /** Whether the provider's own words and unexpected errors' messages are logged (the opt-in above). */
  upstreamDetail: boolean;
}

/** The fixed sentences of providerMessages, by their name in that table: the name is the kind. */
const FIXED_KINDS: ReadonlyMap<string, string> = new Map(
  Object.entries(providerMessages).flatMap(([kind, message]): [string, string][] => (typeof message === 'string' ? [[message, kind]] : [])),
);

/**
 * Sentences built from a template, known by their fixed start. Only a status
 * (three digits) is kept from what follows; model names and reasons are left
 * out, since the start-up lines name the model already. gatewayLog.test.ts
 * holds every providerMessages template to a kind here.
 */
const TEMPLATE_KINDS: readonly { start: RegExp; kind: string }[] = [
  { start: /^The AI provider had a problem \(status (\d{3})\)/, kind: 'upstreamProblem' },
  { start: /^The AI provider refused the request \(status (\d{3})\)/, kind: 'refused' },
  { start: /^The AI provider's answer was longer than StudyForge accepts/, kind: 'tooLong' },
  { start: /^The AI declined this request: /, kind: 'declinedBecause' },
  { start: /^The AI provider has no model ".*?": run "ollama pull/, kind: 'modelNotPulled' },
  { start: /^The AI provider has no model /, kind: 'unknownModel' },
  // audioFiles.ts' checkAudioSize and geminiAudio.ts' undocumentedAudioMessage (the second quotes the caller's declared type).
  { start: /^The recording is too large to transcribe/, kind: 'recordingTooLarge' },
  { start: /^Gemini does not document /, kind: 'audioTypeNotDocumented' },
];

/** The kind of a provider failure, in StudyForge's own words: never the message itself. */
export function failureKind(message: string): string {
  const fixed = FIXED_KINDS.get(message);
  if (fixed) return fixed;
  for (const { start, kind } of TEMPLATE_KINDS) {
    const match = start.exec(message);
    if (match) return match[1] ? `${kind} (upstream status ${match[1]})` : kind;
  }
  return 'other';
}

/** A class name as the code spelt it; anything else (a name set from data) reads as Error. */
function errorName(error: unknown): string {
  const name = error instanceof Error ? error.name : typeof error;
  return /^[A-Za-z][A-Za-z0-9_]{0,40}$/.test(name) ? name : 'Error';
}

/** Opted-in text: keys and tokens removed, one line, at most MAX_DETAIL_LENGTH characters, whoever produced it. */
function optedInDetail(text: string): string {
  return cleanDetail(text, []);
}

export function logProviderFailure(error: ProviderError, options: LogOptions): void {
  const head = `[gateway] provider failure: ${error.status} ${failureKind(error.message)}`;
  const detail = error.upstreamDetail;
  if (!detail) {
    console.warn(head);
  } else if (options.upstreamDetail) {
    console.warn(`${head} | upstream said: ${optedInDetail(detail)}`);
  } else {
    // Says that there is more and how to see it, never what it is.
    console.warn(`${head} (the provider's own words are not logged; ${UPSTREAM_DETAIL_VARIABLE}=1 logs them)`);
  }
}

/** The error's class only (no stack: one per request would let anyone who can cause one fill the log); its message with the opt-in. */
export function logUnexpectedFailure(error: unknown, options: LogOptions): void {
  const head = `[gateway] unexpected failure: ${errorName(error)}`;
  if (!options.upstreamDetail) {
    console.error(head);
    return;
  }
  const message = error instanceof Error ? error.message : String(error);
  console.error(`${head}: ${optedInDetail(message)}`);
}
