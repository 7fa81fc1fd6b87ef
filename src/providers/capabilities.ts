/*
 * What each provider setup accepts, in one table the adapters consult.
 * Every row cites where its rules come from; the sources are collected, with
 * addresses, in /work/shared/findings/provider-conformance.md:
 * - [O-so]    https://platform.openai.com/docs/guides/structured-outputs
 * - [O-root]  https://community.openai.com/t/support-top-level-array-in-json-schema/896048
 * - [O-sdk]   openai/openai-node src/resources/audio/transcriptions.ts l.666-680 (formats),
 *             src/resources/shared.ts l.344-388 (json_schema {name, schema, strict}),
 *             src/resources/chat/completions/completions.ts l.1871-1895 (ChatCompletionStreamOptions, at 7b7d6ca)
 * - [O-faq]   https://help.openai.com/en/articles/7031512-whisper-api-faq (25 MiB)
 * - [Groq-so] https://console.groq.com/docs/structured-outputs
 * - [Groq-stt] Groq's speech-to-text models whisper-large-v3(-turbo), via
 *             https://docs.roboalch.com/groq/2026-02-09/llms-full.txt (a mirror of Groq's docs)
 * - [OR-err]  https://openrouter.ai/docs/errors, [OR-stream] https://openrouter.ai/docs/api-reference/streaming
 * - [OR-so]   https://openrouter.ai/docs/structured-outputs (json_schema with strict, passed to the model's provider)
 * - [LMS]     https://lmstudio.ai/docs/api/openai-api and https://lmstudio.ai/docs/advanced/structured-output
 * - [LCPP]    ggml-org/llama.cpp tools/server/README.md
 * - [vLLM]    https://docs.vllm.ai/en/v0.6.6/serving/openai_compatible_server.html
 * - [vLLM-usage] vllm-project/vllm docs/serving/openai_compatible_server.md ("Our Chat API is compatible with
 *             OpenAI's Chat Completions API"); vllm/entrypoints/openai/protocol.py StreamOptions.include_usage
 * - [LMS-usage] https://lmstudio.ai/docs/developer/api-changelog, 0.3.18: "Setting `stream_options.include_usage`
 *             to `true` returns prompt and completion token usage during streaming"
 * - [LCPP-usage] the [LCPP] README: chat options "See OpenAI Chat Completions API documentation"; its
 *             tools/server/server-task.cpp params_from_json_cmpl reads stream_options.include_usage (default false)
 * - [Oll-compat] ollama/ollama docs/api/openai-compatibility.mdx; [Oll-faq] docs/faq.mdx; [Oll-api] docs/api.md
 * - [G-so]    https://ai.google.dev/gemini-api/docs/structured-output; [G-audio] https://ai.google.dev/gemini-api/docs/audio;
 *             [G-blog] https://blog.google/innovation-and-ai/technology/developers-tools/gemini-api-new-file-limits
 */

export type SetupId = 'openai' | 'openrouter' | 'groq' | 'vllm' | 'lmstudio' | 'llamacpp' | 'ollama-openai' | 'openai-compatible' | 'gemini' | 'ollama';

/** How structured output is asked for. */
export type StructuredMode =
  /** response_format {type: 'json_schema', json_schema: {name, schema, strict}} (OpenAI-style). */
  | 'json_schema'
  /** response_format {type: 'json_object'}, the schema given in the prompt as data. */
  | 'json_object'
  /** Gemini's generationConfig.responseSchema. */
  | 'gemini_schema'
  /** Ollama's format: <JSON schema>. */
  | 'ollama_format';

export interface AudioRoute {
  /** Path under the base URL. */
  path: string;
  /** File extensions the route documents. */
  formats: readonly string[];
  /** The largest upload the provider documents, in bytes (undefined: not documented). */
  maxBytes?: number;
  /** Model names for transcription, when the provider documents its own. */
  models?: readonly string[];
}

