import { z } from 'zod';
import { declined, emptyAnswer, errorInStream, unreadableAnswer } from './errors';
import { toJsonSchema } from './jsonSchema';
import { answerCap, defaultFetch, joinUrl, postJson, readJson, readServerSentEvents, send, type FetchLike, type Upstream } from './transport';
import type { ProviderRequest, TextProvider, TranscriptionProvider } from './types';

/*
 * The OpenAI chat completions API, as spoken by OpenAI and by the servers that
 * copy it (OpenRouter, Groq, vLLM, LM Studio, llama.cpp's server, Ollama's /v1):
 * - POST {base}/chat/completions with {model, messages}; the answer is choices[0].message.content;
 * - with stream: true, server-sent events `data: {choices: [{delta: {content}}]}`
 *   ending with `data: [DONE]`;
 * - structured output: response_format {type: 'json_schema', json_schema: {name, schema, strict}}.
 * Transcription: POST {base}/audio/transcriptions, multipart (file, model, response_format) -> {text}.
 * The key, when there is one, travels as Authorization: Bearer; local servers need none.
 */

export const OPENAI_DEFAULT_BASE_URL = 'https://api.openai.com/v1';
export const OPENAI_DEFAULT_TRANSCRIBE_MODEL = 'whisper-1';

export interface OpenAICompatibleOptions {
  baseUrl: string;
  apiKey?: string;
  model: string;
  fetch?: FetchLike;
  /** The most bytes an answer may have; DEFAULT_MAX_ANSWER_BYTES when not given. */
  maxAnswerBytes?: number;
}

const ChatCompletion = z.object({
  choices: z.array(
    z.object({
      message: z.object({ content: z.string().nullish(), refusal: z.string().nullish() }),
    }),
  ),
});

const ChatCompletionChunk = z.object({
  choices: z.array(z.object({ delta: z.object({ content: z.string().nullish() }).optional() })).nullish(),
  error: z.unknown().optional(),
});

const Transcription = z.object({ text: z.string() });

function upstreamFor(options: { apiKey?: string; fetch?: FetchLike; maxAnswerBytes?: number }): { upstream: Upstream; headers: Record<string, string> } {
  return {
    upstream: { fetch: options.fetch ?? defaultFetch, secrets: [options.apiKey], maxAnswerBytes: answerCap(options.maxAnswerBytes) },
    headers: options.apiKey ? { Authorization: `Bearer ${options.apiKey}` } : {},
  };
}

/** The chat completions request for one user prompt. */
export function chatRequestBody(model: string, request: ProviderRequest, stream: boolean): Record<string, unknown> {
  return {
    model,
    messages: [{ role: 'user', content: request.prompt }],
    ...(stream ? { stream: true } : {}),
    ...(request.schema
      ? { response_format: { type: 'json_schema', json_schema: { name: 'result', schema: toJsonSchema(request.schema), strict: false } } }
      : {}),
  };
}

export function createOpenAICompatibleProvider(options: OpenAICompatibleOptions): TextProvider {
  const { upstream, headers } = upstreamFor(options);
  const url = joinUrl(options.baseUrl, 'chat/completions');
  return {
    name: 'openai',
    model: options.model,
    async generate(request) {
      const response = await postJson(upstream, url, chatRequestBody(options.model, request, false), headers, request.signal);
      const parsed = ChatCompletion.safeParse(await readJson(response, request.signal, upstream.maxAnswerBytes));
      if (!parsed.success) throw unreadableAnswer();
      const message = parsed.data.choices[0]?.message;
      const text = message?.content ?? '';
      if (!text.trim()) {
        if (message?.refusal) throw declined(message.refusal, upstream.secrets);
        throw emptyAnswer();
      }
      return text;
    },
    async *stream(request) {
      const response = await postJson(upstream, url, chatRequestBody(options.model, request, true), headers, request.signal);
      let any = false;
      for await (const event of readServerSentEvents(response, request.signal, upstream.maxAnswerBytes)) {
        if (event.data.trim() === '[DONE]') break;
        let body: unknown;
        try {
          body = JSON.parse(event.data) as unknown;
        } catch {
          throw unreadableAnswer();
        }
        const parsed = ChatCompletionChunk.safeParse(body);
        if (!parsed.success) throw unreadableAnswer();
        if (parsed.data.error !== undefined) throw errorInStream(body, upstream.secrets);
        const delta = parsed.data.choices?.[0]?.delta?.content;
        if (delta) {
          any = true;
          yield delta;
        }
      }
      if (!any) throw emptyAnswer();
    },
  };
}

export interface OpenAICompatibleTranscriberOptions {
  baseUrl: string;
  apiKey?: string;
  model?: string;
  fetch?: FetchLike;
  /** The most bytes a transcript's answer may have; DEFAULT_MAX_ANSWER_BYTES when not given. */
  maxAnswerBytes?: number;
}

export function createOpenAICompatibleTranscriber(options: OpenAICompatibleTranscriberOptions): TranscriptionProvider {
  const { upstream, headers } = upstreamFor(options);
  const url = joinUrl(options.baseUrl, 'audio/transcriptions');
  const model = options.model ?? OPENAI_DEFAULT_TRANSCRIBE_MODEL;
  return {
    name: 'openai',
    async transcribe(request) {
      const form = new FormData();
      form.append('file', request.audio, request.fileName);
      form.append('model', model);
      form.append('response_format', 'json');
      // No Content-Type: fetch sets multipart/form-data with its boundary.
      const response = await send(upstream, url, { method: 'POST', headers, body: form, signal: request.signal });
      const parsed = Transcription.safeParse(await readJson(response, request.signal, upstream.maxAnswerBytes));
      if (!parsed.success) throw unreadableAnswer();
      const text = parsed.data.text.trim();
      if (!text) throw emptyAnswer();
      return text;
    },
  };
}
