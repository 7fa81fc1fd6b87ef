import { ProviderError } from './types';
import { detailOf, withoutCutSecret } from './redact';
import { cutOffMessages } from './cutOff';
import { isJsonValidateFailed, isQuotaExhausted, QuotaExhaustedError, UnusableAnswerError } from './documentedFailures';

/*
 * Every provider failure becomes a ProviderError whose message a student can
 * read and whose status the gateway answers with. Messages never quote
 * upstream text: an upstream error body, an error inside a stream
 * or a refusal can carry database URLs, file paths and internal host names,
 * and the gateway must not hand those to every browser. What upstream said is
 * kept, redacted and cut short, on ProviderError.upstreamDetail, for the
 * operator's logs (and, in own-key mode, for the user whose provider it is).
 */

export { cleanDetail, MAX_DETAIL_LENGTH, redactSecrets, withoutCutSecret } from './redact';

/** "2 MB", "64 KB" or "1000 bytes": binary units, named as people name them. */
export function formatBytes(bytes: number): string {
  const MiB = 1024 * 1024;
  if (bytes >= MiB && bytes % MiB === 0) return `${bytes / MiB} MB`;
  if (bytes >= 1024 && bytes % 1024 === 0) return `${bytes / 1024} KB`;
  return `${bytes} bytes`;
}

export const providerMessages = {
  // Neutral about whose key: the same providers run in the gateway and, with the user's own key, in the browser.
  keyRejected: 'The AI provider rejected the API key. Check the key that is configured for it.',
  rateLimited: 'The AI provider is rate-limiting requests. Please try again in a moment.',
  // Neutral about whose account (documentedFailures.ts): the gateway tells its users who to ask instead.
  quotaExhausted: 'The AI provider account has run out of credit: its quota or spending limit is used up.',
  // Groq's json_validate_failed (documentedFailures.ts): the app asks once more, as for any unusable answer.
  unusableAnswer: 'The AI model could not write its answer in the required format.',
  upstreamProblem: (status: number) => `The AI provider had a problem (status ${status}). Please try again.`,
  refused: (status: number) => `The AI provider refused the request (status ${status}).`,
  unreachable: 'Could not reach the AI provider.',
  empty: 'The AI provider returned an empty answer.',
  unreadable: 'The AI provider sent an answer that could not be read.',
  // The refusal's own words are not quoted: the issue lists refusals among the leaks (a proxy or a system prompt can put internals there).
  declined: 'The AI model declined to answer this request.',
  failedWhileAnswering: 'The AI provider stopped with an error while answering.',
  // "StudyForge", not "the gateway": in own-key mode the same cap applies in the browser.
  tooLong: (maxBytes: number) => `The AI provider's answer was longer than StudyForge accepts (${formatBytes(maxBytes)}).`,
  // OpenAI-compatible finish signals (O4): finish_reason "length" (the token limit was reached) and
  // "content_filter" (content was omitted by a filter), openai/openai-node src/resources/chat/completions/completions.ts l.419-428.
  answerCutOff: cutOffMessages.answerCutOff,
  // No finish signal at all (an unfinished stream, an unfinished whole answer): cutOff.ts.
  answerUnfinished: cutOffMessages.answerUnfinished,
  contentFiltered: 'The AI declined this request: its content filter stopped the answer.',
  // Gemini's finish and block signals (G5) and a model the provider does not have (G2). `reason` is
  // StudyForge's own plain words for a documented enum value, never upstream text; `setting` names what to change.
  declinedBecause: (reason: string) => `The AI declined this request: ${reason}.`,
  unknownModel: (model: string, setting: string) => `The AI provider has no model "${model}". Set ${setting} to a current model.`,
  // Ollama's 404 "model \"m\" not found, try pulling it first": the model may exist but not be pulled on that machine.
  modelNotPulled: (model: string, setting: string) =>
    `The AI provider has no model "${model}": run "ollama pull ${model}" on the Ollama machine, or set ${setting} to a model it has.`,
} as const;

/**
 * At most this much of an error body is read (the rest is cancelled): enough
 * for any real provider's error JSON, and a hostile or broken upstream
 * answering an error with megabytes costs the gateway nothing.
 */
export const MAX_ERROR_BODY_BYTES = 16 * 1024;

/**
 * The longest Retry-After passed on, in seconds. The gateway repeats it to
 * browsers, which wait that long before trying again: a provider asking for
 * more than an hour is broken or hostile, and must not lock users out for years.
 */
export const MAX_RETRY_AFTER_SECONDS = 3600;

/** A delay in seconds, clamped to MAX_RETRY_AFTER_SECONDS; undefined for what is not a delay. */
function retryDelay(seconds: number): number | undefined {
  if (Number.isNaN(seconds) || seconds < 0) return undefined;
  return Math.min(Math.ceil(seconds), MAX_RETRY_AFTER_SECONDS);
}

