import { CAPABILITIES, type ProviderCapabilities } from './capabilities';
import { toProviderJsonSchema, type ProviderJsonSchema, type ProviderSchemaPlan } from './jsonSchema';
import type { ProviderRequest } from './types';

/*
 * Building an OpenAI chat completions request (see openaiCompatible.ts):
 * {model, messages}, stream: true when streamed (with stream_options where the
 * host needs it for usage), and structured output as
 * response_format json_schema or, where the host has only that, json_object.
 */

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

/**
 * How a request streams: stream: true, and where the host takes it (OpenAI),
 * stream_options {include_usage: true}, which asks for the closing usage chunk
 * (capabilities.ts streamUsageOption), so the gateway can meter tokens. OpenAI takes stream_options
 * "Only ... when you set `stream: true`" ([O-sdk] completions.ts
 * ChatCompletionStreamOptions), so a whole answer never carries it.
 */
function streaming(stream: boolean, caps: ProviderCapabilities): Record<string, unknown> {
  if (!stream) return {};
  return { stream: true, ...(caps.streamUsageOption === true ? { stream_options: { include_usage: true } } : {}) };
}

/** The chat completions request for one user prompt, shaped for the setup's capabilities. */
export function chatRequest(model: string, request: ProviderRequest, stream: boolean, caps: ProviderCapabilities = CAPABILITIES['openai-compatible']): ChatRequest {
  const base = { model, ...streaming(stream, caps) };
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
