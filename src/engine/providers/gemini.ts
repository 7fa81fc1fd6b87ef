import { z } from 'zod';
import { emptyAnswer, errorInStream, unreadableAnswer } from './errors';
import { answerCap, defaultFetch, joinUrl, postJson, readJson, readServerSentEvents, type FetchLike, type Upstream } from './transport';
import type { ProviderRequest, TextProvider, TranscriptionProvider, TranscriptionRequest } from './types';

/*
 * Google's Gemini API (generativelanguage.googleapis.com, v1beta):
 * - POST /v1beta/models/{model}:generateContent answers one GenerateContentResponse;
 * - POST /v1beta/models/{model}:streamGenerateContent?alt=sse answers server-sent
 *   events, each one a GenerateContentResponse holding the next piece of text.
 * The key travels in the x-goog-api-key header, never in the URL (URLs end up in logs).
 * Structured output: generationConfig.responseMimeType 'application/json' plus
 * responseSchema, which speaks the contract's OpenAPI subset as it is.
 */

export const GEMINI_DEFAULT_MODEL = 'gemini-2.5-flash';
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
}

const Part = z.object({ text: z.string().optional(), thought: z.boolean().optional() });
const GenerateContentResponse = z.object({
  candidates: z
    .array(z.object({ content: z.object({ parts: z.array(Part).optional() }).optional() }))
    .optional(),
  error: z.unknown().optional(),
});

/** The text of candidates[0]: its parts' texts joined, thought summaries left out. */
function candidateText(body: unknown, secrets: readonly string[]): string {
  const parsed = GenerateContentResponse.safeParse(body);
  if (!parsed.success) throw unreadableAnswer();
  if (parsed.data.error !== undefined) throw errorInStream(body, secrets);
  const parts = parsed.data.candidates?.[0]?.content?.parts ?? [];
  return parts
    .filter((part) => part.thought !== true)
    .map((part) => part.text ?? '')
    .join('');
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
  const upstream: Upstream = { fetch: options.fetch ?? defaultFetch, secrets: [options.apiKey], maxAnswerBytes: answerCap(options.maxAnswerBytes) };
  return {
    model,
    secrets: [options.apiKey],
    maxAnswerBytes: upstream.maxAnswerBytes,
    post(method, body, signal) {
      const query = method === 'streamGenerateContent' ? '?alt=sse' : '';
      const url = joinUrl(baseUrl, `${modelPath(model)}:${method}${query}`);
      return postJson(upstream, url, body, { 'x-goog-api-key': options.apiKey }, signal);
    },
  };
}

/** The GenerateContentRequest for one user prompt, with structured output when a schema is given. */
export function geminiRequestBody(request: ProviderRequest): Record<string, unknown> {
  return {
    contents: [{ role: 'user', parts: [{ text: request.prompt }] }],
    ...(request.schema
      ? { generationConfig: { responseMimeType: 'application/json', responseSchema: request.schema } }
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
      const text = candidateText(await readJson(response, request.signal, client.maxAnswerBytes), client.secrets);
      if (!text.trim()) throw emptyAnswer();
      return text;
    },
    async *stream(request) {
      const response = await client.post('streamGenerateContent', geminiRequestBody(request), request.signal);
      let any = false;
      for await (const event of readServerSentEvents(response, request.signal, client.maxAnswerBytes)) {
        let body: unknown;
        try {
          body = JSON.parse(event.data) as unknown;
        } catch {
          throw unreadableAnswer();
        }
        const text = candidateText(body, client.secrets);
        if (text) {
          any = true;
          yield text;
        }
      }
      if (!any) throw emptyAnswer();
    },
  };
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

const AUDIO_TYPES: Record<string, string> = {
  mp3: 'audio/mp3',
  mpeg: 'audio/mpeg',
  mpga: 'audio/mpeg',
  wav: 'audio/wav',
  webm: 'audio/webm',
  ogg: 'audio/ogg',
  oga: 'audio/ogg',
  opus: 'audio/ogg',
  flac: 'audio/flac',
  m4a: 'audio/mp4',
  mp4: 'audio/mp4',
  aac: 'audio/aac',
  aiff: 'audio/aiff',
};

/** The audio's MIME type without parameters ("audio/webm;codecs=opus" -> "audio/webm"), else guessed from the name. */
export function audioMimeType(audio: Blob, fileName: string): string {
  const declared = audio.type.split(';')[0]?.trim().toLowerCase();
  if (declared) return declared;
  const extension = /\.([a-z0-9]+)$/i.exec(fileName)?.[1]?.toLowerCase() ?? '';
  return AUDIO_TYPES[extension] ?? 'audio/webm';
}

/** Transcription through Gemini's audio input: the audio inline as base64, plus an instruction. */
export function createGeminiTranscriber(options: GeminiOptions): TranscriptionProvider {
  const client = geminiClient(options);
  return {
    name: 'gemini',
    async transcribe(request: TranscriptionRequest) {
      const body = {
        contents: [
          {
            role: 'user',
            parts: [
              { text: TRANSCRIBE_INSTRUCTION },
              { inline_data: { mime_type: audioMimeType(request.audio, request.fileName), data: await blobToBase64(request.audio) } },
            ],
          },
        ],
      };
      const response = await client.post('generateContent', body, request.signal);
      const text = candidateText(await readJson(response, request.signal, client.maxAnswerBytes), client.secrets).trim();
      if (!text) throw emptyAnswer();
      return text;
    },
  };
}
