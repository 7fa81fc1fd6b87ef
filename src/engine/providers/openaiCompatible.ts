import { z } from 'zod';
import { capabilitiesOf, CAPABILITIES, detectSetup, type ProviderCapabilities, type SetupId } from './capabilities';
import { answerCutOff, contentFiltered, declined, emptyAnswer, errorInStream, providerMessages, unknownModel, unreadableAnswer } from './errors';
import { fromProviderAnswer, toProviderJsonSchema, type ProviderJsonSchema, type ProviderSchemaPlan } from './jsonSchema';
import { audioFileName, checkAudioSize, transcriptionHost } from './audioFiles';
import { answerCap, defaultFetch, joinUrl, postJson, readJson, readServerSentEvents, send, type FetchLike, type Upstream } from './transport';
import { ProviderError, type ProviderRequest, type TextProvider, type TranscriptionProvider } from './types';

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
  /**
   * Which setup the server is (capabilities.ts). Detected from the base URL's
   * host when not given; give it when the host says nothing (a proxy, a test's fake).
   */
  setup?: SetupId;
  /**
   * What the user changes to pick another model, named when the host answers
   * 404 for the model: 'OPENAI_MODEL' (the default) for the gateway, 'the
   * Model field in Settings' in own-key mode.
   */
  modelSetting?: string;
}

/*
 * The finish and refusal signals (issue 11, O4), per openai/openai-node
 * src/resources/chat/completions/completions.ts: finish_reason is
 * stop | length | tool_calls | content_filter, "`length` if the maximum number
 * of tokens … was reached, `content_filter` if content was omitted" (l.419-428,
 * 910); message.refusal and, streamed, the chunk's `delta.refusal` carry the
 * model's refusal; a chunk's `choices` "Can also be empty for the last chunk if
 * you set stream_options: {"include_usage": true}" (l.816-821).
 */
const ChatCompletion = z.object({
  choices: z.array(
    z.object({
      message: z.object({ content: z.string().nullish(), refusal: z.string().nullish() }),
      finish_reason: z.string().nullish(),
    }),
  ),
});

const ChatCompletionChunk = z.object({
  choices: z
    .array(
      z.object({
        delta: z.object({ content: z.string().nullish(), refusal: z.string().nullish() }).nullish(),
        finish_reason: z.string().nullish(),
      }),
    )
    .nullish(),
  error: z.unknown().optional(),
});

const Transcription = z.object({ text: z.string() });

/*
 * A model the host does not have (issue 11). OpenAI answers 404 with
 * {"error": {"code": "model_not_found", "message": "The model `m` does not exist
 * or you do not have access to it."}}, as the OpenAI fake sends; the SDK turns a
 * 404 into NotFoundError, its `code` taken from error.code ([O-sdk]
 * src/core/error.ts APIError.generate), and its examples/errors.ts catches
 * exactly that for `model: 'unknown-model'`. Only that answer is mapped (a 404
 * whose message says the model does not exist): the other hosts' answers for an
 * unknown model (Groq, OpenRouter, vLLM, LM Studio, llama.cpp) are not in the
 * docs read for issue 11 (/work/shared/findings/provider-conformance.md), so
 * any other 404, and every 400, stays "refused (status …)" with its detail.
 */
const MODEL_DOES_NOT_EXIST = /\bmodel\b.*\bdoes not exist\b/i;

/** `error`, or unknownModel when it is the host's 404 for the model (named by `setting`). */
function orUnknownModel(error: unknown, model: string, setting: string): unknown {
  if (error instanceof ProviderError && error.message === providerMessages.refused(404) && MODEL_DOES_NOT_EXIST.test(error.upstreamDetail ?? '')) {
    return unknownModel(model, setting, error.upstreamDetail);
  }
  return error;
}

