import type { Answer } from '../../kernel/answerPipeline';
import { messages, UserFacingError } from '../../kernel/messages';
import { onDemand } from '../../kernel/onDemand';
import { ToolRequests } from '../../kernel/toolRequest';
import type { AnswerCode, ToolAnswerRequest } from './answerCode';

/*
 * The way a tool session's request goes out and its events come back. The
 * code behind a stored session and behind an answer (zod, the tool's result
 * checks, the prompt) is not in a tool page's first load: a first visit paints
 * the form without it. A tool page loads it when the person starts on the form,
 * and waits for it before opening a tool that has a session stored; Generate
 * waits for it if it is not here yet. The store only applies what comes back.
 * This file loads on demand too (toolSessions.ts), with the requests in flight.
 */

export { REQUEST_TIMEOUT_MS } from '../../kernel/toolRequest';

/** The request in flight per tool: its time limit, going offline, cancel (kernel/toolRequest.ts). */
const requests = new ToolRequests();

/** Stops the request in flight for this tool, which then reports nothing; false when none was running. */
export function cancelAnswer(toolId: string): boolean {
  return requests.cancel(toolId);
}

const sessionCode = onDemand(() =>
  import('./answerCode')
    .then(({ answerCode }) => answerCode())
    .catch((error: unknown) => {
      console.warn('[tool sessions] could not load the session code', error);
      throw new UserFacingError(messages.toolNotLoaded);
    }),
);

export function loadSessionCode(): Promise<AnswerCode> {
  return sessionCode.load();
}

/** The session code, once it has arrived. */
export function sessionCodeNow(): AnswerCode | undefined {
  return sessionCode.current();
}

/** What a request reports, in order: text while it streams, then its answer or why it failed. */
export type AnswerEvent = { kind: 'text'; text: string } | { kind: 'answer'; answer: Answer } | { kind: 'failed'; message: string };

/**
 * Starts one answer under its tool's key (replacing any there); settles when it ends. With the code here
 * (it loads as the person starts on the form) the request leaves in the same task.
 */
export function startAnswer(request: ToolAnswerRequest, emit: (event: AnswerEvent) => void): Promise<void> {
  return requests.run(
    request.tool.id,
    (options) => {
      const code = sessionCode.current();
      if (code) return code.produce(request, options);
      return sessionCode.load().then((loaded) => {
        options.signal.throwIfAborted(); // Cancelled while the code loaded: nothing is sent.
        return loaded.produce(request, options);
      });
    },
    {
      onText: (text) => emit({ kind: 'text', text }),
      onResult: (answer) => emit({ kind: 'answer', answer }),
      onError: (message) => emit({ kind: 'failed', message }),
    },
  );
}
