import type { EventSourceMessage } from 'eventsource-parser';
import { InvalidAnswerError, messages, UserFacingError } from '../messages';
import { INVALID_ANSWER_CODE, INVALID_ANSWER_PROBLEM } from './contractErrors';
import { STREAM_CONTENT_TYPE } from './streamProtocol';
import type { Backend, GenerateRequest } from './types';

/*
 * The seed's backend contract, spec 7.1:
 *   POST {backend}/functions/v1/gemini
 *   Content-Type: application/json, Authorization: Bearer {key}
 *   body {contents, config?}; config = {responseMimeType: 'application/json', responseSchema}
 *   200 -> {text}; non-OK -> {error}
 *
 * The same POST also asks for the streaming form (streamProtocol.ts) with its
 * Accept header. A backend that offers it answers text/event-stream; one that
 * speaks only the plain contract answers {text} as JSON, read as before.
 */

/** Asks for the stream, and says the plain JSON answer is just as welcome. */
export const ACCEPT_HEADER = `${STREAM_CONTENT_TYPE}, application/json`;

export interface ContractEndpoint {
  backendUrl: string;
  publicKey: string;
  /** The registry id of the tool asking, sent as the body's `tool` for the school's usage counts. */
  tool?: string;
}

export function geminiUrl(backendUrl: string): string {
  return `${backendUrl.replace(/\/+$/, '')}/functions/v1/gemini`;
}

/**
 * The body of spec 7.1, plus `tool`, the asking tool's id: a gateway meters
 * per tool with it, a backend that does not know it ignores it. In
 * the body, not a header, so no CORS preflight asks a backend to allow it.
 */
export function requestBody(request: GenerateRequest, tool?: string): string {
  const { prompt, responseSchema } = request;
  return JSON.stringify({
    contents: prompt,
    ...(responseSchema ? { config: { responseMimeType: 'application/json', responseSchema } } : {}),
    ...(tool ? { tool } : {}),
  });
}

/**
 * The error a backend's {error, code?} stands for: an unusable answer (its
 * code, contractErrors.ts) becomes the InvalidAnswerError that runTool asks
 * once more for; anything else is shown as the backend wrote it.
 */
function contractError(message: string, code: unknown): UserFacingError {
  return code === INVALID_ANSWER_CODE ? new InvalidAnswerError(INVALID_ANSWER_PROBLEM) : new UserFacingError(message);
}

async function errorOf(response: Response): Promise<UserFacingError> {
  try {
    const body: unknown = await response.json();
    if (typeof body === 'object' && body !== null && 'error' in body) {
      const { error, code } = body as { error: unknown; code?: unknown };
      if (typeof error === 'string' && error.trim() !== '') return contractError(error, code);
    }
  } catch {
    // Unreadable body: fall through to the status text the spec prescribes.
  }
  return new UserFacingError(messages.requestFailed(response.status));
}

/** Some models wrap JSON in a markdown fence even when asked for JSON; the fence is not part of the answer. */
function withoutCodeFence(text: string): string {
  const fenced = /^\s*```(?:json)?\s*\n([\s\S]*?)\n?```\s*$/i.exec(text);
  return fenced?.[1] ?? text;
}

export function parseAnswer(text: string, wantsJson: boolean): unknown {
  if (!wantsJson) return text;
  try {
    return JSON.parse(withoutCodeFence(text));
  } catch {
    throw new InvalidAnswerError('it was not valid JSON');
  }
}

function isStream(response: Response): boolean {
  const type = response.headers.get('Content-Type') ?? '';
  return type.split(';')[0]?.trim().toLowerCase() === STREAM_CONTENT_TYPE;
}

/** A string field of an event's JSON data, or undefined when the data is not that shape. */
function stringField(data: string, field: 'text' | 'error' | 'code'): string | undefined {
  try {
    const parsed: unknown = JSON.parse(data);
    if (typeof parsed !== 'object' || parsed === null) return undefined;
    const value = (parsed as Record<string, unknown>)[field];
    return typeof value === 'string' ? value : undefined;
  } catch {
    return undefined;
  }
}

type StreamOutcome = { done: string } | { failed: UserFacingError };

type EventStreamParserFactory = typeof import('eventsource-parser').createParser;

