import { z } from 'zod';
import { answerUnfinished, cleanDetail, declinedBecause, emptyAnswer, errorInStream, providerMessages, unreadableAnswer } from './errors';
import { readText } from './transport';
import { ProviderError, type TokenUsage } from './types';

/*
 * Reading Gemini's answers: one GenerateContentResponse (a whole answer or a
 * stream chunk), how the answer ended, and the server-sent events of a stream.
 * Sources as in gemini.ts: [G-sdk] googleapis/js-genai at 6e9b35c (2026-08-21),
 * src/types.ts and src/_api_client.ts (the rows are those of
 * /work/shared/findings/provider-conformance.md).
 */

const Part = z.object({ text: z.string().optional(), thought: z.boolean().optional() });

/*
 * Token usage, [G-sdk] src/types.ts GenerateContentResponseUsageMetadata
 * (l.3664-3690): promptTokenCount "The total number of tokens in the prompt",
 * candidatesTokenCount "The total number of tokens in the generated candidates",
 * thoughtsTokenCount "The number of tokens that were part of the model's
 * generated 'thoughts' output"; totalTokenCount is "the sum of
 * prompt_token_count, candidates_token_count, tool_use_prompt_token_count, and
 * thoughts_token_count". Thinking tokens are billed as output (Google's output
 * prices include thinking tokens, https://ai.google.dev/gemini-api/docs/pricing),
 * so output = candidates + thoughts. toolUsePromptTokenCount is left out:
 * StudyForge gives the model no tools.
 * The API writes proto3 JSON, which by default omits a field holding its default
 * value, 0 for a count (https://protobuf.dev/programming-guides/json/): a
 * missing count beside the others is 0; a usageMetadata with none of them
 * reports nothing. `.catch(undefined)`: a usageMetadata that does not read
 * (a count that is not a whole non-negative number) is no usage reported, and
 * the answer itself stays readable.
 */
const TokenCount = z.number().int().nonnegative();
const UsageMetadata = z.object({
  promptTokenCount: TokenCount.optional(),
  candidatesTokenCount: TokenCount.optional(),
  thoughtsTokenCount: TokenCount.optional(),
});

function geminiUsage(metadata: z.infer<typeof UsageMetadata> | undefined): TokenUsage | undefined {
  if (!metadata) return undefined;
  const { promptTokenCount, candidatesTokenCount, thoughtsTokenCount } = metadata;
  if (promptTokenCount === undefined && candidatesTokenCount === undefined && thoughtsTokenCount === undefined) return undefined;
  const outputTokens = (candidatesTokenCount ?? 0) + (thoughtsTokenCount ?? 0);
  if (!Number.isSafeInteger(outputTokens)) return undefined;
  return { inputTokens: promptTokenCount ?? 0, outputTokens };
}

const GenerateContentResponse = z.object({
  candidates: z
    .array(
      z.object({
        content: z.object({ parts: z.array(Part).optional() }).optional(),
        finishReason: z.string().optional(),
        finishMessage: z.string().optional(),
      }),
    )
    .optional(),
  promptFeedback: z.object({ blockReason: z.string().optional(), blockReasonMessage: z.string().optional() }).optional(),
  usageMetadata: UsageMetadata.optional().catch(undefined),
  error: z.unknown().optional(),
});

/** What one GenerateContentResponse (a whole answer, or one stream chunk) says. */
interface GeminiPiece {
  /** candidates[0]'s parts' texts joined, thought summaries left out. */
  text: string;
  finishReason?: string;
  finishMessage?: string;
  blockReason?: string;
  blockReasonMessage?: string;
  /**
   * The tokens used, when usageMetadata reports them. Streamed, usageMetadata
   * may come on several chunks: the last one holds the totals.
   */
  usage?: TokenUsage;
}