function upstreamFor(options: { apiKey?: string; fetch?: FetchLike; maxAnswerBytes?: number }): { upstream: Upstream; headers: Record<string, string> } {
  return {
    upstream: { fetch: options.fetch ?? defaultFetch, secrets: [options.apiKey], maxAnswerBytes: answerCap(options.maxAnswerBytes) },
    headers: options.apiKey ? { Authorization: `Bearer ${options.apiKey}` } : {},
  };
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** A chat request, and how to turn the host's answer text into the text the contract schema describes. */
export interface ChatRequest {
  body: Record<string, unknown>;
  /** The schema plan when the request is structured (root wrapping, strict nulls). */
  plan?: ProviderSchemaPlan;
}

/**
 * The prompt for JSON object mode: the schema goes in as data, since
 * json_object guarantees only "a JSON object" ([Groq-so]: "For all other
 * models, you can use JSON Object Mode"). OpenAI's JSON mode also requires
 * the word "JSON" in the messages (https://platform.openai.com/docs/guides/structured-outputs, JSON mode).
 */
export function jsonObjectPrompt(prompt: string, schema: ProviderJsonSchema): string {
  return `${prompt}\n\nAnswer with one JSON object only, no other text. It must fit this JSON Schema:\n${JSON.stringify(schema)}`;
}

/** The chat completions request for one user prompt, shaped for the setup's capabilities. */
export function chatRequest(model: string, request: ProviderRequest, stream: boolean, caps: ProviderCapabilities = CAPABILITIES['openai-compatible']): ChatRequest {
  const base = { model, ...(stream ? { stream: true } : {}) };
  if (!request.schema) return { body: { ...base, messages: [{ role: 'user', content: request.prompt }] } };
  if (caps.structured === 'json_object') {
    // JSON object mode answers an object: a non-object root is wrapped whatever the host.
    const plan = toProviderJsonSchema(request.schema, { strict: false, objectRoot: true });
    return {
      body: { ...base, messages: [{ role: 'user', content: jsonObjectPrompt(request.prompt, plan.schema) }], response_format: { type: 'json_object' } },
      plan,
    };
  }
  const plan = toProviderJsonSchema(request.schema, { strict: caps.strictSchemas, objectRoot: caps.objectRootRequired });
  return {
    body: {
      ...base,
      messages: [{ role: 'user', content: request.prompt }],
      response_format: { type: 'json_schema', json_schema: { name: 'result', schema: plan.schema, strict: caps.strictSchemas } },
    },
    plan,
  };
}

/** The request body alone (see chatRequest). */
export function chatRequestBody(model: string, request: ProviderRequest, stream: boolean, caps?: ProviderCapabilities): Record<string, unknown> {
  return chatRequest(model, request, stream, caps).body;
}

/** A refusal, a length stop or a content filter: never an "empty answer", never a finished one. */
function finishError(finishReason: string | null | undefined, refusal: string, secrets: readonly (string | undefined)[]): ProviderError | undefined {
  if (refusal.trim()) return declined(refusal, secrets);
  if (finishReason === 'length') return answerCutOff();
  if (finishReason === 'content_filter') return contentFiltered();
  return undefined;
}

/**
 * Streams a wrapped answer, {"items": <value>}, as <value>: the opening is
 * held until it is complete, and the end (a closing brace and whitespace) is
 * held until more text shows it was not the end. Text that does not open
 * that way is passed on as it is (the caller's validation reports it).
 */
class Unwrapper {
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
function errorEventBody(data: string): unknown {
  try {
    const body = JSON.parse(data) as unknown;
    if (isRecord(body)) return body;
  } catch {
    // not JSON: the data is the message
  }
  return { error: { message: data } };
}

export function createOpenAICompatibleProvider(options: OpenAICompatibleOptions): TextProvider {
  const { upstream, headers } = upstreamFor(options);
  const url = joinUrl(options.baseUrl, 'chat/completions');
  const caps = capabilitiesOf(options.setup ?? detectSetup(options.baseUrl), options.model);
  const modelSetting = options.modelSetting ?? 'OPENAI_MODEL';

  /** POSTs a chat request; a 404 for the model names modelSetting. */
  async function post(requestBody: Record<string, unknown>, signal: AbortSignal | undefined): Promise<Response> {
    try {
      return await postJson(upstream, url, requestBody, headers, signal);
    } catch (error) {
      throw orUnknownModel(error, options.model, modelSetting);
    }
  }

  async function generate(request: ProviderRequest): Promise<string> {
    const { body: requestBody, plan } = chatRequest(options.model, request, false, caps);
    const response = await post(requestBody, request.signal);
    const body = await readJson(response, request.signal, upstream.maxAnswerBytes);
    // OpenRouter (P1): "the returned HTTP response status will be 200 and any error … will be emitted in
    // the response body" (https://openrouter.ai/docs/errors). Any host's 200 body with an error is one.
    if (isRecord(body) && body.error !== undefined && body.error !== null) throw errorInStream(body, upstream.secrets);
    const parsed = ChatCompletion.safeParse(body);
    if (!parsed.success) throw unreadableAnswer();
    const choice = parsed.data.choices[0];
    const finished = finishError(choice?.finish_reason, choice?.message.refusal ?? '', upstream.secrets);
    if (finished) throw finished;
    const text = choice?.message.content ?? '';
    if (!text.trim()) throw emptyAnswer();
    return plan ? fromProviderAnswer(text, plan) : text;
  }

  return {
    name: 'openai',
    model: options.model,
    generate,
    async *stream(request) {
      if (request.schema && !caps.streamsStructuredOutput) {
        // Groq (R1): "Streaming and tool use are not currently supported with Structured Outputs"
        // (https://console.groq.com/docs/structured-outputs): asked whole, replayed as one delta.
        yield await generate(request);
        return;
      }
      const { body: requestBody, plan } = chatRequest(options.model, request, true, caps);
      const response = await post(requestBody, request.signal);
      // Nulls to strip need the whole answer; a wrapped root is unwrapped as it streams.
      const whole = plan?.stripsNulls === true;
      const unwrapper = plan?.wrapped && !whole ? new Unwrapper() : undefined;
      let buffered = '';
      let any = false;
      let refusal = '';
      let finishReason: string | null | undefined;
      for await (const event of readServerSentEvents(response, request.signal, upstream.maxAnswerBytes)) {
        // O1: the SDK throws on `event: error` whatever its data holds ([O-sdk] src/core/streaming.ts l.104-128).
        if (event.event === 'error') throw errorInStream(errorEventBody(event.data), upstream.secrets);
        if (event.data.trim() === '[DONE]') break;
        let body: unknown;
        try {
          body = JSON.parse(event.data) as unknown;
        } catch {
          throw unreadableAnswer();
        }
        const parsed = ChatCompletionChunk.safeParse(body);
        if (!parsed.success) throw unreadableAnswer();
        if (parsed.data.error !== undefined && parsed.data.error !== null) throw errorInStream(body, upstream.secrets);
        // choices: [] is the usage chunk (stream_options.include_usage): nothing to read.
        const choice = parsed.data.choices?.[0];
        if (!choice) continue;
        if (choice.finish_reason) finishReason = choice.finish_reason;
        if (choice.delta?.refusal) refusal += choice.delta.refusal;
        const delta = choice.delta?.content;
        if (!delta) continue;
        any = true;
        if (whole) buffered += delta;
        else {
          const out = unwrapper ? unwrapper.push(delta) : delta;
          if (out) yield out;
        }
      }
      const finished = finishError(finishReason, refusal, upstream.secrets);
      if (finished) throw finished;
      if (!any) throw emptyAnswer();
      if (whole && plan) yield fromProviderAnswer(buffered, plan);
      else if (unwrapper) {
        const rest = unwrapper.finish();
        if (rest) yield rest;
      }
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
  /** What the user changes to pick another model, named when the host answers 404 for it; 'TRANSCRIBE_MODEL' when not given. */
  modelSetting?: string;
}

export function createOpenAICompatibleTranscriber(options: OpenAICompatibleTranscriberOptions): TranscriptionProvider {
  const { upstream, headers } = upstreamFor(options);
  const url = joinUrl(options.baseUrl, 'audio/transcriptions');
  const model = options.model ?? OPENAI_DEFAULT_TRANSCRIBE_MODEL;
  const host = transcriptionHost(options.baseUrl);
  return {
    name: 'openai',
    async transcribe(request) {
      // Refused before sending: OpenAI's and Groq's 25 MiB limit counts the multipart framing too (audioFiles.ts).
      checkAudioSize(request.audio, host);
      const form = new FormData();
      // An extension-bearing name, from the MIME type: `recording.audio` would not be identified (audioFiles.ts, O5).
      form.append('file', request.audio, audioFileName(request.fileName, request.audio.type));
      form.append('model', model);
      form.append('response_format', 'json');
      // No Content-Type: fetch sets multipart/form-data with its boundary.
      let response: Response;
      try {
        response = await send(upstream, url, { method: 'POST', headers, body: form, signal: request.signal });
      } catch (error) {
        throw orUnknownModel(error, model, options.modelSetting ?? 'TRANSCRIBE_MODEL');
      }
      const parsed = Transcription.safeParse(await readJson(response, request.signal, upstream.maxAnswerBytes));
      if (!parsed.success) throw unreadableAnswer();
      const text = parsed.data.text.trim();
      if (!text) throw emptyAnswer();
      return text;
    },
  };
}