/**
 * Reads the event stream to its `done` event (or `error`), calling onText with
 * the text so far on every delta. Resolves with the whole answer's text.
 */
async function readStream(body: ReadableStream<Uint8Array>, request: GenerateRequest, createParser: EventStreamParserFactory): Promise<string> {
  let soFar = '';
  let outcome: StreamOutcome | undefined;
  const onEvent = ({ event, data }: EventSourceMessage) => {
    if (outcome) return;
    if (event === 'delta') {
      const text = stringField(data, 'text');
      if (text === undefined) {
        outcome = { failed: new UserFacingError(messages.invalidFormat) };
        return;
      }
      soFar += text;
      request.onText?.(soFar);
    } else if (event === 'done') {
      // The answer is the deltas joined; a gateway that repeats it in `done` is believed (older gateways did).
      const text = stringField(data, 'text');
      outcome = { done: text ?? soFar };
    } else if (event === 'error') {
      const error = stringField(data, 'error');
      outcome = { failed: contractError(error !== undefined && error.trim() !== '' ? error : messages.unknown, stringField(data, 'code')) };
    }
    // Other events (comments, keep-alives, future additions) are not ours to read.
  };
  const parser = createParser({ onEvent });
  const decoder = new TextDecoder();
  const reader = body.getReader();
  const { signal } = request;
  // fetch closes the body on abort; cancelling the reader as well makes sure the connection goes whatever the fetcher.
  const stop = () => void reader.cancel(signal?.reason).catch(() => undefined);
  signal?.addEventListener('abort', stop, { once: true });
  try {
    while (!outcome) {
      const { value, done } = await reader.read();
      if (done) break;
      parser.feed(decoder.decode(value, { stream: true }));
    }
  } catch (error) {
    // An abort is the user's Cancel, passed on as it is; anything else is a dropped connection.
    if (signal?.aborted) throw error;
    throw new UserFacingError(messages.connectionLost);
  } finally {
    signal?.removeEventListener('abort', stop);
    // After done or error nothing more is wanted: let the connection go.
    reader.cancel().catch(() => undefined);
  }
  if (signal?.aborted) throw signal.reason;
  if (!outcome) throw new UserFacingError(messages.connectionLost);
  if ('failed' in outcome) throw outcome.failed;
  return outcome.done;
}

/**
 * The event-stream parser, loaded when a request starts rather than with every
 * tool page: it is needed only once a stream answers, and it arrives while the
 * request is in flight. A failed load reads as a lost connection.
 */
function loadStreamParser(): Promise<EventStreamParserFactory> {
  const loading = import('eventsource-parser').then(
    (module) => module.createParser,
    () => {
      throw new UserFacingError(messages.connectionLost);
    },
  );
  // Awaited only when the answer is a stream: a JSON answer must not leave an unhandled rejection behind.
  loading.catch(() => undefined);
  return loading;
}

export function createContractBackend(endpoint: ContractEndpoint, fetcher: typeof fetch = globalThis.fetch.bind(globalThis)): Backend {
  return {
    kind: 'contract',
    async generate(request) {
      const streamParser = loadStreamParser();
      let response: Response;
      try {
        response = await fetcher(geminiUrl(endpoint.backendUrl), {
          method: 'POST',
          headers: {
            'Content-Type': 'application/json',
            Accept: ACCEPT_HEADER,
            Authorization: `Bearer ${endpoint.publicKey}`,
          },
          body: requestBody(request, endpoint.tool),
          signal: request.signal,
        });
      } catch (error) {
        if (request.signal?.aborted) throw error;
        throw new UserFacingError(messages.backendUnreachable(endpoint.backendUrl));
      }
      if (!response.ok) throw await errorOf(response);
      const wantsJson = request.responseSchema !== undefined;

      if (isStream(response)) {
        if (!response.body) throw new UserFacingError(messages.connectionLost);
        return parseAnswer(await readStream(response.body, request, await streamParser), wantsJson);
      }

      let payload: unknown;
      try {
        payload = await response.json();
      } catch {
        throw new UserFacingError(messages.invalidFormat);
      }
      const text = typeof payload === 'object' && payload !== null ? (payload as { text?: unknown }).text : undefined;
      if (typeof text !== 'string') throw new UserFacingError(messages.invalidFormat);
      return parseAnswer(text, wantsJson);
    },
  };
}
