import { GEMINI_DEFAULT_MODEL } from './defaultModels';
import { emptyAnswer, providerMessages, unknownModel, unreadableAnswer } from './errors';
import { endingError, readGeminiEvents, readPiece, track, wholeAnswerText, type Ending } from './geminiAnswer';
import { blobToBase64, GEMINI_AUDIO_TYPES, geminiAudioType } from './geminiAudio';
import { answerCap, defaultFetch, joinUrl, postJson, readJson, type FetchLike, type Upstream } from './transport';
import { ProviderError, type ProviderRequest, type TextProvider, type TokenUsage, type TranscriptionProvider, type TranscriptionRequest } from './types';

/*
 * Google's Gemini API (generativelanguage.googleapis.com, v1beta):
 * - POST /v1beta/models/{model}:generateContent answers one GenerateContentResponse;
 * - POST /v1beta/models/{model}:streamGenerateContent?alt=sse answers server-sent
 *   events, each one a GenerateContentResponse holding the next piece of text.
 * The key travels in the x-goog-api-key header, never in the URL (URLs end up in logs).
 * Structured output: generationConfig.responseMimeType 'application/json' plus
 * responseSchema, which speaks the contract's OpenAPI subset; only the fields
 * of Google's Schema object are sent (geminiSchema). Token usage: usageMetadata
 * (geminiAnswer.ts), told to ProviderRequest.onUsage.
 *
 * Sources (the rows are those of /work/shared/findings/provider-conformance.md):
 * [G-sdk] googleapis/js-genai at 6e9b35c (2026-08-21), src/types.ts and src/_api_client.ts;
 * [G-dep] https://ai.google.dev/gemini-api/docs/deprecations; [G-models] https://ai.google.dev/gemini-api/docs/models;
 * [G-audio] https://ai.google.dev/gemini-api/docs/audio.
 *
 * This module builds the requests; geminiAnswer.ts reads the answers and
 * geminiAudio.ts checks the audio sent for transcription.
 */

// The default model (G2) lives in defaultModels.ts, which the settings screen reads without loading this module.
export { GEMINI_DEFAULT_MODEL };
export { audioMimeType, blobToBase64, GEMINI_AUDIO_TYPES, geminiAudioType, undocumentedAudioMessage } from './geminiAudio';
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
  url(method: 'generateContent' | 'streamGenerateContent'): string;
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
    url(method) {
      const query = method === 'streamGenerateContent' ? '?alt=sse' : '';
      return joinUrl(baseUrl, `${modelPath(model)}:${method}${query}`);
    },
    async post(method, body, signal) {
      const url = this.url(method);
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
      return wholeAnswerText(await readJson(response, request.signal, client.maxAnswerBytes), client.secrets, request.onUsage);
    },
    streamRequest: (request) => ({ url: client.url('streamGenerateContent'), body: geminiRequestBody(request) }),
    async *stream(request) {
      const response = await client.post('streamGenerateContent', geminiRequestBody(request), request.signal);
      let any = false;
      const ending: Ending = {};
      // usageMetadata may come on several chunks; the last one holds the totals (geminiAnswer.ts).
      let usage: TokenUsage | undefined;
      try {
        for await (const data of readGeminiEvents(response, request.signal, client.maxAnswerBytes, client.secrets)) {
          let body: unknown;
          try {
            body = JSON.parse(data) as unknown;
          } catch {
            throw unreadableAnswer();
          }
          const piece = readPiece(body, client.secrets);
          usage = piece.usage ?? usage;
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
      } finally {
        // Once, as the stream ends, whichever way (STOP, a length or safety stop, an error, the reader
        // leaving): the last usage seen, if any. A stopped answer's tokens were used too.
        if (usage) request.onUsage?.(usage);
      }
    },
  };
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
      // Gemini bills the audio as prompt tokens, "32 tokens" a second ([G-audio]), and reports them in
      // usageMetadata as it does for text: told to onUsage, so budgets count a transcription like an answer.
      return wholeAnswerText(await readJson(response, request.signal, client.maxAnswerBytes), client.secrets, request.onUsage).trim();
    },
  };
}