export function readPiece(body: unknown, secrets: readonly string[]): GeminiPiece {
  const parsed = GenerateContentResponse.safeParse(body);
  if (!parsed.success) throw unreadableAnswer();
  if (parsed.data.error !== undefined) throw errorInStream(body, secrets);
  const candidate = parsed.data.candidates?.[0];
  const text = (candidate?.content?.parts ?? [])
    .filter((part) => part.thought !== true)
    .map((part) => part.text ?? '')
    .join('');
  return {
    text,
    finishReason: candidate?.finishReason,
    finishMessage: candidate?.finishMessage,
    blockReason: parsed.data.promptFeedback?.blockReason,
    blockReasonMessage: parsed.data.promptFeedback?.blockReasonMessage,
    usage: geminiUsage(parsed.data.usageMetadata),
  };
}

/*
 * How an answer ended (G5). [G-sdk] src/types.ts:
 * - FinishReason (l.466-526): STOP is "a natural stopping point or a configured
 *   stop sequence"; MAX_TOKENS "reached the configured maximum output tokens";
 *   SAFETY, RECITATION, LANGUAGE, OTHER, BLOCKLIST, PROHIBITED_CONTENT, SPII,
 *   MALFORMED_FUNCTION_CALL, IMAGE_* ... stop it for other reasons, and "When
 *   streaming, [content][] is empty if content filters blocks the output".
 * - Candidate.finishReason (l.3626-3629): "If empty, the model has not stopped
 *   generating the tokens": absent mid-stream is normal, absent at the end is
 *   an answer that never finished.
 * - promptFeedback (l.3715): "Sent only in the first stream chunk. Only happens
 *   when no candidates were generated due to content violations"; its
 *   BlockedReason values are at l.614-647.
 * Only STOP is a finished answer. The reasons below are StudyForge's own words
 * for each documented value; the provider's finishMessage / blockReasonMessage
 * go, redacted, to upstreamDetail only.
 */
const FINISH_REASON_WORDS: Record<string, string> = {
  SAFETY: 'its safety filter stopped the answer',
  RECITATION: 'the answer was too close to existing published text',
  PROHIBITED_CONTENT: 'the answer may hold prohibited content',
  SPII: 'the answer may hold sensitive personal information',
  BLOCKLIST: 'the answer holds terms from a blocklist',
  LANGUAGE: 'the language of the request is not supported',
  IMAGE_SAFETY: 'its safety filter stopped the answer',
  IMAGE_PROHIBITED_CONTENT: 'the answer may hold prohibited content',
  IMAGE_RECITATION: 'the answer was too close to existing published material',
  MALFORMED_FUNCTION_CALL: 'the model tried a tool call that StudyForge does not make',
  UNEXPECTED_TOOL_CALL: 'the model tried a tool call that StudyForge does not make',
  TOO_MANY_TOOL_CALLS: 'the model tried a tool call that StudyForge does not make',
};
const BLOCK_REASON_WORDS: Record<string, string> = {
  SAFETY: 'its safety filter blocked the request',
  PROHIBITED_CONTENT: 'the request may hold prohibited content',
  BLOCKLIST: 'the request holds terms from a blocklist',
  IMAGE_SAFETY: 'its safety filter blocked the request',
};
const UNSTATED_STOP = 'the model stopped for a reason it did not state';
const UNSTATED_BLOCK = 'the request was blocked for a reason the provider did not state';

/** What the answer came to, tracked over a whole answer or every chunk of a stream. */
export interface Ending {
  finishReason?: string;
  finishMessage?: string;
  blockReason?: string;
  blockReasonMessage?: string;
}

export function track(ending: Ending, piece: GeminiPiece): void {
  // The last candidate's reason counts; a chunk without one (mid-stream) changes nothing.
  if (piece.finishReason !== undefined) {
    ending.finishReason = piece.finishReason;
    ending.finishMessage = piece.finishMessage;
  }
  if (piece.blockReason !== undefined) {
    ending.blockReason = piece.blockReason;
    ending.blockReasonMessage = piece.blockReasonMessage;
  }
}

