import { createParser, type EventSourceMessage } from 'eventsource-parser';
import { errorFromResponse, unreachable, unreadableAnswer } from './errors';

/*
 * The HTTP plumbing shared by the providers, written against fetch, streams
 * and TextDecoder only (Node 20, Deno, browsers). Three rules:
 * - an abort stays an abort (the caller's AbortError, never a ProviderError);
 * - an upstream response that is not OK becomes a ProviderError without secrets;
 * - a consumer that stops reading a stream early closes the upstream connection.
 */

export type FetchLike = (input: string, init: RequestInit) => Promise<Response>;

/** Calls the global fetch unbound from any object (browsers reject `this !== window`). */
export const defaultFetch: FetchLike = (input, init) => fetch(input, init);

export interface Upstream {
  fetch: FetchLike;
  /** Values that must never appear in a message (the provider key). */
  secrets: readonly (string | undefined)[];
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

/** The whole body as JSON. */
export async function readJson(response: Response, signal: AbortSignal | undefined): Promise<unknown> {
  let text: string;
  try {
    text = await response.text();
  } catch (error) {
    if (signal?.aborted) throw error;
    throw unreachable();
  }
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw unreadableAnswer();
  }
}

/** The body as decoded text, piece by piece as it arrives. */
export async function* readText(response: Response, signal: AbortSignal | undefined): AsyncGenerator<string> {
  if (!response.body) throw unreadableAnswer();
  const reader = response.body.getReader();
  const decoder = new TextDecoder();
  let finished = false;
  try {
    for (;;) {
      let chunk: ReadableStreamReadResult<Uint8Array>;
      try {
        chunk = await reader.read();
      } catch (error) {
        finished = true;
        if (signal?.aborted) throw error;
        throw unreachable();
      }
      if (chunk.done) {
        finished = true;
        const rest = decoder.decode();
        if (rest) yield rest;
        return;
      }
      const text = decoder.decode(chunk.value, { stream: true });
      if (text) yield text;
    }
  } finally {
    // The consumer stopped early (break, return, an error in its loop): close the connection.
    if (!finished) await reader.cancel().catch(() => undefined);
    reader.releaseLock();
  }
}

/** The data of each server-sent event (text/event-stream), in order. */
export async function* readServerSentEvents(
  response: Response,
  signal: AbortSignal | undefined,
): AsyncGenerator<EventSourceMessage> {
  const pending: EventSourceMessage[] = [];
  const parser = createParser({ onEvent: (event) => pending.push(event) });
  for await (const text of readText(response, signal)) {
    parser.feed(text);
    while (pending.length > 0) {
      const event = pending.shift();
      if (event) yield event;
    }
  }
  parser.reset({ consume: true });
  yield* pending;
}

/** Each value of a newline-delimited JSON body (application/x-ndjson), across chunk boundaries. */
export async function* readNdjson(response: Response, signal: AbortSignal | undefined): AsyncGenerator<unknown> {
  let buffer = '';
  const parse = (line: string): unknown => {
    try {
      return JSON.parse(line) as unknown;
    } catch {
      throw unreadableAnswer();
    }
  };
  for await (const text of readText(response, signal)) {
    buffer += text;
    let newline = buffer.indexOf('\n');
    while (newline !== -1) {
      const line = buffer.slice(0, newline).trim();
      buffer = buffer.slice(newline + 1);
      if (line) yield parse(line);
      newline = buffer.indexOf('\n');
    }
  }
  const last = buffer.trim();
  if (last) yield parse(last);
}

/** Joins a base URL and a path without doubling or dropping the slash. */
export function joinUrl(base: string, path: string): string {
  return `${base.replace(/\/+$/, '')}/${path.replace(/^\/+/, '')}`;
}
