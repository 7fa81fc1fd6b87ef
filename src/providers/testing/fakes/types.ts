import type { IncomingHttpHeaders, ServerResponse } from 'node:http';

/*
 * Local servers speaking the providers' real, published HTTP APIs, for tests
 * (unit tests, the gateway's tests, Playwright):
 * - Gemini: POST /v1beta/models/{model}:generateContent and
 *   :streamGenerateContent?alt=sse (x-goog-api-key header);
 * - OpenAI-compatible: POST /v1/chat/completions (JSON or SSE ending in [DONE])
 *   and POST /v1/audio/transcriptions (multipart);
 * - Ollama: POST /api/chat (JSON, or NDJSON when streaming, which is its default).
 *
 * Each server CHECKS every request against the provider's documented shape
 * (method, path, headers, key, model, structured-output fields, stream flag).
 * A request that does not fit is recorded with its problems and answered the
 * way the real service answers a malformed request (400 in its error format),
 * so a client bug shows up as a failed call, not as a silently passing test.
 *
 * Answers follow a script: each request takes the next answer; the last one
 * repeats. Streams are written in small pieces with delays, each piece cut in
 * the middle (sometimes inside a multi-byte character), so clients must parse
 * across chunk boundaries. Every exchange records whether the client closed
 * the connection before the answer was complete.
 *
 * For the byte caps of the clients, 'huge' answers and padded errors are
 * written progressively, respecting backpressure: the fake never holds the
 * whole body, and `bytesSent` shows how far it got before the client left.
 */

export type FakeProviderKind = 'gemini' | 'openai' | 'ollama';

export type FakeAnswer =
  /** How answers end without their documented finish signal: see FinishSignalAnswer below. */
  | FinishSignalAnswer
  /** A successful answer; streamed in `chunks` (default: word by word) when the request streams. */
  | { kind: 'text'; text: string; chunks?: string[] }
  /**
   * An HTTP error in the provider's format; Retry-After sent as given; `reason` for Google's ErrorInfo (e.g. API_KEY_INVALID).
   * With `bodyBytes`, the message is followed by filler until the body is that long, written progressively.
   */
  | { kind: 'error'; status: number; message?: string; retryAfter?: string; reason?: string; bodyBytes?: number }
  /** A stream that starts, sends `chunks`, then reports an error in the provider's in-stream form. */
  | { kind: 'streamError'; chunks: string[]; message: string }
  /** Never answers (not even headers). */
  | { kind: 'hang' }
  /** A stream that never ends: `chunk` (default "tick ") forever, until the client goes away. Non-streamed requests hang. */
  | { kind: 'endless'; chunk?: string }
  /**
   * A well-formed answer of about `bytes` bytes, written progressively: one growing JSON body when not
   * streamed; when streamed, provider-framed events or lines of filler text, then the provider's ending.
   * `oneLine`: a streamed answer whose first event or line never ends (no newline, ever), for line buffers.
   */
  | { kind: 'huge'; bytes: number; oneLine?: boolean }
  /** Anything else, byte for byte. */
  | { kind: 'raw'; status: number; headers?: Record<string, string>; body: string }
  /**
   * Gemini only (the other fakes leave it unanswered): an answer that does not end with STOP.
   * `finishReason` (MAX_TOKENS, SAFETY, RECITATION, PROHIBITED_CONTENT, SPII, BLOCKLIST, LANGUAGE, OTHER...): `text`
   * (streamed in `chunks`), then a last candidate with that reason and no content; `text` '' sends only that
   * content-less candidate. `blockReason`: promptFeedback.blockReason and no candidates. `bareError`: `chunks`, then
   * a bare {"error":...} JSON body not framed as an SSE event (a 500 error when not streamed).
   */
  | { kind: 'gemini'; text?: string; chunks?: string[]; finishReason?: string; finishMessage?: string; blockReason?: string; bareError?: string }
  /**
   * OpenAI-compatible only (the other fakes leave it unanswered): a chat answer ending as chosen. `finishReason`
   * (default 'stop'; 'length', 'content_filter'); `refusal` instead of content (message.refusal, or streamed
   * delta.refusal); `usageChunk` adds the `choices: []` usage chunk before [DONE] unasked, as OpenRouter does (any streamed
   * answer has it, and usage: null on its other chunks, when the request asks with stream_options.include_usage, as
   * OpenAI does); `errorEvent` ends the stream
   * with `event: error`; `errorWith200` is OpenRouter's {error: {message, code}} with status 200 (whole, or as a stream event).
   */
  | { kind: 'openai'; text?: string; chunks?: string[]; finishReason?: string; refusal?: string; usageChunk?: boolean; errorEvent?: string; errorWith200?: { message: string; code: number } };

// ---------------------------------------------------------------------------
// Finish signals. An answer is finished only with its provider's documented finish signal (OpenAI-compatible:
// a choice's finish_reason; Ollama: the done:true line; Gemini: finishReason, scripted with kind 'gemini').
// These answers end without it, or with one that says the answer is not whole; each fake cites its source.

