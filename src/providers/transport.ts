import { createParser, type EventSourceMessage } from 'eventsource-parser';
import { answerTooLong, answerUnfinished, errorFromResponse, unreachable, unreadableAnswer } from './errors';

/*
 * The HTTP plumbing shared by the providers, written against fetch, streams
 * and TextDecoder only (Node 20, Deno, browsers). Four rules:
 * - an abort stays an abort (the caller's AbortError, never a ProviderError);
 * - an upstream response that is not OK becomes a ProviderError without secrets;
 * - a consumer that stops reading a stream early closes the upstream connection;
 * - every read of an upstream body is bounded: an answer
 *   past maxAnswerBytes, and an error body past MAX_ERROR_BODY_BYTES, is
 *   cancelled, which closes the connection, instead of growing the reader.
 */

/**
 * The default cap on an answer's bytes, whole or streamed. A model answer is
 * at most ~64k tokens, about 256 KB of text; a stream adds its framing to
 * every delta (OpenAI-style chunks carry ~200 bytes of JSON around each token,
 * Ollama's lines ~100), so a long but honest streamed answer reaches a few MB.
 * 4 MiB lets those through and still bounds what one request can cost.
 */
export const DEFAULT_MAX_ANSWER_BYTES = 4 * 1024 * 1024;

/** The cap a provider factory uses: the option when given (a positive whole number), else the default. */
export function answerCap(maxAnswerBytes: number | undefined): number {
  if (maxAnswerBytes === undefined) return DEFAULT_MAX_ANSWER_BYTES;
  if (!Number.isSafeInteger(maxAnswerBytes) || maxAnswerBytes <= 0) {
    throw new RangeError(`maxAnswerBytes must be a positive whole number of bytes (it is ${maxAnswerBytes}).`);
  }
  return maxAnswerBytes;
}

export type FetchLike = (input: string, init: RequestInit) => Promise<Response>;

/** Calls the global fetch unbound from any object (browsers reject `this !== window`). */
export const defaultFetch: FetchLike = (input, init) => fetch(input, init);

export interface Upstream {
  fetch: FetchLike;
  /** Values that must never appear in a message (the provider key). */
  secrets: readonly (string | undefined)[];
  /** The most bytes an answer may have (see DEFAULT_MAX_ANSWER_BYTES). */
  maxAnswerBytes: number;
}

/** Sends a request; returns only an OK response. */
export async function send(upstream: Upstream, url: string, init: RequestInit): Promise<Response> {
  const signal = init.signal ?? undefined;
  // Also for a custom fetch that ignores the signal: an aborted request is never sent.
  signal?.throwIfAborted();
  let response: Response;
  try {
    response = await upstream.fetch(url, init);
  } catch (error) {
    if (signal?.aborted) throw error;
    throw unreachable();
  }
  if (!response.ok) throw await errorFromResponse(response, upstream.secrets, signal);
  return response;
}

/** POSTs JSON and returns the OK response. */
export function postJson(
  upstream: Upstream,
  url: string,
  body: unknown,
  headers: Record<string, string>,
  signal: AbortSignal | undefined,
): Promise<Response> {
  return send(upstream, url, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...headers },
    body: JSON.stringify(body),
    signal,
  });
}

/** The whole body as JSON, at most `maxBytes` of it. */
export async function readJson(response: Response, signal: AbortSignal | undefined, maxBytes: number): Promise<unknown> {
  // Through readText: the bytes are counted as they arrive, so a huge body is refused, not buffered first.
  let text = '';
  for await (const piece of readText(response, signal, maxBytes)) text += piece;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw unreadableAnswer();
  }
}

/**
 * The body as decoded text, piece by piece as it arrives. The bytes received
 * (as fetch hands them over: after content decoding, before text decoding)
 * are counted across chunks; past `maxBytes` the body is cancelled and the
 * answer refused. Every other reader here goes through this one, so its cap
 * bounds their buffers too.
 */
export async function* readText(response: Response, signal: AbortSignal | undefined, maxBytes: number): AsyncGenerator<string> {
  if (!response.body) throw unreadableAnswer();
  const declared = Number(response.headers.get('content-length') ?? Number.NaN);
  if (declared > maxBytes) {
    // Known to be too long before the first byte: close the connection without reading.
    await response.body.cancel().catch(() => undefined);
    throw answerTooLong(maxBytes);
  }
  const reader = response.body.getReader();
  const decoder = new TextDecoder();
  let finished = false;
  let received = 0;
  try {
    for (;;) {
      let chunk: ReadableStreamReadResult<Uint8Array>;
      try {
        chunk = await reader.read();
      } catch (error) {
        finished = true;
        if (signal?.aborted) throw error;
        // The provider was reached (its headers came): a body that breaks off is an answer cut off, not an unreachable provider.
        throw answerUnfinished('the connection broke before the answer ended');
      }
      if (chunk.done) {
        finished = true;
        const rest = decoder.decode();
        if (rest) yield rest;
        return;
      }
      received += chunk.value.byteLength;
      // Thrown before decoding the chunk: `finally` cancels the body, closing the upstream connection.
      if (received > maxBytes) throw answerTooLong(maxBytes);
      const text = decoder.decode(chunk.value, { stream: true });
      if (text) yield text;
    }
  } finally {
    // The consumer stopped early (break, return, an error in its loop), or the cap was hit: close the connection.
    if (!finished) await reader.cancel().catch(() => undefined);
    reader.releaseLock();
  }
}

/**
 * The data of each server-sent event (text/event-stream), in order. The
 * parser keeps an unfinished line until its newline comes; since it is fed
 * only what readText lets through, an event that never ends is cut at `maxBytes`.
 */
export async function* readServerSentEvents(
  response: Response,
  signal: AbortSignal | undefined,
  maxBytes: number,
): AsyncGenerator<EventSourceMessage> {
  const pending: EventSourceMessage[] = [];
  const parser = createParser({ onEvent: (event) => pending.push(event) });
  for await (const text of readText(response, signal, maxBytes)) {
    parser.feed(text);
    while (pending.length > 0) {
      const event = pending.shift();
      if (event) yield event;
    }
  }
  parser.reset({ consume: true });
  yield* pending;
}

/**
 * Each value of a newline-delimited JSON body (application/x-ndjson), across
 * chunk boundaries. The unfinished line is bounded by readText's cap; each
 * piece is searched for newlines once, so a long line costs linear time.
 */
export async function* readNdjson(response: Response, signal: AbortSignal | undefined, maxBytes: number): AsyncGenerator<unknown> {
  let buffer = '';
  const parse = (line: string): unknown => {
    try {
      return JSON.parse(line) as unknown;
    } catch {
      throw unreadableAnswer();
    }
  };
  for await (const text of readText(response, signal, maxBytes)) {
    const searched = buffer.length;
    buffer += text;
    let start = 0;
    let newline = buffer.indexOf('\n', searched);
    while (newline !== -1) {
      const line = buffer.slice(start, newline).trim();
      start = newline + 1;
      if (line) yield parse(line);
      newline = buffer.indexOf('\n', start);
    }
    buffer = buffer.slice(start);
  }
  const last = buffer.trim();
  if (last) yield parse(last);
}

/** Joins a base URL and a path without doubling or dropping the slash. */
export function joinUrl(base: string, path: string): string {
  return `${base.replace(/\/+$/, '')}/${path.replace(/^\/+/, '')}`;
}
