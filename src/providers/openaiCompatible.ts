import { z } from 'zod';
import { capabilitiesOf, detectSetup, type SetupId } from './capabilities';
import { WHISPER_SERVER_DEFAULT_TRANSCRIBE_MODEL } from './defaultModels';
import { answerUnfinished, emptyAnswer, errorInStream, providerMessages, unknownModel, unreadableAnswer } from './errors';
import { fromProviderAnswer } from './jsonSchema';
import { audioFileName, checkAudioSize, transcriptionHost } from './audioFiles';
import { ChatCompletion, ChatCompletionChunk, chunkUsage, errorEventBody, finishError, groqStreamError, isRecord, tokenUsage, Unwrapper } from './openaiAnswer';
import { chatRequest } from './openaiChatRequest';
import { openaiTranscriptionUsage } from './openaiTranscriptionUsage';
import { answerCap, defaultFetch, joinUrl, postJson, readJson, readServerSentEvents, send, type FetchLike, type Upstream } from './transport';
import { ProviderError, type ProviderRequest, type TextProvider, type TokenUsage, type TranscriptionProvider } from './types';

/*
 * The OpenAI chat completions API, as spoken by OpenAI and by the servers that
 * copy it (OpenRouter, Groq, vLLM, LM Studio, llama.cpp's server, Ollama's /v1):
 * - POST {base}/chat/completions with {model, messages}; the answer is choices[0].message.content;
 * - with stream: true, server-sent events `data: {choices: [{delta: {content}}]}`
 *   ending with `data: [DONE]`;
 * - structured output: response_format {type: 'json_schema', json_schema: {name, schema, strict}};
 * - token usage: `usage` on a whole answer and on a stream's last chunk (openaiAnswer.ts), which
 *   OpenAI sends only for stream_options {include_usage: true} (capabilities.ts streamUsageOption).
 * Transcription: POST {base}/audio/transcriptions, multipart (file, model, response_format) -> {text}.
 * The key, when there is one, travels as Authorization: Bearer; local servers need none.
 *
 * This module sends the requests; openaiChatRequest.ts builds a chat request
 * and openaiAnswer.ts reads the answers.
 */

export { chatRequest, chatRequestBody, jsonObjectPrompt, type ChatRequest } from './openaiChatRequest';

export const OPENAI_DEFAULT_BASE_URL = 'https://api.openai.com/v1';

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

const Transcription = z.object({ text: z.string() });

/*
 * A model the host does not have. OpenAI answers 404 with
 * {"error": {"code": "model_not_found", "message": "The model `m` does not exist
 * or you do not have access to it."}}, as the OpenAI fake sends; the SDK turns a
 * 404 into NotFoundError, its `code` taken from error.code ([O-sdk]
 * src/core/error.ts APIError.generate), and its examples/errors.ts catches
 * exactly that for `model: 'unknown-model'`. Only that answer is mapped (a 404
 * whose message says the model does not exist): the other hosts' answers for an
 * unknown model (Groq, OpenRouter, vLLM, LM Studio, llama.cpp) are not in the
 * providers' docs that were read (/work/shared/findings/provider-conformance.md), so
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
    // The usage is told before a length stop or a refusal is thrown: those tokens were used too.
    const usage = tokenUsage(parsed.data.usage);
    if (usage) request.onUsage?.(usage);
    const choice = parsed.data.choices[0];
    if (!choice) throw emptyAnswer();
    // A whole answer is finished only with a finish_reason too (finishError).
    const finished = finishError(choice.finish_reason, choice.message.refusal ?? '', upstream.secrets);
    if (finished) throw finished;
    const text = choice.message.content ?? '';
    if (!text.trim()) throw emptyAnswer();
    return plan ? fromProviderAnswer(text, plan) : text;
  }

  /** Structured output a provider cannot stream is asked whole (see stream). */
  const streams = (request: Omit<ProviderRequest, 'signal'>) => !(request.schema && !caps.streamsStructuredOutput);

  return {
    name: 'openai',
    model: options.model,
    generate,
    streamRequest: (request) => ({ url, body: chatRequest(options.model, request, streams(request), caps).body }),
    async *stream(request) {
      if (!streams(request)) {
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
      let usage: TokenUsage | undefined;
      try {
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
          // Any chunk may carry the usage (OpenAI: the last, choices: []; other chunks null; Groq: x_groq.usage);
          // the last one counts. Read before a Groq stop, whose tokens were used too.
          usage = chunkUsage(parsed.data) ?? usage;
          // Groq's x_groq.error: the stream stopped early, whatever text came before it, so the answer is cut
          // off like one without its finish signal; Groq's reason (redacted) stays on the operator's detail.
          const stoppedEarly = groqStreamError(parsed.data);
          if (stoppedEarly) throw answerUnfinished(errorInStream(stoppedEarly, upstream.secrets).upstreamDetail ?? 'x_groq.error');
          // choices: [] is the usage chunk (stream_options.include_usage): no text in it.
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
        // No finish_reason, with or without [DONE], is a cut answer (finishError), never a finished one.
        const finished = finishError(finishReason, refusal, upstream.secrets);
        if (finished) throw finished;
        if (!any) throw emptyAnswer();
        if (whole && plan) yield fromProviderAnswer(buffered, plan);
        else if (unwrapper) {
          const rest = unwrapper.finish();
          if (rest) yield rest;
        }
      } finally {
        // Once, as the stream ends, whichever way (done, a length stop or refusal, an error, the reader
        // leaving): the usage seen, if any. The tokens were used even when the answer is refused.
        if (usage) request.onUsage?.(usage);
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
  const model = options.model ?? WHISPER_SERVER_DEFAULT_TRANSCRIBE_MODEL;
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
      const answer = await readJson(response, request.signal, upstream.maxAnswerBytes);
      // Told before the text is checked: an empty transcript was billed too (openaiTranscriptionUsage.ts).
      const usage = openaiTranscriptionUsage(answer);
      if (usage) request.onUsage?.(usage);
      const parsed = Transcription.safeParse(answer);
      if (!parsed.success) throw unreadableAnswer();
      const text = parsed.data.text.trim();
      if (!text) throw emptyAnswer();
      return text;
    },
  };
}