export type FinishSignalAnswer =
  /**
   * OpenAI-compatible and Ollama (the Gemini fake leaves it unanswered; script a Gemini stream without finishReason
   * as 'raw'): an answer cut before its finish signal. Streamed: `chunks`, then the connection closes cleanly, with
   * no finish_reason (OpenAI-compatible; `withDone` still sends `data: [DONE]`) or no done:true line (Ollama). Whole:
   * the text in a choice whose finish_reason is null (OpenAI-compatible) or a body with done: false (Ollama).
   * `reset`: the connection is broken (the socket destroyed) after the chunks instead of closed cleanly.
   */
  | { kind: 'cut'; chunks: string[]; withDone?: boolean; reset?: boolean }
  /** Ollama only: `text` (streamed in `chunks`), the final line (or whole body) with done: true and done_reason `doneReason`, e.g. 'length'. */
  | { kind: 'ollamaDone'; text: string; chunks?: string[]; doneReason: string }
  /**
   * OpenAI-compatible only, as Groq streams: `chunks`, then a last chunk whose `x_groq` holds `error` (why the stream
   * stopped early; no finish_reason follows) or, without `error`, a finish_reason 'stop' chunk with x_groq.usage
   * `usage` (default the fake's 8 + 12 tokens). Not streamed: a whole completion with top-level `usage`.
   */
  | { kind: 'groq'; chunks: string[]; error?: string; usage?: { prompt_tokens: number; completion_tokens: number } };

export interface FakeUpload {
  name: string;
  type: string;
  size: number;
  text: string;
}

export interface FakeExchange {
  method: string;
  /** Path and query as received. */
  url: string;
  path: string;
  query: Record<string, string>;
  headers: IncomingHttpHeaders;
  body: string;
  /** The body parsed as JSON, when it is JSON. */
  json: unknown;
  /** Multipart fields and files, for audio transcriptions. */
  form?: { fields: Record<string, string>; files: Record<string, FakeUpload> };
  /** Ways the request departs from the provider's published API; empty when it fits. */
  problems: string[];
  /** Whether the request asked for a streamed answer. */
  streamed: boolean;
  /** The answer was sent completely. */
  responseEnded: boolean;
  /** The client closed the connection before the answer was complete. */
  closedByClient: boolean;
  /** Body bytes written so far by answers sent progressively ('huge', an 'error' with bodyBytes). */
  bytesSent: number;
  /** Ollama only: the prompt did not fit the context window and was cut, as Ollama does ("truncating input prompt"). */
  contextTruncated?: boolean;
}

export interface FakeProviderOptions {
  /** The key the server accepts; requests without it are rejected as the real service rejects them. Ollama ignores it. */
  apiKey?: string;
  /** When set, requests naming another model are answered 404 as the real service does. */
  model?: string;
  script?: FakeAnswer[];
  /** Delay between stream pieces (default 15 ms). */
  chunkDelayMs?: number;
  /**
   * OpenAI-compatible only: false imitates a host without /audio/transcriptions (LM Studio, llama.cpp,
   * Ollama's /v1, text-only vLLM), which answers 404 there. Default true (api.openai.com, Groq).
   */
  audioRoute?: boolean;
  /** Ollama only: extra allowed browser origins, as OLLAMA_ORIGINS (comma-separated there; `*` wildcards). */
  ollamaOrigins?: string[];
  /** Ollama only: the context window when a request sets no options.num_ctx (Ollama's default: 4096). */
  ollamaDefaultNumCtx?: number;
  /** Ollama only: false imitates a runner without context shift, which refuses a too-long prompt with 400 instead of truncating it. */
  ollamaContextShift?: boolean;
}

export interface FakeProviderServer {
  readonly kind: FakeProviderKind;
  /** http://127.0.0.1:port */
  readonly origin: string;
  /** The base URL to configure a client with: the origin for Gemini and Ollama, origin + '/v1' for OpenAI-compatible. */
  readonly baseUrl: string;
  readonly exchanges: FakeExchange[];
  /** Replaces the script: each request takes the next answer, the last one repeats. */
  script(...answers: FakeAnswer[]): void;
  /** Forgets exchanges (the script stays). */
  reset(): void;
  /** Resolves when the client has closed exchange `index`'s connection early; rejects after `timeoutMs`. */
  waitForClientClose(index: number, timeoutMs?: number): Promise<void>;
  close(): Promise<void>;
}

export const DEFAULT_TEXT = 'Hello from the fake provider.';

export interface Received {
  exchange: FakeExchange;
  raw: Buffer;
}

export interface Protocol {
  kind: FakeProviderKind;
  basePath: string;
  /** Checks the request (filling exchange.problems and exchange.streamed); may answer itself (auth, model, 404) by returning true. */
  check(received: Received, res: ServerResponse, options: FakeProviderOptions): Promise<boolean>;
  /** Answers a request that fits. */
  answer(exchange: FakeExchange, res: ServerResponse, answer: FakeAnswer, delayMs: number): Promise<void>;
  /** The provider's answer to a malformed request. */
  badRequest(res: ServerResponse, problems: string[]): void;
}
