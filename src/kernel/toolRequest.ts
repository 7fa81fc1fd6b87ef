import { messageOf, messages, UserFacingError } from './messages';
import type { CallOptions } from './runTool';

/*
 * The life of one tool request (a first answer or a refinement): its abort controller, the
 * time limit, going offline, the text streamed so far, and who may still
 * hear of it. A request that is cancelled or replaced (another request
 * started under its key) no longer owns its key: nothing it brings back
 * reaches its handlers. Framework-free: the tool sessions store
 * (src/features/runner/toolSessions.ts) keeps the state and hands in the handlers.
 */

/** How long an answer may take before the user is told and can try again. */
export const REQUEST_TIMEOUT_MS = 120_000;

export interface ToolRequestHandlers<T> {
  /** The answer's text received so far (unvalidated), while it streams. */
  onText(textSoFar: string): void;
  /** What the request brought back: a validated result. */
  onResult(result: T): void;
  /** What to tell the user when the request failed: the backend's fault, too slow (messages.timedOut) or offline (messages.wentOffline). */
  onError(message: string): void;
}

/** The requests in flight, at most one per key (a tool id). */
export class ToolRequests {
  readonly #inFlight = new Map<string, AbortController>();

  /** Whether a request runs under `key`. */
  running(key: string): boolean {
    return this.#inFlight.has(key);
  }

  /**
   * Runs a request under `key`, replacing any there (which then reports
   * nothing more); settles when it ends, however it ends. Never rejects:
   * a failure reaches `onError`.
   */
  async run<T>(key: string, request: (options: Required<CallOptions>) => Promise<T>, handlers: ToolRequestHandlers<T>): Promise<void> {
    const controller = new AbortController();
    this.#inFlight.set(key, controller);
    // A request that is cancelled or replaced no longer owns the key: nothing it brings back is reported.
    const owned = () => this.#inFlight.get(key) === controller;
    const current = () => owned() && !controller.signal.aborted;
    const onText = (textSoFar: string) => {
      if (current()) handlers.onText(textSoFar);
    };
    // Faults that end the request with a message of their own: too slow, or the connection went away.
    const timer = setTimeout(() => controller.abort(new UserFacingError(messages.timedOut)), REQUEST_TIMEOUT_MS);
    const wentOffline = () => controller.abort(new UserFacingError(messages.wentOffline));
    globalThis.addEventListener?.('offline', wentOffline);
    // Offline already (the connection went while the code this request needs was loading): no 'offline' event
    // will come, and the backend would only say it cannot be reached, so say what happened and send nothing.
    if (globalThis.navigator?.onLine === false) wentOffline();
    try {
      if (controller.signal.aborted) throw controller.signal.reason;
      const result = await request({ signal: controller.signal, onText });
      if (current()) handlers.onResult(result);
    } catch (error) {
      const reason: unknown = controller.signal.aborted ? controller.signal.reason : error;
      if (owned()) handlers.onError(messageOf(reason));
    } finally {
      clearTimeout(timer);
      globalThis.removeEventListener?.('offline', wentOffline);
      if (owned()) this.#inFlight.delete(key);
    }
  }

  /** Stops the request under `key`, which then reports nothing; false when none was running. */
  cancel(key: string): boolean {
    const controller = this.#inFlight.get(key);
    if (!controller) return false;
    this.#inFlight.delete(key);
    controller.abort();
    return true;
  }
}