export interface ProviderCapabilities {
  setup: SetupId;
  /** Human name for messages and the README. */
  label: string;
  /** How a structured request is made for this model. */
  structured: StructuredMode;
  /** Strict schemas (strict: true with additionalProperties false and every property required) for this model. */
  strictSchemas: boolean;
  /** The schema root must be an object (non-object roots are wrapped as {items}). */
  objectRootRequired: boolean;
  /** Structured output may be streamed; when false, a structured request is sent whole and replayed as one delta. */
  streamsStructuredOutput: boolean;
  /** A 200 response may carry {error: {message, code}} instead of an answer. */
  errorBodiesWith200: boolean;
  /**
   * A streamed chat request asks for the token usage with stream_options
   * {include_usage: true}: without it OpenAI sends no usage in a stream
   * ([O-sdk] completions.ts ChatCompletionStreamOptions.include_usage, "an
   * additional chunk will be streamed before the `data: [DONE]` message", and
   * ChatCompletionChunk.usage, "only be present when you set stream_options").
   * Only where the server documents the field (OpenAI, vLLM, LM Studio,
   * llama.cpp): an unknown server may refuse a request field it does not have.
   */
  streamUsageOption?: boolean;
  /** The audio transcription route, or undefined when the setup has none. */
  audio?: AudioRoute;
  /** How the context window is set. */
  context: string;
  /** Where the rules of this row come from. */
  sources: readonly string[];
}

/** OpenAI transcription formats and cap ([O-sdk] transcriptions.ts l.666-672, [O-faq]). */
const OPENAI_AUDIO_FORMATS = ['flac', 'mp3', 'mp4', 'mpeg', 'mpga', 'm4a', 'ogg', 'wav', 'webm'] as const;
const MiB = 1024 * 1024;

/** [Groq-so]: strict: true only on these models. */
export const GROQ_STRICT_MODELS: readonly string[] = ['openai/gpt-oss-20b', 'openai/gpt-oss-120b'];

/**
 * [Groq-so]: json_schema (best effort) on these; "For all other models, you can use JSON Object Mode".
 * The page lists gpt-oss, gpt-oss-safeguard, Kimi K2 and Llama 4 Maverick/Scout.
 */
export const GROQ_JSON_SCHEMA_MODELS: readonly string[] = [
  'openai/gpt-oss-20b',
  'openai/gpt-oss-120b',
  'openai/gpt-oss-safeguard-20b',
  'moonshotai/kimi-k2-instruct',
  'moonshotai/kimi-k2-instruct-0905',
  'meta-llama/llama-4-maverick-17b-128e-instruct',
  'meta-llama/llama-4-scout-17b-16e-instruct',
];

const OPENAI_STYLE_SERVER = { structured: 'json_schema', errorBodiesWith200: false } as const;

