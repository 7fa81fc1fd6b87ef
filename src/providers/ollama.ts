import { z } from 'zod';
import { answerCutOff, answerUnfinished, emptyAnswer, errorInStream, providerMessages, unreadableAnswer } from './errors';
import { toJsonSchema } from './jsonSchema';
import { answerCap, defaultFetch, joinUrl, postJson, readJson, readNdjson, type FetchLike, type Upstream } from './transport';
import { ProviderError, type ProviderRequest, type TextProvider, type TokenUsage } from './types';

/*
 * Ollama's native API (docs/api.md, "Generate a chat completion"):
 * POST {base}/api/chat {model, messages, stream, format}. Streaming is the
 * default, so a whole answer asks for stream: false explicitly. A streamed
 * answer is newline-delimited JSON, {message: {content}, done}; an error after
 * the stream has started arrives as one more line, {error}. Structured output:
 * format is a JSON schema. No key: Ollama runs on the school's own machine.
 *
 * Context: "By default, Ollama uses a context window size of 4096 tokens" and the
 * API sets it with options.num_ctx (docs/faq.mdx l.23-46, at fb30760); a longer
 * prompt is cut ("truncating input prompt", llm/llama_server.go l.317) or, without
 * context shift, refused with 400 (l.295-299). `numCtx` is sent as options.num_ctx
 * (fromEnvironment reads OLLAMA_NUM_CTX) so a lecture transcript is read whole.
 */

export const OLLAMA_DEFAULT_BASE_URL = 'http://127.0.0.1:11434';
export const OLLAMA_DEFAULT_MODEL = 'llama3.2';

/**
 * Ollama's context window when OLLAMA_NUM_CTX is not set, in tokens. Ollama's own
 * default is 4096 ("By default, Ollama uses a context window size of 4096 tokens",
 * ollama docs/faq.mdx l.25, at fb30760; 4k below 24 GiB VRAM, docs/context-length.mdx),
 * and a longer prompt is cut ("truncating input prompt", llm/llama_server.go l.317).
 * A lecture transcript for audio-notes is easily 10-15k tokens, so StudyForge asks
 * for 16384 via options.num_ctx ("specify the num_ctx parameter", faq.mdx l.39-46).
 */
export const OLLAMA_DEFAULT_NUM_CTX = 16384;

export interface OllamaOptions {
  baseUrl?: string;
  model: string;
  /** The context window to ask for, in tokens (options.num_ctx); Ollama's own default (4096) when not given. */
  numCtx?: number;
  fetch?: FetchLike;
  /** The most bytes an answer may have; DEFAULT_MAX_ANSWER_BYTES when not given. */
  maxAnswerBytes?: number;
  /**
   * What the user changes to pick another model, named when Ollama answers 404
   * for the model: 'OLLAMA_MODEL' (the default) for the gateway, 'the Model
   * field in Settings' in own-key mode.
   */
  modelSetting?: string;
}

const ChatResponse = z.object({
  message: z.object({ content: z.string().nullish() }).optional(),
  done: z.boolean().optional(),
  done_reason: z.string().nullish(),
  error: z.unknown().optional(),
});

/*
 * How an answer ends ([Oll] ollama/ollama at fb30760): a whole answer, and a
 * stream's final line, has "done": true (docs/api.md, "Final response");
 * done_reason is "the reason the model stopped generating text" (api/types.go
 * l.539-540), "length" when it reached the token limit (llm/server.go
 * l.253-262; llm/llama_server.go l.1714-1716 turns the runner's `limit` into
 * `length`). No done:true is an answer cut before the end (a proxy's idle cut,
 * a restart, a crash that closed the connection cleanly); "length" is one cut
 * at the limit. Either way the text is not a finished answer.
 */
function endingError(done: boolean | undefined, doneReason: string | null | undefined): ProviderError | undefined {
  if (done !== true) return answerUnfinished('the answer ended without its done:true line');
  if (doneReason === 'length') return answerCutOff();
  return undefined;
}

/*
 * Token usage. docs/api.md (at fb30760), "Generate a chat
 * completion": "The final response object will include statistics" (l.490;
 * "done": true, and a whole answer is one), prompt_eval_count and eval_count in
 * its examples (l.577-579); "Generate a completion" describes them as "number of
 * tokens in the prompt" and "number of tokens in the response" (l.102-104).
 * The server writes them with Go's omitempty (api/types.go
 * Metrics, l.557-564), which leaves out a count of 0: a missing count beside
 * the other is 0; neither is no report. Read apart from ChatResponse so a
 * count that is not a whole non-negative number is no usage reported while
 * the answer stays readable.
 */
const TokenCount = z.number().int().nonnegative();
const Metrics = z.object({ prompt_eval_count: TokenCount.optional(), eval_count: TokenCount.optional() });

