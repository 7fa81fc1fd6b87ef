import type { ServerResponse } from 'node:http';
import { checkJsonSchema, isRecord, sendJson, unknownKeys } from './http';
import type { FakeModelListOptions, LocalServerFlavour } from './openaiModels';
import type { FakeAnswer, FakeExchange, FakeProviderOptions, FakeUpload } from './types';

// ---------------------------------------------------------------------------
// OpenAI-compatible (chat completions, audio transcriptions)

const OPENAI_CHAT_FIELDS = ['model', 'messages', 'stream', 'stream_options', 'response_format', 'temperature', 'top_p', 'max_tokens', 'max_completion_tokens', 'n', 'stop', 'seed', 'tools', 'tool_choice', 'parallel_tool_calls', 'user', 'presence_penalty', 'frequency_penalty', 'logit_bias', 'logprobs', 'top_logprobs', 'reasoning_effort', 'metadata', 'store', 'service_tier', 'modalities', 'prediction', 'audio', 'web_search_options', 'verbosity', 'prompt_cache_key', 'safety_identifier'];
const OPENAI_ROLES = ['system', 'developer', 'user', 'assistant', 'tool', 'function'];
const OPENAI_ERROR_TYPE: Record<number, string> = { 400: 'invalid_request_error', 401: 'invalid_request_error', 403: 'invalid_request_error', 404: 'invalid_request_error', 429: 'requests', 500: 'server_error', 503: 'server_error' };

export function openaiErrorBody(status: number, message: string, code: string | null): unknown {
  return { error: { message, type: OPENAI_ERROR_TYPE[status] ?? 'invalid_request_error', param: null, code } };
}

export function openaiError(res: ServerResponse, status: number, message: string, code: string | null, retryAfter?: string): void {
  sendJson(res, status, openaiErrorBody(status, message, code), retryAfter ? { 'Retry-After': retryAfter } : {});
}

/** How OpenAI echoes a wrong key: its first and last characters around stars. */
export function maskKey(key: string): string {
  return key.length <= 8 ? '*'.repeat(key.length) : `${key.slice(0, 6)}${'*'.repeat(key.length - 10)}${key.slice(-4)}`;
}

export function checkOpenAIChatBody(json: unknown, problems: string[]): void {
  if (!isRecord(json)) {
    problems.push('We could not parse the JSON body of your request.');
    return;
  }
  for (const key of Object.keys(json)) {
    if (!OPENAI_CHAT_FIELDS.includes(key)) problems.push(`Unrecognized request argument supplied: ${key}`);
  }
  if (typeof json.model !== 'string' || json.model === '') problems.push('you must provide a model parameter');
  if (!Array.isArray(json.messages) || json.messages.length === 0) {
    problems.push("'messages' must be a non-empty array");
  } else {
    json.messages.forEach((message, i) => {
      if (!isRecord(message)) problems.push(`messages[${i}] must be an object`);
      else {
        if (typeof message.role !== 'string' || !OPENAI_ROLES.includes(message.role)) problems.push(`messages[${i}].role is invalid`);
        if (typeof message.content !== 'string' && !Array.isArray(message.content) && message.content !== null) problems.push(`messages[${i}].content must be a string or an array of parts`);
      }
    });
  }
  if (json.stream !== undefined && typeof json.stream !== 'boolean') problems.push("'stream' must be a boolean");
  if (json.stream_options !== undefined && json.stream !== true) problems.push('stream_options is only allowed when stream is true');
  const format = json.response_format;
  if (format !== undefined) {
    if (!isRecord(format) || !['text', 'json_object', 'json_schema'].includes(String(format.type))) {
      problems.push("response_format.type must be 'text', 'json_object' or 'json_schema'");
    } else if (format.type === 'json_schema') {
      const spec = format.json_schema;
      if (!isRecord(spec)) problems.push("response_format.json_schema is required when type is 'json_schema'");
      else {
        unknownKeys(spec, ['name', 'description', 'schema', 'strict'], 'response_format.json_schema', problems);
        if (typeof spec.name !== 'string' || !/^[A-Za-z0-9_-]{1,64}$/.test(spec.name)) problems.push('response_format.json_schema.name must be 1-64 characters of a-z, A-Z, 0-9, _ and -');
        if (spec.strict !== undefined && typeof spec.strict !== 'boolean') problems.push('response_format.json_schema.strict must be a boolean');
        if (spec.schema !== undefined) checkJsonSchema(spec.schema, 'response_format.json_schema.schema', problems);
      }
    } else {
      unknownKeys(format, ['type'], 'response_format', problems);
    }
  }
}

