import { modelAnswer, wrap, type Answer, type Ask, type CallOptions } from '../../kernel/runTool';
import type { Backend } from '../../kernel/backend/types';
import type { ToolDeclaration } from '../../kernel/defineTool';
import type { FormValues } from '../../kernel/fields';
import { messages, UserFacingError } from '../../kernel/messages';
import { ToolRequests } from '../../kernel/toolRequest';
import { loadPrivacyWrapper } from '../privacy';
import { addVersion, loadAnswerWrappers, showing, type AnswerRequest, type ChangeRequest, type OutputOptions, type ResultVersion } from '../refine';
import { restoredSession } from './storedSession';

/*
 * What a tool session needs beyond its form, in one chunk loaded on demand
 * (toolSessions.ts loads it as the person starts on the form, and before
 * opening a tool that has a session stored): reading a stored session back,
 * the answer pipeline, composed here and nowhere else, and the way a request
 * goes out and its events come back. It brings zod and the tool's result
 * checks, so a first visit paints the form without it. The store only applies
 * the events.
 */

/** One answer the tool page asks for: the tool, its inputs, the backend, and what refine and privacy need. */
export interface ToolAnswerRequest extends Omit<AnswerRequest, 'pseudonymise'> {
  tool: ToolDeclaration;
  values: FormValues;
  backend: Backend;
}

async function composed() {
  const [refine, privacy] = await Promise.all([loadAnswerWrappers(), loadPrivacyWrapper()]);
  // The one composition, outermost first: names are hidden around everything (a reading-level re-ask and a change
  // included), the reading level is checked around a change (its re-ask is one), and the output instruction is
  // the last thing before the answer format, which keeps every prompt as it was.
  const answer = wrap(modelAnswer, privacy.privacyWrapper, refine.readingLevelWrapper, refine.refineWrapper, refine.outputWrapper);

  const askOf = (request: Pick<AnswerRequest, 'refine'>): Ask =>
    request.refine ? { kind: 'change', previous: request.refine.previous, change: request.refine.change } : { kind: 'first' };

  /** An answer with every choice taken now: the privacy choice (at once unless the tool may hold names), then the pipeline. */
  function produce({ tool, values, backend, output, refine }: ToolAnswerRequest, options: Required<CallOptions>): Promise<Answer> {
    const start = (pseudonymise: boolean) =>
      answer({ tool, values, ask: askOf({ refine }), model: backend, settings: { output, pseudonymise }, instructions: [], ...options });
    const replaced = privacy.namesReplacedFor(tool);
    // Most tools decide at once, so their request starts in the same task as Generate.
    if (typeof replaced === 'boolean') return start(replaced);
    return replaced.then((pseudonymise) => {
      options.signal.throwIfAborted(); // Cancelled while the choices loaded: nothing is sent.
      return start(pseudonymise);
    });
  }

  /** The pipeline with the choices handed in (the registry checks and the pipeline's tests). */
  function produceWith(tool: ToolDeclaration, values: FormValues, backend: Backend, request: AnswerRequest, options: CallOptions = {}): Promise<Answer> {
    const settings = { output: request.output, pseudonymise: request.pseudonymise ?? false };
    return answer({ tool, values, ask: askOf(request), model: backend, settings, instructions: [], ...options });
  }

  return { produce, produceWith, restoredSession };
}

export type AnswerCode = Awaited<ReturnType<typeof composed>>;

let code: Promise<AnswerCode> | undefined;
let codeNow: AnswerCode | undefined;

/** The session code, composed once (refine's and privacy's wrappers load on demand); again after a failed load. */
export function answerCode(): Promise<AnswerCode> {
  code ??= composed().then(
    (arrived) => (codeNow = arrived),
    (error: unknown) => {
      code = undefined;
      console.warn('[tool sessions] could not load the session code', error);
      throw new UserFacingError(messages.toolNotLoaded);
    },
  );
  return code;
}

/** The session code, once it has arrived. */
export function answerCodeNow(): AnswerCode | undefined {
  return codeNow;
}

/** One answer from start to end with the choices handed in: the first answer or a change, each through every wrapper. */
export async function produceAnswer(tool: ToolDeclaration, values: FormValues, backend: Backend, request: AnswerRequest, options: CallOptions = {}): Promise<Answer> {
  return (await answerCode()).produceWith(tool, values, backend, request, options);
}

/**
 * A new answer from Generate as the latest version, after the earlier ones rather than in their place: a
 * teacher writing a comment per student steps back through the class set.
 */
export function withAnswer(earlier: ResultVersion[], { result, reading = null }: Answer, inputs: FormValues, output: OutputOptions) {
  const versions = addVersion(earlier, { result, id: `res_${Date.now()}`, chain: [], output, reading, sampleOnly: false, inputs });
  return { ...showing(versions, versions.length - 1), resultValues: inputs };
}

/** A change to `base` as the latest version, with the chain of changes that led to it and the inputs it answers. */
export function withChange(versions: ResultVersion[], base: ResultVersion, change: ChangeRequest, { result, reading = null }: Answer, inputs: FormValues, output: OutputOptions, sampleOnly: boolean) {
  const version = { result, id: `res_${Date.now()}`, chain: [...base.chain, change], output, reading, sampleOnly, inputs: base.inputs ?? inputs };
  const added = addVersion(versions, version);
  return showing(added, added.length - 1);
}

/** The request in flight per tool: its time limit, going offline, cancel (kernel/toolRequest.ts). */
const requests = new ToolRequests();

/** Stops the request in flight for this tool, which then reports nothing; false when none was running. */
export function cancelAnswer(toolId: string): boolean {
  return requests.cancel(toolId);
}

/**
 * Set while the page unloads (a reload, the tab closed): a request the unload stops reports nothing, so the
 * session does not store that it ended and the next load can say a change was not finished.
 */
let unloading = false;
if (typeof window !== 'undefined') {
  window.addEventListener('pagehide', () => (unloading = true));
  window.addEventListener('pageshow', () => (unloading = false));
}

/** What a request reports, in order: text while it streams, then its answer or why it failed. */
export type AnswerEvent = { kind: 'text'; text: string } | { kind: 'answer'; answer: Answer } | { kind: 'failed'; message: string };

/**
 * Starts one answer under its tool's key (replacing any there); settles when it ends. With the code composed
 * (it is as the person starts on the form) the request leaves in the same task.
 */
export function startAnswer(request: ToolAnswerRequest, emit: (event: AnswerEvent) => void): Promise<void> {
  return requests.run(
    request.tool.id,
    (options) => {
      if (codeNow) return codeNow.produce(request, options);
      return answerCode().then((composedCode) => {
        options.signal.throwIfAborted(); // Cancelled while the wrappers loaded: nothing is sent.
        return composedCode.produce(request, options);
      });
    },
    {
      onText: (text) => emit({ kind: 'text', text }),
      onResult: (answer) => emit({ kind: 'answer', answer }),
      onError: (message) => void (unloading || emit({ kind: 'failed', message })),
    },
  );
}
