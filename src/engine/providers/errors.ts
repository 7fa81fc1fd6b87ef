import { ProviderError } from './types';

/*
 * Every provider failure becomes a ProviderError whose message a student can
 * read and whose status the gateway answers with. Messages never contain the
 * provider key: upstream text is redacted before it is quoted.
 */

export const providerMessages = {
  // Neutral about whose key: the same providers run in the gateway and, with the user's own key, in the browser.
  keyRejected: 'The AI provider rejected the API key. Check the key that is configured for it.',
  rateLimited: 'The AI provider is rate-limiting requests. Please try again in a moment.',
  upstreamProblem: (status: number) => `The AI provider had a problem (status ${status}). Please try again.`,
  refused: (status: number, detail: string) =>
    detail ? `The AI provider refused the request (status ${status}): ${detail}` : `The AI provider refused the request (status ${status}).`,
  unreachable: 'Could not reach the AI provider.',
  empty: 'The AI provider returned an empty answer.',
  unreadable: 'The AI provider sent an answer that could not be read.',
  declined: (detail: string) => `The AI model declined to answer: ${detail}`,
  failedWhileAnswering: (detail: string) =>
    detail ? `The AI provider stopped with an error while answering: ${detail}` : 'The AI provider stopped with an error while answering.',
} as const;

/** Upstream text quoted in a message is cut to this many characters. */
export const MAX_DETAIL_LENGTH = 300;

const REDACTED = '[redacted]';

/** Shapes of keys and key echoes, redacted even when the key itself is not known here. */
const KEY_PATTERNS: RegExp[] = [
  /\bsk-[A-Za-z0-9_*.-]{6,}/g, // OpenAI-style keys, including OpenAI's masked echo "sk-abc12***...wxyz"
  /\bAIza[0-9A-Za-z_-]{20,}/g, // Google API keys
  /\bgsk_[A-Za-z0-9]{10,}/g, // Groq keys
  /\bBearer\s+[A-Za-z0-9._~+/=-]{6,}/gi, // a quoted Authorization header
  /\S*\*{4,}\S*/g, // any other masked echo of a key
];

/** Removes every given secret, and anything shaped like a key, from upstream text. */
export function redactSecrets(text: string, secrets: readonly (string | undefined)[]): string {
  let out = text;
  for (const secret of secrets) {
    // A one- to three-character "key" would mangle ordinary words; real keys are long.
    if (secret && secret.length >= 4) out = out.split(secret).join(REDACTED);
  }
  out = out.replace(/([?&]key=)[^&\s"']+/gi, `$1${REDACTED}`);
  for (const pattern of KEY_PATTERNS) out = out.replace(pattern, REDACTED);
  return out;
}

/** Quotable upstream text: secrets removed, whitespace collapsed, at most MAX_DETAIL_LENGTH characters. */
export function cleanDetail(text: string, secrets: readonly (string | undefined)[]): string {
  const oneLine = redactSecrets(text, secrets).replace(/\s+/g, ' ').trim();
  return oneLine.length <= MAX_DETAIL_LENGTH ? oneLine : `${oneLine.slice(0, MAX_DETAIL_LENGTH - 1)}…`;
}

/** Retry-After is either delta-seconds or an HTTP date (RFC 9110 10.2.3). */
export function parseRetryAfter(value: string | null | undefined, now: number = Date.now()): number | undefined {
  if (!value) return undefined;
  const trimmed = value.trim();
  if (/^\d+$/.test(trimmed)) return Number(trimmed);
  // An HTTP date names its day and month ("Wed, 21 Oct 2015 07:28:00 GMT"); Date.parse alone would take "-5" for a year.
  if (!/[A-Za-z]{3}/.test(trimmed)) return undefined;
  const date = Date.parse(trimmed);
  if (Number.isNaN(date)) return undefined;
  return Math.max(0, Math.ceil((date - now) / 1000));
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Google APIs put their error details in error.details[] (google.rpc types). */
function googleDetails(body: unknown): Record<string, unknown>[] {
  if (!isRecord(body) || !isRecord(body.error) || !Array.isArray(body.error.details)) return [];
  return body.error.details.filter(isRecord);
}

/** Gemini says "retry in 22s" in a google.rpc.RetryInfo detail rather than a header. */
function googleRetryDelay(body: unknown): number | undefined {
  for (const detail of googleDetails(body)) {
    const delay = detail.retryDelay;
    if (typeof delay === 'string') {
      const match = /^(\d+(?:\.\d+)?)s$/.exec(delay.trim());
      if (match?.[1]) return Math.ceil(Number(match[1]));
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

/** Maps a status and error body to the ProviderError the gateway answers with. */
export function errorFromStatus(
  status: number,
  rawText: string,
  headers: Headers,
  secrets: readonly (string | undefined)[],
): ProviderError {
  const body = parseJson(rawText);
  if (status === 401 || status === 403 || (status === 400 && googleKeyInvalid(body))) {
    return new ProviderError(providerMessages.keyRejected, 502);
  }
  if (status === 429) {
    return new ProviderError(providerMessages.rateLimited, 429, parseRetryAfter(headers.get('retry-after')) ?? googleRetryDelay(body));
  }
  if (status >= 500) return new ProviderError(providerMessages.upstreamProblem(status), 502);
  return new ProviderError(providerMessages.refused(status, cleanDetail(upstreamMessage(body, rawText), secrets)), 502);
}

/** Reads a non-OK response's body and maps it; an abort while reading stays an abort. */
export async function errorFromResponse(
  response: Response,
  secrets: readonly (string | undefined)[],
  signal?: AbortSignal,
): Promise<ProviderError> {
  let text = '';
  try {
    text = await response.text();
  } catch (error) {
    if (signal?.aborted) throw error;
  }
  return errorFromStatus(response.status, text, response.headers, secrets);
}

/** An error object sent inside an otherwise successful stream (Ollama, OpenAI-compatible servers). */
export function errorInStream(body: unknown, secrets: readonly (string | undefined)[]): ProviderError {
  return new ProviderError(providerMessages.failedWhileAnswering(cleanDetail(upstreamMessage(body, ''), secrets)), 502);
}

/** The model's own refusal (OpenAI's message.refusal), quoted without secrets. */
export function declined(refusal: string, secrets: readonly (string | undefined)[]): ProviderError {
  return new ProviderError(providerMessages.declined(cleanDetail(refusal, secrets)), 502);
}

export const emptyAnswer = (): ProviderError => new ProviderError(providerMessages.empty, 502);
export const unreadableAnswer = (): ProviderError => new ProviderError(providerMessages.unreadable, 502);
export const unreachable = (): ProviderError => new ProviderError(providerMessages.unreachable, 502);