export async function parseMultipart(exchange: FakeExchange, raw: Buffer): Promise<void> {
  const type = exchange.headers['content-type'] ?? '';
  if (!/^multipart\/form-data;\s*boundary=/i.test(type)) {
    exchange.problems.push(`Content-Type must be multipart/form-data with a boundary (was "${type}")`);
    return;
  }
  const form = await new Request('http://fake.invalid/', { method: 'POST', headers: { 'content-type': type }, body: new Uint8Array(raw) }).formData();
  const fields: Record<string, string> = {};
  const files: Record<string, FakeUpload> = {};
  for (const [name, value] of form.entries()) {
    if (typeof value === 'string') fields[name] = value;
    else files[name] = { name: value.name, type: value.type, size: value.size, text: await value.text() };
  }
  exchange.form = { fields, files };
}

/**
 * Which host the OpenAI-compatible fake imitates. Sources, with addresses, in
 * /work/shared/findings/provider-conformance.md:
 * - 'openai': api.openai.com. A json_schema root must be an object ([O-so] "Root objects must not be
 *   `anyOf` and must be an object"; the 400 text is quoted in [O-root]); with strict: true every object
 *   needs additionalProperties: false and every property in required ([O-so]); json_object mode needs the
 *   word "json" in the messages (OpenAI's JSON-mode docs; the 400 text below is the API's).
 * - 'groq': api.groq.com. "Streaming and tool use are not currently supported with Structured Outputs";
 *   json_schema only on the listed models, "For all other models, you can use JSON Object Mode";
 *   strict: true only on openai/gpt-oss-20b|120b, with the same two strict rules ([Groq-so],
 *   https://console.groq.com/docs/structured-outputs).
 * - 'openrouter': openrouter.ai. Streams start with ": OPENROUTER PROCESSING" comments ([OR-stream]);
 *   openai/* models go to OpenAI, so OpenAI's schema rules apply to them.
 * - 'generic': any other OpenAI-compatible server (Ollama's /v1, an unknown one): the shape checks, no stream_options.
 * - 'vllm', 'lmstudio', 'llamacpp': the shape checks, and stream_options as each documents it (./openaiModels).
 */
export type OpenAIFlavour = 'openai' | 'groq' | 'openrouter' | 'generic' | LocalServerFlavour;

export type FakeOpenAIOptions = FakeProviderOptions & {
  /** The host imitated; default 'openai'. */
  flavour?: OpenAIFlavour;
} & FakeModelListOptions;

/** [Groq-so]: strict: true is supported on these models only. */
const GROQ_DOC_STRICT_MODELS = ['openai/gpt-oss-20b', 'openai/gpt-oss-120b'];
/** [Groq-so]: the models with Structured Outputs (json_schema); the rest have JSON Object Mode only. */
const GROQ_DOC_JSON_SCHEMA_MODELS = [
  'openai/gpt-oss-20b',
  'openai/gpt-oss-120b',
  'openai/gpt-oss-safeguard-20b',
  'moonshotai/kimi-k2-instruct',
  'moonshotai/kimi-k2-instruct-0905',
  'meta-llama/llama-4-maverick-17b-128e-instruct',
  'meta-llama/llama-4-scout-17b-16e-instruct',
];