function ollamaUsage(line: unknown): TokenUsage | undefined {
  const parsed = Metrics.safeParse(line);
  if (!parsed.success) return undefined;
  const { prompt_eval_count: input, eval_count: output } = parsed.data;
  if (input === undefined && output === undefined) return undefined;
  return { inputTokens: input ?? 0, outputTokens: output ?? 0 };
}

/*
 * A model Ollama does not have: 404, "Not Found (model doesn't
 * exist, etc.)" (docs/api/errors.mdx l.11, at fb30760), with {"error": …}
 * holding `model 'm' not found` (server/routes.go ChatHandler, l.2485 and
 * l.2500) or `model "m" not found, try pulling it first` (handleScheduleError,
 * l.3116), the latter as the Ollama fake sends. Any other 404 (Go's plain
 * "404 page not found" for an unknown path, `blob "…" not found`) stays generic.
 */
const MODEL_NOT_FOUND = /\bmodel\b.*\bnot found\b/i;

/** `error`, or the "pull it or set <setting>" error when it is Ollama's 404 for the model. */
function orModelNotPulled(error: unknown, model: string, setting: string): unknown {
  if (error instanceof ProviderError && error.message === providerMessages.refused(404) && MODEL_NOT_FOUND.test(error.upstreamDetail ?? '')) {
    return new ProviderError(providerMessages.modelNotPulled(model, setting), 502, undefined, error.upstreamDetail);
  }
  return error;
}

/** The /api/chat request for one user prompt. */
export function ollamaRequestBody(model: string, request: ProviderRequest, stream: boolean, numCtx?: number): Record<string, unknown> {
  return {
    model,
    messages: [{ role: 'user', content: request.prompt }],
    stream,
    ...(request.schema ? { format: toJsonSchema(request.schema) } : {}),
    ...(numCtx !== undefined ? { options: { num_ctx: numCtx } } : {}),
  };
}

export function createOllamaProvider(options: OllamaOptions): TextProvider {
  const upstream: Upstream = { fetch: options.fetch ?? defaultFetch, secrets: [], maxAnswerBytes: answerCap(options.maxAnswerBytes) };
  const url = joinUrl(options.baseUrl ?? OLLAMA_DEFAULT_BASE_URL, 'api/chat');
  if (options.numCtx !== undefined && (!Number.isSafeInteger(options.numCtx) || options.numCtx <= 0)) {
    throw new RangeError(`numCtx must be a positive whole number of tokens (it is ${options.numCtx}).`);
  }
  const modelSetting = options.modelSetting ?? 'OLLAMA_MODEL';
  /** POSTs a chat request; a 404 for the model says to pull it or change modelSetting. */
  const post = async (stream: boolean, request: ProviderRequest): Promise<Response> => {
    try {
      return await postJson(upstream, url, ollamaRequestBody(options.model, request, stream, options.numCtx), {}, request.signal);
    } catch (error) {
      throw orModelNotPulled(error, options.model, modelSetting);
    }
  };
  return {
    name: 'ollama',
    model: options.model,
    streamRequest: (request) => ({ url, body: ollamaRequestBody(options.model, request, true, options.numCtx) }),
    async generate(request) {
      const response = await post(false, request);
      const body = await readJson(response, request.signal, upstream.maxAnswerBytes);
      const parsed = ChatResponse.safeParse(body);
      if (!parsed.success) throw unreadableAnswer();
      if (parsed.data.error !== undefined) throw errorInStream(body, upstream.secrets);
      const usage = ollamaUsage(body);
      if (usage) request.onUsage?.(usage);
      const ended = endingError(parsed.data.done, parsed.data.done_reason);
      if (ended) throw ended;
      const text = parsed.data.message?.content ?? '';
      if (!text.trim()) throw emptyAnswer();
      return text;
    },
    async *stream(request) {
      const response = await post(true, request);
      let any = false;
      let usage: TokenUsage | undefined;
      let done = false;
      let doneReason: string | null | undefined;
      try {
        for await (const line of readNdjson(response, request.signal, upstream.maxAnswerBytes)) {
          const parsed = ChatResponse.safeParse(line);
          if (!parsed.success) throw unreadableAnswer();
          if (parsed.data.error !== undefined) throw errorInStream(line, upstream.secrets);
          const delta = parsed.data.message?.content;
          if (delta) {
            any = true;
            yield delta;
          }
          if (parsed.data.done) {
            // The counts are the final line's (docs/api.md: "Final response").
            usage = ollamaUsage(line);
            done = true;
            doneReason = parsed.data.done_reason;
            break;
          }
        }
        const ended = endingError(done, doneReason);
        if (ended) throw ended;
        if (!any) throw emptyAnswer();
      } finally {
        // Once, as the stream ends: after the final line, or an empty answer that still used its prompt.
        if (usage) request.onUsage?.(usage);
      }
    },
  };
}
