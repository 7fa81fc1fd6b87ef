import { modelAnswer, wrap, type Answer, type Ask } from '../../kernel/answerPipeline';
import type { Backend } from '../../kernel/backend/types';
import type { ToolDeclaration } from '../../kernel/defineTool';
import type { FormValues } from '../../kernel/fields';
import type { CallOptions } from '../../kernel/runTool';
import { loadPrivacyWrapper } from '../privacy';
import { loadProduceAnswer, type AnswerRequest } from '../refine';
import { restoredSession } from './storedSession';

/*
 * What a tool session needs beyond its form, in one chunk loaded on demand
 * (answerRequests.ts): reading a stored session back, and the answer pipeline,
 * composed here and nowhere else. Both bring zod and the tool's result checks.
 */

/** One answer the tool page asks for: the tool, its inputs, the backend, and what refine and privacy need. */
export interface ToolAnswerRequest extends Omit<AnswerRequest, 'pseudonymise'> {
  tool: ToolDeclaration;
  values: FormValues;
  backend: Backend;
}

async function composed() {
  const [refine, privacy] = await Promise.all([loadProduceAnswer(), loadPrivacyWrapper()]);
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

let code: ReturnType<typeof composed> | undefined;

/** The session code, composed once. */
export function answerCode(): ReturnType<typeof composed> {
  code ??= composed().catch((error: unknown) => {
    code = undefined;
    throw error;
  });
  return code;
}

export type AnswerCode = Awaited<ReturnType<typeof composed>>;

/** One answer from start to end with the choices handed in: the first answer or a change, each through every wrapper. */
export async function produceAnswer(tool: ToolDeclaration, values: FormValues, backend: Backend, request: AnswerRequest, options: CallOptions = {}): Promise<Answer> {
  return (await answerCode()).produceWith(tool, values, backend, request, options);
}