/** [O-so] / [Groq-so] strict mode: every object sets additionalProperties: false and lists every property in required. */
function strictSchemaProblems(schema: unknown, path: string[], problems: string[], name: string): void {
  if (!isRecord(schema)) return;
  const types = Array.isArray(schema.type) ? schema.type : [schema.type];
  const context = path.length === 0 ? '()' : `(${path.map((p) => `'${p}'`).join(', ')})`;
  if (types.includes('object') || schema.properties !== undefined) {
    if (schema.additionalProperties !== false) {
      problems.push(`Invalid schema for response_format '${name}': In context=${context}, 'additionalProperties' is required to be supplied and to be false.`);
    }
    const keys = isRecord(schema.properties) ? Object.keys(schema.properties) : [];
    const required = Array.isArray(schema.required) ? schema.required : [];
    const missing = keys.filter((k) => !required.includes(k));
    if (missing.length > 0) {
      problems.push(`Invalid schema for response_format '${name}': In context=${context}, 'required' is required to be supplied and to be an array including every key in properties. Missing '${missing[0]}'.`);
    }
  }
  if (isRecord(schema.properties)) {
    for (const [key, child] of Object.entries(schema.properties)) strictSchemaProblems(child, [...path, 'properties', key], problems, name);
  }
  if (schema.items !== undefined) strictSchemaProblems(schema.items, [...path, 'items'], problems, name);
}

/** The host's rules for structured output, beyond the shape checks (see OpenAIFlavour). */
export function checkOpenAIFlavour(json: unknown, flavour: OpenAIFlavour, problems: string[]): void {
  if (flavour === 'generic' || !isRecord(json)) return;
  const model = typeof json.model === 'string' ? json.model : '';
  const format = isRecord(json.response_format) ? json.response_format : undefined;
  if (!format) return;
  const openaiRules = flavour === 'openai' || (flavour === 'openrouter' && model.startsWith('openai/'));
  if (format.type === 'json_object' && (flavour === 'openai' || flavour === 'groq')) {
    const text = JSON.stringify(json.messages ?? '').toLowerCase();
    if (!text.includes('json')) problems.push("'messages' must contain the word 'json' in some form, to use 'response_format' of type 'json_object'.");
  }
  if (format.type !== 'json_schema' || !isRecord(format.json_schema)) return;
  const spec = format.json_schema;
  const name = typeof spec.name === 'string' ? spec.name : 'result';
  if (flavour === 'groq') {
    // [Groq-so]: no streaming with Structured Outputs; json_schema and strict only on the listed models.
    if (json.stream === true) problems.push('response_format `json_schema` does not support streaming; set stream to false');
    if (!GROQ_DOC_JSON_SCHEMA_MODELS.includes(model)) problems.push(`This model does not support response format \`json_schema\`. See supported models at https://console.groq.com/docs/structured-outputs#supported-models`);
    else if (spec.strict === true && !GROQ_DOC_STRICT_MODELS.includes(model)) problems.push(`This model does not support strict mode for \`json_schema\`. See supported models at https://console.groq.com/docs/structured-outputs#supported-models`);
  }
  if (openaiRules && isRecord(spec.schema)) {
    // [O-so], [O-root]: the root must be an object, strict or not.
    const rootType = spec.schema.type;
    if (rootType !== 'object') {
      problems.push(`Invalid schema for response_format '${name}': schema must be a JSON Schema of 'type: "object"', got 'type: ${JSON.stringify(rootType)}'.`);
    }
  }
  if ((openaiRules || flavour === 'groq') && spec.strict === true) strictSchemaProblems(spec.schema, [], problems, name);
  if (openaiRules && spec.strict === true) structuredOutputLimitProblems(spec.schema, name, problems);
}

/*
 * [O-so] "Supported schemas": "A schema may have up to 5000 object properties total, with up to 10 levels of
 * nesting", "up to 1000 enum values across all enum properties", and 120,000 characters of property names and
 * enum values in all (https://developers.openai.com/api/docs/guides/structured-outputs#supported-schemas).
 * Counted on the schema as sent, so a root the client wrapped in an object counts that level; the root is level 1.
 * The wording of these 400s is the fake's own: the documents give the numbers, not the messages.
 */
export const OPENAI_STRUCTURED_LIMITS = { maxDepth: 10, maxProperties: 5_000, maxEnumValues: 1_000, maxCharacters: 120_000 } as const;

