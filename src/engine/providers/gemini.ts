import { z } from 'zod';
import { AUDIO_TYPE_ALIASES } from '../audioTypes';
import { GEMINI_DEFAULT_MODEL } from './defaultModels';
import { cleanDetail, declinedBecause, emptyAnswer, errorInStream, providerMessages, unknownModel, unreadableAnswer } from './errors';
import { answerCap, defaultFetch, joinUrl, postJson, readJson, readText, type FetchLike, type Upstream } from './transport';
import { ProviderError, type ProviderRequest, type TextProvider, type TranscriptionProvider, type TranscriptionRequest } from './types';

/*
 * Google's Gemini API (generativelanguage.googleapis.com, v1beta):
 * - POST /v1beta/models/{model}:generateContent answers one GenerateContentResponse;
 * - POST /v1beta/models/{model}:streamGenerateContent?alt=sse answers server-sent
 *   events, each one a GenerateContentResponse holding the next piece of text.
 * The key travels in the x-goog-api-key header, never in the URL (URLs end up in logs).
 * Structured output: generationConfig.responseMimeType 'application/json' plus
 * responseSchema, which speaks the contract's OpenAPI subset; only the fields
 * of Google's Schema object are sent (geminiSchema).
 *
 * Sources (issue 11; the rows are those of /work/shared/findings/provider-conformance.md):
 * [G-sdk] googleapis/js-genai at 6e9b35c (2026-08-21), src/types.ts and src/_api_client.ts;
 * [G-dep] https://ai.google.dev/gemini-api/docs/deprecations; [G-models] https://ai.google.dev/gemini-api/docs/models;
 * [G-audio] https://ai.google.dev/gemini-api/docs/audio.
 */

// The default model (G2) lives in defaultModels.ts, which the settings screen reads without loading this module.
export { GEMINI_DEFAULT_MODEL };
export const GEMINI_DEFAULT_BASE_URL = 'https://generativelanguage.googleapis.com';

export const TRANSCRIBE_INSTRUCTION =
  'Transcribe this audio verbatim. Answer with the spoken words only: no timestamps, speaker labels, headings or commentary.';

export interface GeminiOptions {
  apiKey: string;
  model?: string;
  baseUrl?: string;
  fetch?: FetchLike;
  /** The most bytes an answer may have; DEFAULT_MAX_ANSWER_BYTES when not given. */
  maxAnswerBytes?: number;
  /**
   * What the user changes to pick another model, named when Gemini answers 404
   * for the model: 'GEMINI_MODEL' (the default) for the gateway, 'the Model
   * field in Settings' in own-key mode.
   */
  modelSetting?: string;
}

const Part = z.object({ text: z.string().optional(), thought: z.boolean().optional() });
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
}