/** One row per known setup. For Groq the structured fields depend on the model: see capabilitiesFor. */
export const CAPABILITIES: Readonly<Record<SetupId, ProviderCapabilities>> = {
  openai: {
    setup: 'openai',
    label: 'OpenAI (api.openai.com)',
    ...OPENAI_STYLE_SERVER,
    // [O-so]: strict structured outputs guarantee the schema; root must be an object ([O-so], [O-root]).
    strictSchemas: true,
    objectRootRequired: true,
    // [O-sdk] streaming.ts: structured output streams like any chat completion.
    streamsStructuredOutput: true,
    // [O-sdk] ChatCompletionStreamOptions: the streamed usage comes only when asked for.
    streamUsageOption: true,
    // [O-dep]: whisper-1, gpt-4o-transcribe and gpt-4o-mini-transcribe shut down on 26 Feb 2027, replaced by
    // gpt-transcribe; the three still answer until then.
    audio: { path: 'audio/transcriptions', formats: OPENAI_AUDIO_FORMATS, maxBytes: 25 * MiB, models: ['gpt-transcribe', 'whisper-1', 'gpt-4o-transcribe', 'gpt-4o-mini-transcribe'] },
    context: 'fixed per model',
    sources: ['[O-so]', '[O-root]', '[O-sdk]', '[O-faq]'],
  },
  openrouter: {
    setup: 'openrouter',
    label: 'OpenRouter',
    ...OPENAI_STYLE_SERVER,
    // Strict only for openai/* models (capabilitiesFor): they are forwarded to OpenAI, whose rules apply [OR-so][O-so].
    strictSchemas: false,
    // openai/* models end at OpenAI, which rejects non-object roots [O-root]; an object root is accepted by every model.
    objectRootRequired: true,
    streamsStructuredOutput: true,
    // [OR-err]: "the returned HTTP response status will be 200 and any error … will be emitted in the response body".
    errorBodiesWith200: true,
    context: 'fixed per model',
    sources: ['[OR-err]', '[OR-stream]', '[OR-so]', '[O-so]'],
  },
  groq: {
    setup: 'groq',
    label: 'Groq',
    // Per model (capabilitiesFor): json_schema on GROQ_JSON_SCHEMA_MODELS, json_object otherwise [Groq-so].
    structured: 'json_object',
    strictSchemas: false,
    objectRootRequired: true,
    // [Groq-so]: "Streaming and tool use are not currently supported with Structured Outputs".
    streamsStructuredOutput: false,
    errorBodiesWith200: false,
    // [Groq-stt]: "File uploads are limited to 25 MB" (decimal megabytes).
    audio: { path: 'audio/transcriptions', formats: OPENAI_AUDIO_FORMATS, maxBytes: 25 * 1000 * 1000, models: ['whisper-large-v3', 'whisper-large-v3-turbo'] },
    context: 'fixed per model',
    sources: ['[Groq-so]', '[Groq-stt]'],
  },
  vllm: {
    setup: 'vllm',
    label: 'vLLM',
    ...OPENAI_STYLE_SERVER,
    strictSchemas: false,
    // Not documented as required; wrapped anyway since every host accepts an object root.
    objectRootRequired: true,
    streamsStructuredOutput: true,
    // [vLLM-usage]: the chat API is OpenAI's, stream_options.include_usage included.
    streamUsageOption: true,
    // [vLLM]: /v1/audio/transcriptions exists only when an ASR model is served: not assumed.
    context: 'set when the server starts (--max-model-len)',
    sources: ['[vLLM]', '[vLLM-usage]'],
  },
  lmstudio: {
    setup: 'lmstudio',
    label: 'LM Studio',
    ...OPENAI_STYLE_SERVER,
    // [LMS]: "follows the same format as OpenAI's … Structured Output API".
    strictSchemas: false,
    objectRootRequired: true,
    streamsStructuredOutput: true,
    // [LMS-usage]: stream_options.include_usage since LM Studio 0.3.18.
    streamUsageOption: true,
    // [LMS]: /v1/models, /v1/responses, /v1/chat/completions, /v1/embeddings, /v1/completions: no audio.
    context: 'set when the model is loaded in LM Studio',
    sources: ['[LMS]', '[LMS-usage]'],
  },
  llamacpp: {
    setup: 'llamacpp',
    label: "llama.cpp's server",
    ...OPENAI_STYLE_SERVER,
    // [LCPP]: the server reads response_format.json_schema.schema and turns it into a grammar; it ignores strict.
    strictSchemas: false,
    objectRootRequired: true,
    streamsStructuredOutput: true,
    // [LCPP-usage]: the streamed usage chunk comes only for stream_options.include_usage.
    streamUsageOption: true,
    // [LCPP]: no audio-transcription route.
    context: 'set when the server starts (-c / --ctx-size)',
    sources: ['[LCPP]', '[LCPP-usage]'],
  },
  'ollama-openai': {
    setup: 'ollama-openai',
    label: "Ollama's /v1 (OpenAI-compatible)",
    ...OPENAI_STYLE_SERVER,
    strictSchemas: false,
    objectRootRequired: true,
    streamsStructuredOutput: true,
    // [Oll-compat]: chat, completions, models, embeddings, responses: no audio.
    context: 'OLLAMA_CONTEXT_LENGTH on the server (the /v1 API has no num_ctx); 4096 tokens by default [Oll-faq]',
    sources: ['[Oll-compat]', '[Oll-faq]'],
  },
  'openai-compatible': {
    setup: 'openai-compatible',
    label: 'Another OpenAI-compatible server',
    ...OPENAI_STYLE_SERVER,
    // Unknown host: the forms every OpenAI-compatible server takes (object root, no strict).
    strictSchemas: false,
    objectRootRequired: true,
    streamsStructuredOutput: true,
    context: 'set on the server',
    sources: ['[O-sdk]'],
  },
  gemini: {
    setup: 'gemini',
    label: 'Google Gemini',
    structured: 'gemini_schema',
    strictSchemas: false,
    objectRootRequired: false,
    // [G-so]: "streamed chunks will be valid partial JSON strings".
    streamsStructuredOutput: true,
    errorBodiesWith200: false,
    // [G-audio]: wav, mp3, aiff, aac, ogg, flac inline in generateContent; [G-blog]: 100 MB inline (base64).
    audio: { path: 'v1beta/models/{model}:generateContent', formats: ['wav', 'mp3', 'aiff', 'aac', 'ogg', 'flac'], maxBytes: 100 * 1000 * 1000 },
    context: 'fixed per model',
    sources: ['[G-so]', '[G-audio]', '[G-blog]'],
  },
  ollama: {
    setup: 'ollama',
    label: 'Ollama (native /api/chat)',
    structured: 'ollama_format',
    strictSchemas: false,
    objectRootRequired: false,
    // [Oll-api]: format (a JSON schema) works with the default stream: true.
    streamsStructuredOutput: true,
    errorBodiesWith200: false,
    context: 'options.num_ctx per request; 4096 tokens by default [Oll-faq]',
    sources: ['[Oll-api]', '[Oll-faq]'],
  },
};