/** The error for an answer that did not end with STOP; undefined when it did. `final`: the answer is over. */
export function endingError(ending: Ending, final: boolean, secrets: readonly string[]): ProviderError | undefined {
  if (ending.blockReason !== undefined) {
    return declinedBecause(BLOCK_REASON_WORDS[ending.blockReason] ?? UNSTATED_BLOCK, ending.blockReasonMessage ?? `blockReason ${ending.blockReason}`, secrets);
  }
  const reason = ending.finishReason;
  if (reason === 'STOP') return undefined;
  const detail = ending.finishMessage ?? (reason === undefined ? undefined : `finishReason ${reason}`);
  if (reason === 'MAX_TOKENS') {
    return new ProviderError(providerMessages.answerCutOff, 502, undefined, detail === undefined ? undefined : cleanDetail(detail, secrets));
  }
  if (reason !== undefined) return declinedBecause(FINISH_REASON_WORDS[reason] ?? UNSTATED_STOP, detail, secrets);
  if (!final) return undefined;
  // Cut off, as the OpenAI-compatible and Ollama adapters call an answer without their finish signal.
  return answerUnfinished('the answer ended without a finishReason');
}

/**
 * The data of each server-sent event, in order, read as Google's own SDK reads
 * them ([G-sdk] src/_api_client.ts processStreamResponse, l.686-785): events
 * end at "\n\n", "\r\r" or "\r\n\r\n", and a body that is a bare JSON object
 * holding "error", not framed as an event (G6), is an error in the stream.
 * transport.ts's SSE parser would skip such a line as an unknown field.
 */
export async function* readGeminiEvents(response: Response, signal: AbortSignal | undefined, maxBytes: number, secrets: readonly string[]): AsyncGenerator<string> {
  let buffer = '';
  let searched = 0;
  const bareError = (text: string): void => {
    const trimmed = text.trim();
    if (!trimmed.startsWith('{')) return;
    let body: unknown;
    try {
      body = JSON.parse(trimmed) as unknown;
    } catch {
      return;
    }
    if (typeof body === 'object' && body !== null && 'error' in body) throw errorInStream(body, secrets);
  };
  /** One event's data: its data: lines joined; undefined for comments and other fields. */
  const eventData = (block: string): string | undefined => {
    const lines = block.split(/\r\n|\r|\n/);
    const data = lines.filter((line) => line.startsWith('data:')).map((line) => line.slice(5).replace(/^ /, ''));
    if (data.length > 0) return data.join('\n');
    bareError(block);
    // Anything else that is not an SSE field or comment is not Gemini's stream.
    if (lines.some((line) => line.trim() !== '' && !/^(?::|event:|id:|retry:)/.test(line))) throw unreadableAnswer();
    return undefined;
  };
  for await (const piece of readText(response, signal, maxBytes)) {
    // As the SDK does: a network chunk that is, whole, an error object.
    bareError(piece);
    buffer += piece;
    for (;;) {
      // Searched from a little before the new text: a delimiter may straddle two pieces.
      const from = Math.max(0, searched - 3);
      let end = -1;
      let length = 0;
      for (const delimiter of ['\r\n\r\n', '\n\n', '\r\r']) {
        const at = buffer.indexOf(delimiter, from);
        if (at !== -1 && (end === -1 || at < end)) {
          end = at;
          length = delimiter.length;
        }
      }
      if (end === -1) {
        searched = buffer.length;
        break;
      }
      const data = eventData(buffer.slice(0, end));
      buffer = buffer.slice(end + length);
      searched = 0;
      if (data !== undefined) yield data;
    }
  }
  if (buffer.trim() !== '') {
    const data = eventData(buffer);
    if (data !== undefined) yield data;
  }
}

/**
 * The text of a whole GenerateContentResponse that ended with STOP; any other ending is an error.
 * `onUsage` is told the usage it reports first, a stopped or blocked answer's too.
 */
export function wholeAnswerText(body: unknown, secrets: readonly string[], onUsage?: (usage: TokenUsage) => void): string {
  const piece = readPiece(body, secrets);
  if (piece.usage) onUsage?.(piece.usage);
  const ending: Ending = {};
  track(ending, piece);
  // Nothing at all (no text, no reason, no block) is an empty answer; anything else must have ended with STOP.
  if (!piece.text.trim() && ending.finishReason === undefined && ending.blockReason === undefined) throw emptyAnswer();
  const failed = endingError(ending, true, secrets);
  if (failed) throw failed;
  if (!piece.text.trim()) throw emptyAnswer();
  return piece.text;
}
