import { z } from 'zod';
import { answerCutOff, answerUnfinished, contentFiltered, declined } from './errors';
import type { ProviderError, TokenUsage } from './types';

/*
 * Reading an OpenAI chat completions answer (see openaiCompatible.ts): the
 * whole completion and stream chunks, how the answer finished, a wrapped
 * root unwrapped as it streams, and the body of an `event: error`.
 */

/*
 * The finish and refusal signals (O4), per openai/openai-node
 * src/resources/chat/completions/completions.ts: finish_reason is
 * stop | length | tool_calls | content_filter, "`length` if the maximum number
 * of tokens … was reached, `content_filter` if content was omitted" (l.419-428,
 * 910); message.refusal and, streamed, the chunk's `delta.refusal` carry the
 * model's refusal; a chunk's `choices` "Can also be empty for the last chunk if
 * you set stream_options: {"include_usage": true}" (l.816-821).
 */
/*
 * Token usage: CompletionUsage {prompt_tokens, completion_tokens},
 * "Number of tokens in the prompt" and "in the generated completion"
 * ([O-sdk] src/resources/completions.ts l.122-131, at 7b7d6ca), carried by a
 * whole ChatCompletion's `usage` (chat/completions/completions.ts l.414) and,
 * streamed, by a chunk's `usage`, which is "only ... present when you set
 * `stream_options: {"include_usage": true}`" and then "contains a null value
 * **except for the last chunk**" (l.884-892). OpenRouter sends it unasked.
 * `.catch(undefined)`: a usage that does not read as two whole non-negative
 * counts is taken as no usage reported; the answer itself stays readable.
 */
const TokenCount = z.number().int().nonnegative();
const CompletionUsage = z.object({ prompt_tokens: TokenCount, completion_tokens: TokenCount });
const LenientUsage = CompletionUsage.nullish().catch(undefined);

/** The usage a ChatCompletion or chunk reports, in StudyForge's terms; undefined when it reports none. */
export function tokenUsage(usage: z.infer<typeof LenientUsage>): TokenUsage | undefined {
  if (!usage) return undefined;
  return { inputTokens: usage.prompt_tokens, outputTokens: usage.completion_tokens };
}

export const ChatCompletion = z.object({
  choices: z.array(
    z.object({
      message: z.object({ content: z.string().nullish(), refusal: z.string().nullish() }),
      finish_reason: z.string().nullish(),
    }),
  ),
  usage: LenientUsage,
});

/*
 * Groq's extension of a chunk ([Groq-sdk] groq/groq-typescript at 709b1ab,
 * src/resources/chat/completions.ts): ChatCompletionChunk has no top-level
 * `usage`, only `x_groq` (l.392), whose `usage` is the stream's usage (l.1000)
 * and whose `error` is "An error string indicating why a stream was stopped
 * early" (l.990). `.catch(undefined)`: an x_groq that does not read is none.
 */
const XGroq = z.object({ usage: LenientUsage, error: z.unknown().optional() }).nullish().catch(undefined);

export const ChatCompletionChunk = z.object({
  choices: z
    .array(
      z.object({
        delta: z.object({ content: z.string().nullish(), refusal: z.string().nullish() }).nullish(),
        finish_reason: z.string().nullish(),
      }),
    )
    .nullish(),
  usage: LenientUsage,
  error: z.unknown().optional(),
  x_groq: XGroq,
});

/** The usage a chunk reports: top-level `usage` (OpenAI, OpenRouter, vLLM...) or Groq's `x_groq.usage`. */
export function chunkUsage(chunk: z.infer<typeof ChatCompletionChunk>): TokenUsage | undefined {
  return tokenUsage(chunk.usage) ?? tokenUsage(chunk.x_groq?.usage);
}

/** Groq's reason a stream stopped early, as an in-stream error body; undefined when the chunk has none. */
export function groqStreamError(chunk: z.infer<typeof ChatCompletionChunk>): { error: unknown } | undefined {
  const error = chunk.x_groq?.error;
  return error === undefined || error === null ? undefined : { error };
}

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * A refusal, a length stop, a content filter, or no finish_reason at all: never an "empty answer", never a
 * finished one. A choice is finished only with a finish_reason: openai-node's stream helper throws
 * `missing finish_reason for choice` otherwise ([O-sdk] src/lib/ChatCompletionStream.ts l.2170), and an
 * answer without one was cut (a proxy's idle cut, a restart, an upstream crash), with or without [DONE].
 */
export function finishError(finishReason: string | null | undefined, refusal: string, secrets: readonly (string | undefined)[]): ProviderError | undefined {
  if (refusal.trim()) return declined(refusal, secrets);
  if (finishReason === 'length') return answerCutOff();
  if (finishReason === 'content_filter') return contentFiltered();
  if (!finishReason) return answerUnfinished('the answer ended without a finish_reason');
  return undefined;
}

/**
 * Streams a wrapped answer, {"items": <value>}, as <value>: the opening is
 * held until it is complete, and the end (a closing brace and whitespace) is
 * held until more text shows it was not the end. Text that does not open
 * that way is passed on as it is (the caller's validation reports it).
 */
export class Unwrapper {
  private head = '';
  private tail = '';
  private mode: 'opening' | 'inside' | 'raw' = 'opening';
  push(text: string): string {
    if (this.mode === 'raw') return text;
    if (this.mode === 'opening') {
      this.head += text;
      const match = /^\s*\{\s*"items"\s*:\s*(?=\S)/.exec(this.head);
      if (match) {
        this.mode = 'inside';
        const rest = this.head.slice(match[0].length);
        this.head = '';
        return this.hold(rest);
      }
      // Not (yet) a prefix of the opening, whitespace aside: not a wrapped answer.
      if (!'{"items":'.startsWith(this.head.replace(/\s+/g, ''))) {
        this.mode = 'raw';
        const all = this.head;
        this.head = '';
        return all;
      }
      return '';
    }
    return this.hold(text);
  }
  private hold(text: string): string {
    const all = this.tail + text;
    const end = /\}?\s*$/.exec(all);
    const at = end ? end.index : all.length;
    this.tail = all.slice(at);
    return all.slice(0, at);
  }
  /** What is left at the end: the held opening (never completed) or the held end without its closing brace. */
  finish(): string {
    if (this.mode === 'opening') return this.head;
    if (this.mode === 'raw') return '';
    return this.tail.replace(/^\s*\}\s*$/, '');
  }
}

/** The error an `event: error` SSE event carries ([O-sdk] src/core/streaming.ts l.104-128 throws on it). */
export function errorEventBody(data: string): unknown {
  try {
    const body = JSON.parse(data) as unknown;
    if (isRecord(body)) return body;
  } catch {
    // not JSON: the data is the message
  }
  return { error: { message: data } };
}