function readPiece(body: unknown, secrets: readonly string[]): GeminiPiece {
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
interface Ending {
  finishReason?: string;
  finishMessage?: string;
  blockReason?: string;
  blockReasonMessage?: string;
}

function track(ending: Ending, piece: GeminiPiece): void {
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
function endingError(ending: Ending, final: boolean, secrets: readonly string[]): ProviderError | undefined {
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
  return new ProviderError(providerMessages.failedWhileAnswering, 502, undefined, 'the answer ended without a finishReason');
}

/**
 * The data of each server-sent event, in order, read as Google's own SDK reads
 * them ([G-sdk] src/_api_client.ts processStreamResponse, l.686-785): events
 * end at "\n\n", "\r\r" or "\r\n\r\n", and a body that is a bare JSON object
 * holding "error", not framed as an event (G6), is an error in the stream.
 * transport.ts's SSE parser would skip such a line as an unknown field.
 */
async function* readGeminiEvents(response: Response, signal: AbortSignal | undefined, maxBytes: number, secrets: readonly string[]): AsyncGenerator<string> {
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

/*
 * Only the fields of Google's Schema object ([G-sdk] src/types.ts l.2323-2368)
 * reach responseSchema (G4): a caller's extra keys (additionalProperties,
 * $schema...) would get a 400. The gateway strips unknown keys too; this holds
 * for own-key mode and any other caller.
 */
const SCHEMA_FIELDS = ['anyOf', 'default', 'description', 'enum', 'example', 'format', 'items', 'maxItems', 'maxLength', 'maxProperties', 'maximum', 'minItems', 'minLength', 'minProperties', 'minimum', 'nullable', 'pattern', 'properties', 'propertyOrdering', 'required', 'title', 'type'];

export function geminiSchema(schema: unknown): unknown {
  if (typeof schema !== 'object' || schema === null || Array.isArray(schema)) return schema;
  const source = schema as Record<string, unknown>;
  const out: Record<string, unknown> = {};
  for (const field of SCHEMA_FIELDS) {
    const value = source[field];
    if (value === undefined) continue;
    if (field === 'items') out.items = geminiSchema(value);
    else if (field === 'anyOf' && Array.isArray(value)) out.anyOf = value.map(geminiSchema);
    else if (field === 'properties' && typeof value === 'object' && value !== null && !Array.isArray(value)) {
      out.properties = Object.fromEntries(Object.entries(value).map(([key, child]) => [key, geminiSchema(child)]));
    } else out[field] = value;
  }
  return out;
}

function modelPath(model: string): string {
  return `v1beta/models/${encodeURIComponent(model.replace(/^models\//, ''))}`;
}

interface GeminiClient {
  model: string;
  /** POSTs a GenerateContentRequest; returns the OK response. */
  post(method: 'generateContent' | 'streamGenerateContent', body: unknown, signal: AbortSignal | undefined): Promise<Response>;
  secrets: readonly string[];
  maxAnswerBytes: number;
}

function geminiClient(options: GeminiOptions): GeminiClient {
  const model = options.model ?? GEMINI_DEFAULT_MODEL;
  const baseUrl = options.baseUrl ?? GEMINI_DEFAULT_BASE_URL;
  const modelSetting = options.modelSetting ?? 'GEMINI_MODEL';
  const upstream: Upstream = { fetch: options.fetch ?? defaultFetch, secrets: [options.apiKey], maxAnswerBytes: answerCap(options.maxAnswerBytes) };
  return {
    model,
    secrets: [options.apiKey],
    maxAnswerBytes: upstream.maxAnswerBytes,
    async post(method, body, signal) {
      const query = method === 'streamGenerateContent' ? '?alt=sse' : '';
      const url = joinUrl(baseUrl, `${modelPath(model)}:${method}${query}`);
      try {
        return await postJson(upstream, url, body, { 'x-goog-api-key': options.apiKey }, signal);
      } catch (error) {
        // G2: Gemini answers 404 NOT_FOUND "models/{m} is not found for API version v1beta..." for a model it
        // does not have, a retired one included ([G-dep]: after shutdown "the endpoint is no longer available").
        if (error instanceof ProviderError && error.message === providerMessages.refused(404) && /\bmodels?\b/i.test(error.upstreamDetail ?? '')) {
          throw unknownModel(model, modelSetting, error.upstreamDetail);
        }
        throw error;
      }
    },
  };
}

/** The GenerateContentRequest for one user prompt, with structured output when a schema is given. */
export function geminiRequestBody(request: ProviderRequest): Record<string, unknown> {
  return {
    contents: [{ role: 'user', parts: [{ text: request.prompt }] }],
    ...(request.schema
      ? { generationConfig: { responseMimeType: 'application/json', responseSchema: geminiSchema(request.schema) } }
      : {}),
  };
}

export function createGeminiProvider(options: GeminiOptions): TextProvider {
  const client = geminiClient(options);
  return {
    name: 'gemini',
    model: client.model,
    async generate(request) {
      const response = await client.post('generateContent', geminiRequestBody(request), request.signal);
      return wholeAnswerText(await readJson(response, request.signal, client.maxAnswerBytes), client.secrets);
    },
    async *stream(request) {
      const response = await client.post('streamGenerateContent', geminiRequestBody(request), request.signal);
      let any = false;
      const ending: Ending = {};
      for await (const data of readGeminiEvents(response, request.signal, client.maxAnswerBytes, client.secrets)) {
        let body: unknown;
        try {
          body = JSON.parse(data) as unknown;
        } catch {
          throw unreadableAnswer();
        }
        const piece = readPiece(body, client.secrets);
        track(ending, piece);
        // A safety or length stop mid-stream ends the answer as an error, not as "done" with what came before.
        const stopped = endingError(ending, false, client.secrets);
        if (stopped) throw stopped;
        if (piece.text) {
          any = true;
          yield piece.text;
        }
      }
      // Nothing at all (no text, no reason, no block) is an empty answer; anything else must have ended with STOP.
      if (!any && ending.finishReason === undefined && ending.blockReason === undefined) throw emptyAnswer();
      const failed = endingError(ending, true, client.secrets);
      if (failed) throw failed;
      if (!any) throw emptyAnswer();
    },
  };
}

/** The text of a whole GenerateContentResponse that ended with STOP; any other ending is an error. */
function wholeAnswerText(body: unknown, secrets: readonly string[]): string {
  const piece = readPiece(body, secrets);
  const ending: Ending = {};
  track(ending, piece);
  // Nothing at all (no text, no reason, no block) is an empty answer; anything else must have ended with STOP.
  if (!piece.text.trim() && ending.finishReason === undefined && ending.blockReason === undefined) throw emptyAnswer();
  const failed = endingError(ending, true, secrets);
  if (failed) throw failed;
  if (!piece.text.trim()) throw emptyAnswer();
  return piece.text;
}

/** Base64 of a Blob, in pieces small enough for String.fromCharCode (isomorphic: no Buffer). */
export async function blobToBase64(blob: Blob): Promise<string> {
  const bytes = new Uint8Array(await blob.arrayBuffer());
  let binary = '';
  const step = 0x8000;
  for (let i = 0; i < bytes.length; i += step) {
    binary += String.fromCharCode(...bytes.subarray(i, i + step));
  }
  return btoa(binary);
}

/*
 * Audio (G7). [G-audio]: "Gemini supports the following audio format MIME
 * types: WAV audio/wav, MP3 audio/mp3, AIFF audio/aiff, AAC audio/aac, OGG
 * Vorbis audio/ogg, FLAC audio/flac". webm and mp4 (what Chrome and Safari
 * record) are listed only for the Live API
 * (https://firebase.google.com/docs/ai-logic/live-api/capabilities), not for
 * generateContent, so they are refused here with the fix named rather than
 * sent and perhaps misread.
 */
export const GEMINI_AUDIO_TYPES = ['audio/wav', 'audio/mp3', 'audio/aiff', 'audio/aac', 'audio/ogg', 'audio/flac'] as const;


const AUDIO_EXTENSIONS: Record<string, string> = {
  mp3: 'audio/mp3',
  mpeg: 'audio/mp3',
  mpga: 'audio/mp3',
  wav: 'audio/wav',
  ogg: 'audio/ogg',
  oga: 'audio/ogg',
  opus: 'audio/ogg',
  flac: 'audio/flac',
  aac: 'audio/aac',
  aif: 'audio/aiff',
  aiff: 'audio/aiff',
  webm: 'audio/webm',
  weba: 'audio/webm',
  m4a: 'audio/mp4',
  mp4: 'audio/mp4',
};

/**
 * The audio's MIME type without parameters ("audio/ogg;codecs=opus" -> "audio/ogg"), other names of the
 * documented formats mapped to Gemini's ("audio/mpeg" -> "audio/mp3"), else guessed from the file name;
 * '' when neither says.
 */
export function audioMimeType(audio: Blob, fileName: string): string {
  const declared = audio.type.split(';')[0]?.trim().toLowerCase();
  if (declared) return AUDIO_TYPE_ALIASES[declared] ?? declared;
  const extension = /\.([a-z0-9]+)$/i.exec(fileName)?.[1]?.toLowerCase() ?? '';
  return AUDIO_EXTENSIONS[extension] ?? '';
}

/** The message for audio Gemini does not document, naming both fixes. */
export const undocumentedAudioMessage = (type: string): string =>
  `Gemini does not document ${type ? `${type} audio` : 'audio of this type'}; set TRANSCRIBE_BASE_URL to a Whisper-style service, or upload WAV, MP3, OGG, FLAC, AAC or AIFF.`;

/** One of GEMINI_AUDIO_TYPES for this audio, or a ProviderError (415) naming the fix. */
export function geminiAudioType(audio: Blob, fileName: string): string {
  const type = audioMimeType(audio, fileName);
  if (!(GEMINI_AUDIO_TYPES as readonly string[]).includes(type)) throw new ProviderError(undocumentedAudioMessage(type), 415);
  return type;
}

/** Transcription through Gemini's audio input: the audio inline as base64, plus an instruction. */
export function createGeminiTranscriber(options: GeminiOptions): TranscriptionProvider {
  const client = geminiClient(options);
  return {
    name: 'gemini',
    accepts: GEMINI_AUDIO_TYPES,
    async transcribe(request: TranscriptionRequest) {
      // Refused before the audio is read or sent.
      const mimeType = geminiAudioType(request.audio, request.fileName);
      const body = {
        contents: [
          {
            role: 'user',
            parts: [
              { text: TRANSCRIBE_INSTRUCTION },
              { inline_data: { mime_type: mimeType, data: await blobToBase64(request.audio) } },
            ],
          },
        ],
      };
      const response = await client.post('generateContent', body, request.signal);
      return wholeAnswerText(await readJson(response, request.signal, client.maxAnswerBytes), client.secrets).trim();
    },
  };
}