function hostAndPort(baseUrl: string): { host: string; port: string } | undefined {
  try {
    const url = new URL(baseUrl);
    const port = url.port || (url.protocol === 'https:' ? '443' : '80');
    return { host: url.hostname.toLowerCase(), port };
  } catch {
    return undefined;
  }
}

const LOCAL_HOSTS = new Set(['localhost', '127.0.0.1', '0.0.0.0', '[::1]', '::1', 'host.docker.internal']);

/**
 * The setup an OpenAI-compatible base URL points at: the public services by
 * host name; local servers by their documented default port (LM Studio 1234
 * [LMS], llama.cpp 8080 [LCPP], vLLM 8000 [vLLM], Ollama 11434 [Oll-faq]);
 * anything else is the generic 'openai-compatible' row, whose forms every
 * such server accepts, so a wrong guess costs nothing.
 */
export function detectSetup(baseUrl: string): SetupId {
  const where = hostAndPort(baseUrl);
  if (!where) return 'openai-compatible';
  const { host, port } = where;
  if (host === 'api.openai.com') return 'openai';
  if (host === 'openrouter.ai' || host.endsWith('.openrouter.ai')) return 'openrouter';
  if (host === 'api.groq.com') return 'groq';
  if (host === 'generativelanguage.googleapis.com') return 'gemini';
  if (LOCAL_HOSTS.has(host)) {
    if (port === '1234') return 'lmstudio';
    if (port === '8080') return 'llamacpp';
    if (port === '8000') return 'vllm';
    if (port === '11434') return 'ollama-openai';
  }
  return 'openai-compatible';
}

/** The row for a setup, with the per-model fields filled in (Groq's model lists, OpenRouter's openai/* models). */
export function capabilitiesOf(setup: SetupId, model: string): ProviderCapabilities {
  const row = CAPABILITIES[setup];
  if (setup === 'groq') {
    const schemaModel = GROQ_JSON_SCHEMA_MODELS.includes(model);
    return { ...row, structured: schemaModel ? 'json_schema' : 'json_object', strictSchemas: GROQ_STRICT_MODELS.includes(model) };
  }
  if (setup === 'openrouter' && model.startsWith('openai/')) return { ...row, strictSchemas: true };
  return row;
}

/** What the setup behind `baseUrl` accepts for `model`. */
export function capabilitiesFor(baseUrl: string, model: string): ProviderCapabilities {
  return capabilitiesOf(detectSetup(baseUrl), model);
}
