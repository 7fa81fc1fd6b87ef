import { INVALID_ANSWER_CODE, type ContractErrorCode } from '../src/kernel/backend/contractErrors';
import { encodeStreamEvent, STREAM_CONTENT_TYPE, type StreamEvent } from '../src/kernel/backend/streamProtocol';
import { messages } from '../src/kernel/messages';
import { QuotaExhaustedError, UnusableAnswerError } from '../src/providers/documentedFailures';
import { MAX_RETRY_AFTER_SECONDS } from '../src/providers/errors';
import { ProviderError } from '../src/providers/types';
import { logProviderFailure, logUnexpectedFailure, type LogOptions } from './gatewayLog';

/*
 * How long the gateway waits on a provider, and what the caller is told when
 * a call fails. Two clocks: an idle timeout (no byte for `idleMs`, before the
 * answer starts or between two pieces of a stream) and an overall cap
 * (`maxMs`), so a stream that is still producing is not cut off at a fixed
 * time, and one that trickles forever still ends.
 */

export interface CallLimits {
  idleMs: number;
  maxMs: number;
}

export interface UpstreamCall {
  signal: AbortSignal;
  /** A piece arrived: the idle clock starts again. */
  activity(): void;
  /** The gateway gave up waiting (idle or overall), as opposed to the caller leaving. */
  timedOut(): boolean;
  /** Stops the clocks (the call is over). */
  finish(): void;
}

/**
 * The caller's abort, both clocks and any extra signal (a stream's cancel), as one signal.
 *
 * Built by hand rather than with AbortSignal.timeout and AbortSignal.any: a
 * timeout signal keeps its timer (and what it holds) for the whole cap, 300 s,
 * however soon the call ends, and any() signals stay tied to their sources, so
 * at hundreds of calls a second a gateway's memory grew by hundreds of MB
 * (measured with `npm run load -- --instances 1`). Here finish() clears both
 * timers and lets go of the listeners the moment the call is over.
 */
export function upstreamCall(request: Request, limits: CallLimits, extra?: AbortSignal): UpstreamCall {
  const controller = new AbortController();
  let idleTimer: ReturnType<typeof setTimeout> | undefined;
  let overallTimer: ReturnType<typeof setTimeout> | undefined;
  let timedOut = false;
  const onCaller = () => stop(request.signal.reason);
  const onExtra = () => stop(extra?.reason);
  function release() {
    clearTimeout(idleTimer);
    clearTimeout(overallTimer);
    request.signal.removeEventListener('abort', onCaller);
    extra?.removeEventListener('abort', onExtra);
  }
  function stop(reason: unknown) {
    release();
    if (!controller.signal.aborted) controller.abort(reason);
  }
  const timeOut = (message: string) => () => {
    timedOut = true;
    stop(new DOMException(message, 'TimeoutError'));
  };
  const arm = () => {
    clearTimeout(idleTimer);
    idleTimer = setTimeout(timeOut('The provider went quiet.'), limits.idleMs);
  };
  overallTimer = setTimeout(timeOut('The call took too long.'), limits.maxMs);
  arm();
  for (const [source, listener] of [[request.signal, onCaller], [extra, onExtra]] as const) {
    if (!source) continue;
    if (source.aborted) listener();
    else source.addEventListener('abort', listener, { once: true });
  }
  return {
    signal: controller.signal,
    activity: () => {
      if (!controller.signal.aborted) arm();
    },
    timedOut: () => timedOut,
    finish: release,
  };
}

/** 499: the caller closed the request (nginx's code); nobody reads the answer. */
export const CALLER_GONE = 499;

export interface Failure {
  status: number;
  message: string;
  retryAfter?: number;
  /** What kind of failure, for the app to act on (contractErrors.ts). */
  code?: ContractErrorCode;
}

/** Said to the operator, beside the failure's own line, whenever the provider account is out of credit. */
const OUT_OF_CREDIT_LOG =
  "[gateway] the AI provider account has run out of credit (its quota or spending limit is used up): add credit or raise the limit in the provider's billing settings. Until then every call fails, and users are told to contact whoever runs StudyForge.";

/**
 * What the caller is told. Upstream text never reaches the caller: it gets
 * the provider module's message, written for students, and the status. The
 * operator's log gets the status and the kind of failure, never the request's
 * or the answer's content (gatewayLog.ts; the provider's own words only with
 * its opt-in).
 */
export function failure(error: unknown, timedOut: boolean, callerGone: boolean, log: LogOptions): Failure {
  if (callerGone && !timedOut) return { status: CALLER_GONE, message: 'The caller closed the request.' };
  if (timedOut) return { status: 504, message: 'The AI provider took too long to answer. Please try again.' };
  if (error instanceof QuotaExhaustedError) {
    logProviderFailure(error, log);
    console.error(OUT_OF_CREDIT_LOG);
    // Not 429 and no Retry-After: waiting does not help, and the user is told whom to ask.
    return { status: error.status, message: messages.outOfCredit };
  }
  if (error instanceof ProviderError) {
    logProviderFailure(error, log);
    // The provider module clamps what it parses; this holds for any ProviderError, whoever made it.
    const retryAfter =
      error.retryAfterSeconds === undefined ? undefined : Math.min(Math.max(0, Math.ceil(error.retryAfterSeconds)), MAX_RETRY_AFTER_SECONDS);
    return {
      status: error.status,
      message: error.message,
      ...(retryAfter !== undefined ? { retryAfter } : {}),
      ...(error instanceof UnusableAnswerError ? { code: INVALID_ANSWER_CODE } : {}),
    };
  }
  logUnexpectedFailure(error, log);
  return { status: 500, message: 'The gateway could not complete the request.' };
}

/**
 * The streamed answer (streamProtocol.ts): a `delta` event per piece, then
 * `done` (without repeating the text: the pieces are the answer), or `error`.
 */
export function streamResponse(
  deltas: (signal: AbortSignal) => AsyncIterable<string>,
  request: Request,
  limits: CallLimits,
  headers: Record<string, string>,
  log: LogOptions,
  /** Told how the stream ended, as the status a whole answer would have had (200, 499 when the caller left, or the failure's). */
  onEnd?: (status: number) => void,
): Response {
  const cancelled = new AbortController();
  const call = upstreamCall(request, limits, cancelled.signal);
  const encoder = new TextEncoder();
  const body = new ReadableStream<Uint8Array>({
    async start(controller) {
      const send = (event: StreamEvent) => controller.enqueue(encoder.encode(encodeStreamEvent(event)));
      let anyText = false;
      try {
        for await (const delta of deltas(call.signal)) {
          call.activity();
          if (delta.trim() !== '') anyText = true;
          send({ event: 'delta', data: { text: delta } });
        }
        if (!anyText) throw new ProviderError('The AI provider returned an empty answer.', 502);
        send({ event: 'done', data: {} });
        onEnd?.(200);
      } catch (error) {
        if (call.signal.aborted && !call.timedOut()) {
          onEnd?.(CALLER_GONE);
          return; // The caller left: nobody to tell.
        }
        const failed = failure(error, call.timedOut(), false, log);
        onEnd?.(failed.status);
        send({ event: 'error', data: { error: failed.message, ...(failed.code ? { code: failed.code } : {}) } });
      } finally {
        call.finish();
      }
      controller.close();
    },
    cancel() {
      cancelled.abort();
    },
  });
  return new Response(body, {
    headers: { 'Content-Type': `${STREAM_CONTENT_TYPE}; charset=utf-8`, 'Cache-Control': 'no-cache', ...headers },
  });
}