function structuredOutputLimitProblems(schema: unknown, name: string, problems: string[]): void {
  let deepest = 0;
  let properties = 0;
  let enumValues = 0;
  let characters = 0;
  // Iterative, so a hostile schema cannot overflow the fake either.
  const stack: { node: unknown; depth: number }[] = [{ node: schema, depth: 1 }];
  while (stack.length > 0) {
    const { node, depth } = stack.pop() as { node: unknown; depth: number };
    if (!isRecord(node)) continue;
    deepest = Math.max(deepest, depth);
    if (Array.isArray(node.enum)) {
      enumValues += node.enum.length;
      for (const value of node.enum) if (typeof value === 'string') characters += value.length;
    }
    if (isRecord(node.properties)) {
      for (const [key, child] of Object.entries(node.properties)) {
        properties += 1;
        characters += key.length;
        stack.push({ node: child, depth: depth + 1 });
      }
    }
    if (node.items !== undefined) stack.push({ node: node.items, depth: depth + 1 });
  }
  const limits = OPENAI_STRUCTURED_LIMITS;
  const prefix = `Invalid schema for response_format '${name}':`;
  if (deepest > limits.maxDepth) problems.push(`${prefix} the schema nests ${deepest} levels, more than the ${limits.maxDepth} allowed.`);
  if (properties > limits.maxProperties) problems.push(`${prefix} ${properties} object properties, more than the ${limits.maxProperties} allowed.`);
  if (enumValues > limits.maxEnumValues) problems.push(`${prefix} ${enumValues} enum values in all, more than the ${limits.maxEnumValues} allowed.`);
  if (characters > limits.maxCharacters) problems.push(`${prefix} ${characters} characters of property names and enum values, more than the ${limits.maxCharacters} allowed.`);
}

/*
 * Scripted failures whose documented meaning is not their status (src/providers/documentedFailures.ts).
 * - [O-err] OpenAI's used-up account: 429, "You exceeded your current quota, please check your plan and billing
 *   details", type and code insufficient_quota (https://platform.openai.com/docs/guides/error-codes; the body as
 *   quoted in https://github.com/mattvr/ShellGPT/issues/23). `retryAfterMs` adds the retry-after-ms header OpenAI's
 *   client reads first ([O-sdk] src/client.ts l.1274-1284), to show it is not passed on as a retry hint.
 * - [Groq-400] Groq's best-effort structured output failing its own JSON check: 400 json_validate_failed, with the
 *   model's failed text in failed_generation ([Groq-so]; the body as reported in
 *   https://github.com/thepersonalaicompany/amurex-backend/issues/38).
 * - [O-sdk] a passing rate limit with retry-after-ms (and, when given, retry-after in seconds).
 */
export function insufficientQuotaAnswer(retryAfterMs?: string): FakeAnswer {
  const body = {
    error: { message: 'You exceeded your current quota, please check your plan and billing details.', type: 'insufficient_quota', param: null, code: 'insufficient_quota' },
  };
  return { kind: 'raw', status: 429, headers: { 'Content-Type': 'application/json', ...(retryAfterMs ? { 'retry-after-ms': retryAfterMs } : {}) }, body: JSON.stringify(body) };
}

export function jsonValidateFailedAnswer(failedGeneration: string): FakeAnswer {
  const body = {
    error: {
      message: "Failed to generate JSON. Please adjust your prompt. See 'failed_generation' for more details.",
      type: 'invalid_request_error',
      code: 'json_validate_failed',
      failed_generation: failedGeneration,
    },
  };
  return { kind: 'raw', status: 400, headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) };
}

export function rateLimitedAnswer(retryAfterMs: string, retryAfter?: string): FakeAnswer {
  const body = openaiErrorBody(429, 'Rate limit reached for requests. Please try again shortly.', 'rate_limit_exceeded');
  const headers = { 'Content-Type': 'application/json', 'retry-after-ms': retryAfterMs, ...(retryAfter ? { 'Retry-After': retryAfter } : {}) };
  return { kind: 'raw', status: 429, headers, body: JSON.stringify(body) };
}