/** Retry-After is either delta-seconds or an HTTP date (RFC 9110 10.2.3); at most MAX_RETRY_AFTER_SECONDS. */
export function parseRetryAfter(value: string | null | undefined, now: number = Date.now()): number | undefined {
  if (!value) return undefined;
  const trimmed = value.trim();
  // Digits only: "-5", "1.5" and "12abc" are not delta-seconds. A huge number (even Infinity) is clamped.
  if (/^\d+$/.test(trimmed)) return retryDelay(Number(trimmed));
  // An HTTP date names its day and month ("Wed, 21 Oct 2015 07:28:00 GMT"); Date.parse alone would take "-5" for a year.
  if (!/[A-Za-z]{3}/.test(trimmed)) return undefined;
  const date = Date.parse(trimmed);
  if (Number.isNaN(date)) return undefined;
  return retryDelay(Math.max(0, (date - now) / 1000));
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Google APIs put their error details in error.details[] (google.rpc types). */
function googleDetails(body: unknown): Record<string, unknown>[] {
  if (!isRecord(body) || !isRecord(body.error) || !Array.isArray(body.error.details)) return [];
  return body.error.details.filter(isRecord);
}

/**
 * The provider's delay before a retry, in whole seconds: `retry-after-ms`
 * first, then `retry-after`, in the order OpenAI's own client reads them
 * (openai/openai-node src/client.ts l.1274-1284). Milliseconds are rounded up,
 * since the gateway passes the delay on as Retry-After, in seconds.
 */
export function retryAfterOf(headers: Headers, now: number = Date.now()): number | undefined {
  const millis = headers.get('retry-after-ms')?.trim();
  // The SDK takes any number parseFloat reads; a delay needs a non-negative decimal.
  if (millis && /^\d+(\.\d+)?$/.test(millis)) return retryDelay(Number(millis) / 1000);
  return parseRetryAfter(headers.get('retry-after'), now);
}

/** Gemini says "retry in 22s" in a google.rpc.RetryInfo detail rather than a header; clamped like Retry-After. */
function googleRetryDelay(body: unknown): number | undefined {
  for (const detail of googleDetails(body)) {
    const delay = detail.retryDelay;
    if (typeof delay === 'string') {
      // A google.protobuf.Duration in JSON: non-negative seconds with an optional fraction, then "s".
      const match = /^(\d+(?:\.\d+)?)s$/.exec(delay.trim());
      if (match?.[1]) return retryDelay(Number(match[1]));
    }
  }
  return undefined;
}

/** Gemini answers an invalid key with 400 INVALID_ARGUMENT and reason API_KEY_INVALID, not 401. */
function googleKeyInvalid(body: unknown): boolean {
  return googleDetails(body).some((detail) => detail.reason === 'API_KEY_INVALID');
}

/**
 * The human part of an error body:
 * Gemini and OpenAI {error: {message}}, Ollama {error: "..."}, vLLM {message}.
 */
export function upstreamMessage(body: unknown, rawText: string): string {
  if (isRecord(body)) {
    if (typeof body.error === 'string') return body.error;
    if (isRecord(body.error) && typeof body.error.message === 'string') return body.error.message;
    if (typeof body.message === 'string') return body.message;
    if (typeof body.detail === 'string') return body.detail;
  }
  return rawText;
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/**
 * Maps a status and error body to the ProviderError the gateway answers with:
 * a message that says only what kind of failure it was, and the upstream text,
 * redacted, on upstreamDetail.
 */
export function errorFromStatus(
  status: number,
  rawText: string,
  headers: Headers,
  secrets: readonly (string | undefined)[],
): ProviderError {
  const body = parseJson(rawText);
  const detail = detailOf(upstreamMessage(body, rawText), secrets);
  if (status === 401 || status === 403 || (status === 400 && googleKeyInvalid(body))) {
    return new ProviderError(providerMessages.keyRejected, 502, undefined, detail);
  }
  // Before the 429 rule: a used-up account is not a passing rate limit, and no retry delay is passed on.
  if (isQuotaExhausted(status, body)) return new QuotaExhaustedError(providerMessages.quotaExhausted, 502, undefined, detail);
  if (isJsonValidateFailed(status, body)) return new UnusableAnswerError(providerMessages.unusableAnswer, 502, undefined, detail);
  if (status === 429) {
    const retryAfter = retryAfterOf(headers) ?? googleRetryDelay(body);
    return new ProviderError(providerMessages.rateLimited, 429, retryAfter, detail);
  }
  if (status >= 500) return new ProviderError(providerMessages.upstreamProblem(status), 502, undefined, detail);
  return new ProviderError(providerMessages.refused(status), 502, undefined, detail);
}

/**
 * The first MAX_ERROR_BODY_BYTES of a body, decoded; the rest is cancelled,
 * which closes the upstream connection. An abort while reading stays an abort;
 * any other failure keeps what was read.
 */
async function readErrorBody(response: Response, secrets: readonly (string | undefined)[], signal?: AbortSignal): Promise<string> {
  if (!response.body) return '';
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  let ended = false;
  try {
    while (size < MAX_ERROR_BODY_BYTES) {
      let chunk: ReadableStreamReadResult<Uint8Array>;
      try {
        chunk = await reader.read();
      } catch (error) {
        ended = true;
        if (signal?.aborted) throw error;
        break;
      }
      if (chunk.done) {
        ended = true;
        break;
      }
      const piece = chunk.value.subarray(0, MAX_ERROR_BODY_BYTES - size);
      chunks.push(piece);
      size += piece.byteLength;
    }
  } finally {
    if (!ended) await reader.cancel().catch(() => undefined);
    reader.releaseLock();
  }
  const bytes = new Uint8Array(size);
  let offset = 0;
  for (const piece of chunks) {
    bytes.set(piece, offset);
    offset += piece.byteLength;
  }
  const text = new TextDecoder().decode(bytes);
  return ended ? text : withoutCutSecret(text, secrets);
}

/** Reads (a bounded part of) a non-OK response's body and maps it; an abort while reading stays an abort. */
export async function errorFromResponse(
  response: Response,
  secrets: readonly (string | undefined)[],
  signal?: AbortSignal,
): Promise<ProviderError> {
  const text = await readErrorBody(response, secrets, signal);
  return errorFromStatus(response.status, text, response.headers, secrets);
}

function stringify(value: unknown): string {
  try {
    return JSON.stringify(value) ?? '';
  } catch {
    return '';
  }
}

/** An error object sent inside an otherwise successful stream (Ollama, OpenAI-compatible servers). */
export function errorInStream(body: unknown, secrets: readonly (string | undefined)[]): ProviderError {
  // Without a message field, the whole object is what the operator gets to see.
  return new ProviderError(providerMessages.failedWhileAnswering, 502, undefined, detailOf(upstreamMessage(body, stringify(body)), secrets));
}

/** The model's own refusal (OpenAI's message.refusal): a generic message; the refusal, redacted, on upstreamDetail. */
export function declined(refusal: string, secrets: readonly (string | undefined)[]): ProviderError {
  return new ProviderError(providerMessages.declined, 502, undefined, detailOf(refusal, secrets));
}

/** The answer went past the byte cap (maxAnswerBytes); the upstream body has been cancelled. */
export const answerTooLong = (maxBytes: number): ProviderError => new ProviderError(providerMessages.tooLong(maxBytes), 502);
export const emptyAnswer = (): ProviderError => new ProviderError(providerMessages.empty, 502);
export const unreadableAnswer = (): ProviderError => new ProviderError(providerMessages.unreadable, 502);
export const unreachable = (): ProviderError => new ProviderError(providerMessages.unreachable, 502);
/** The answer stopped at the token limit (OpenAI finish_reason "length"): never passed on as a finished answer. */
export const answerCutOff = (): ProviderError => new ProviderError(providerMessages.answerCutOff, 502);
/** A content filter stopped the answer (OpenAI finish_reason "content_filter"). */
export const contentFiltered = (): ProviderError => new ProviderError(providerMessages.contentFiltered, 502);
/** A filter or the model declined (Gemini's finishReason SAFETY…, promptFeedback.blockReason); the provider's own words, redacted, on upstreamDetail. */
export const declinedBecause = (reason: string, upstream: string | undefined, secrets: readonly (string | undefined)[]): ProviderError =>
  new ProviderError(providerMessages.declinedBecause(reason), 502, undefined, upstream === undefined ? undefined : detailOf(upstream, secrets));
/** The provider answered 404 for the configured model (unknown or retired): the message names the setting to change. */
export const unknownModel = (model: string, setting: string, upstreamDetail: string | undefined): ProviderError =>
  new ProviderError(providerMessages.unknownModel(model, setting), 502, undefined, upstreamDetail);

/*
 * An answer that ended without its provider's documented finish signal: OpenAI's finish_reason ("missing
 * finish_reason for choice", openai-node src/lib/ChatCompletionStream.ts l.2170), Gemini's finishReason ("If
 * empty, the model has not stopped generating"), Ollama's final done:true line. What was missing goes to
 * upstreamDetail, for the operator.
 */
export const answerUnfinished = (missing: string): ProviderError => new ProviderError(providerMessages.answerUnfinished, 502, undefined, missing);
