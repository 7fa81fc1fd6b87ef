import type { ServerResponse } from 'node:http';
import { fakeAudioSeconds } from './audioSeconds';
import { isRecord, sendJson, unknownKeys } from './http';

// ---------------------------------------------------------------------------
// Gemini (generativelanguage.googleapis.com, v1beta)

const GEMINI_STATUS: Record<number, string> = {
  400: 'INVALID_ARGUMENT',
  401: 'UNAUTHENTICATED',
  403: 'PERMISSION_DENIED',
  404: 'NOT_FOUND',
  429: 'RESOURCE_EXHAUSTED',
  500: 'INTERNAL',
  503: 'UNAVAILABLE',
  504: 'DEADLINE_EXCEEDED',
};

const GEMINI_REQUEST_FIELDS = ['contents', 'systemInstruction', 'system_instruction', 'generationConfig', 'generation_config', 'safetySettings', 'safety_settings', 'tools', 'toolConfig', 'tool_config', 'cachedContent', 'cached_content'];
const GEMINI_GENERATION_CONFIG_FIELDS = ['stopSequences', 'responseMimeType', 'responseSchema', 'responseJsonSchema', 'responseModalities', 'candidateCount', 'maxOutputTokens', 'temperature', 'topP', 'topK', 'seed', 'presencePenalty', 'frequencyPenalty', 'responseLogprobs', 'logprobs', 'enableEnhancedCivicAnswers', 'speechConfig', 'thinkingConfig', 'imageConfig', 'mediaResolution'];
/** The OpenAPI-subset Schema object of the Gemini API. */
const GEMINI_SCHEMA_FIELDS = ['type', 'format', 'title', 'description', 'nullable', 'enum', 'maxItems', 'minItems', 'properties', 'required', 'minProperties', 'maxProperties', 'minLength', 'maxLength', 'pattern', 'example', 'anyOf', 'propertyOrdering', 'default', 'items', 'minimum', 'maximum'];
const GEMINI_TYPES = ['STRING', 'NUMBER', 'INTEGER', 'BOOLEAN', 'ARRAY', 'OBJECT', 'NULL'];

export function geminiErrorBody(status: number, message: string, extra: { reason?: string; retryAfter?: string } = {}): unknown {
  const details: Record<string, unknown>[] = [];
  if (extra.reason) details.push({ '@type': 'type.googleapis.com/google.rpc.ErrorInfo', reason: extra.reason, domain: 'googleapis.com', metadata: { service: 'generativelanguage.googleapis.com' } });
  if (status === 429 && extra.retryAfter && /^\d+$/.test(extra.retryAfter)) {
    details.push({ '@type': 'type.googleapis.com/google.rpc.RetryInfo', retryDelay: `${extra.retryAfter}s` });
  }
  return { error: { code: status, message, status: GEMINI_STATUS[status] ?? 'UNKNOWN', ...(details.length > 0 ? { details } : {}) } };
}

export function geminiError(res: ServerResponse, status: number, message: string, extra: { reason?: string; retryAfter?: string } = {}): void {
  sendJson(res, status, geminiErrorBody(status, message, extra), extra.retryAfter ? { 'Retry-After': extra.retryAfter } : {});
}

function checkGeminiSchema(schema: unknown, where: string, problems: string[]): void {
  if (!isRecord(schema)) {
    problems.push(`${where}: a Schema must be an object`);
    return;
  }
  unknownKeys(schema, GEMINI_SCHEMA_FIELDS, where, problems);
  // The API parses the Type enum by name; it accepts the names in either case.
  if (typeof schema.type !== 'string' || !GEMINI_TYPES.includes(schema.type.toUpperCase())) {
    problems.push(`${where}.type: ${JSON.stringify(schema.type)} is not a Gemini Schema type`);
  }
  if (schema.properties !== undefined) {
    if (!isRecord(schema.properties)) problems.push(`${where}.properties must be an object`);
    else for (const [key, child] of Object.entries(schema.properties)) checkGeminiSchema(child, `${where}.properties.${key}`, problems);
  }
  if (schema.items !== undefined) checkGeminiSchema(schema.items, `${where}.items`, problems);
}

/*
 * The model ids the fake serves when a test pins none. Google's models page
 * (https://ai.google.dev/gemini-api/docs/models, "All Gemini 3 models") lists
 * these; retired ids such as gemini-2.5-flash and gemini-2.0-flash are shut
 * down, and "once a model is shutdown ... the endpoint is no longer available"
 * (https://ai.google.dev/gemini-api/docs/deprecations): the API answers them
 * 404 NOT_FOUND "models/{m} is not found for API version v1beta, or is not
 * supported for generateContent", as it answers any unknown name.
 */
export const GEMINI_DOCUMENTED_MODELS = [
  'gemini-3.8-flash',
  'gemini-3.7-flash',
  'gemini-3.6-flash',
  'gemini-3.5-flash',
  'gemini-3.5-flash-lite',
  'gemini-3.1-flash-lite',
  'gemini-3.1-pro-preview',
  'gemini-3-flash-preview',
] as const;

/*
 * Inline audio for generateContent: "Gemini supports the following audio
 * format MIME types: WAV audio/wav, MP3 audio/mp3, AIFF audio/aiff, AAC
 * audio/aac, OGG Vorbis audio/ogg, FLAC audio/flac"
 * (https://ai.google.dev/gemini-api/docs/audio). audio/webm and audio/mp4 are
 * listed only for the Live API, so the fake refuses them here with a 400.
 */
export const GEMINI_AUDIO_MIME_TYPES = ['audio/wav', 'audio/mp3', 'audio/aiff', 'audio/aac', 'audio/ogg', 'audio/flac'] as const;

function checkGeminiPart(part: unknown, where: string, problems: string[]): void {
  if (!isRecord(part)) {
    problems.push(`${where} must be an object`);
    return;
  }
  const kinds = Object.keys(part).filter((k) => k !== 'thought' && k !== 'thoughtSignature');
  if (kinds.length !== 1) {
    problems.push(`${where} must hold exactly one kind of data (has ${kinds.join(', ') || 'none'})`);
    return;
  }
  const [kind] = kinds;
  if (kind === 'text') {
    if (typeof part.text !== 'string') problems.push(`${where}.text must be a string`);
  } else if (kind === 'inline_data' || kind === 'inlineData') {
    const blob = part[kind];
    if (!isRecord(blob)) {
      problems.push(`${where}.${kind} must be an object`);
      return;
    }
    const mime = blob.mime_type ?? blob.mimeType;
    if (typeof mime !== 'string' || !/^[a-z]+\/[a-z0-9.+-]+$/i.test(mime)) problems.push(`${where}.${kind}: mime_type must be a bare MIME type (was ${JSON.stringify(mime)})`);
    else if (/^audio\//i.test(mime) && !(GEMINI_AUDIO_MIME_TYPES as readonly string[]).includes(mime.toLowerCase())) problems.push(`${where}.${kind}: Unsupported MIME type: ${mime}`);
    if (typeof blob.data !== 'string' || !/^[A-Za-z0-9+/]*={0,2}$/.test(blob.data)) problems.push(`${where}.${kind}.data must be base64`);
  } else if (!['file_data', 'fileData', 'function_call', 'functionCall', 'function_response', 'functionResponse', 'executable_code', 'executableCode', 'code_execution_result', 'codeExecutionResult'].includes(kind ?? '')) {
    problems.push(`${where}: unknown field "${kind}"`);
  }
}

export function checkGeminiBody(json: unknown, problems: string[]): void {
  if (!isRecord(json)) {
    problems.push('Invalid JSON payload received.');
    return;
  }
  unknownKeys(json, GEMINI_REQUEST_FIELDS, 'Invalid JSON payload received', problems);
  if (!Array.isArray(json.contents) || json.contents.length === 0) {
    problems.push('contents must be a non-empty array');
  } else {
    json.contents.forEach((content, i) => {
      if (!isRecord(content)) {
        problems.push(`contents[${i}] must be an object`);
        return;
      }
      unknownKeys(content, ['role', 'parts'], `contents[${i}]`, problems);
      if (content.role !== undefined && content.role !== 'user' && content.role !== 'model') problems.push(`contents[${i}].role must be "user" or "model"`);
      if (!Array.isArray(content.parts) || content.parts.length === 0) problems.push(`contents[${i}].parts must be a non-empty array`);
      else content.parts.forEach((part, j) => checkGeminiPart(part, `contents[${i}].parts[${j}]`, problems));
    });
  }
  const config = json.generationConfig ?? json.generation_config;
  if (config !== undefined) {
    if (!isRecord(config)) {
      problems.push('generationConfig must be an object');
      return;
    }
    unknownKeys(config, GEMINI_GENERATION_CONFIG_FIELDS, 'generationConfig', problems);
    const mime = config.responseMimeType;
    if (mime !== undefined && !['text/plain', 'application/json', 'text/x.enum'].includes(String(mime))) problems.push(`generationConfig.responseMimeType ${JSON.stringify(mime)} is not supported`);
    if (config.responseSchema !== undefined) {
      if (mime !== 'application/json' && mime !== 'text/x.enum') problems.push('generationConfig.responseSchema needs responseMimeType "application/json"');
      checkGeminiSchema(config.responseSchema, 'generationConfig.responseSchema', problems);
    }
  }
}

/*
 * What a request with inline audio costs, as Gemini bills it: "Gemini represents each second of audio as 32
 * tokens" ([G-audio] https://ai.google.dev/gemini-api/docs/audio), counted in the prompt, with the share of
 * each modality in promptTokensDetails ([G-sdk] googleapis/js-genai src/types.ts,
 * GenerateContentResponseUsageMetadata and ModalityTokenCount). Text, the prompt's and the answer's, at 4
 * characters a token. Undefined for a request without audio (its answers keep the fake's 8 and 12).
 */
export function geminiAudioUsage(json: unknown, answer: string): Record<string, unknown> | undefined {
  if (!isRecord(json) || !Array.isArray(json.contents)) return undefined;
  let seconds = 0;
  let audio = false;
  let promptCharacters = 0;
  for (const content of json.contents) {
    for (const part of isRecord(content) && Array.isArray(content.parts) ? content.parts : []) {
      if (!isRecord(part)) continue;
      if (typeof part.text === 'string') promptCharacters += part.text.length;
      const blob = part.inline_data ?? part.inlineData;
      if (!isRecord(blob) || typeof blob.data !== 'string' || !/^audio\//i.test(String(blob.mime_type ?? blob.mimeType))) continue;
      audio = true;
      seconds += fakeAudioSeconds(new Uint8Array(Buffer.from(blob.data, 'base64')));
    }
  }
  if (!audio) return undefined;
  const audioTokens = Math.ceil(seconds * 32);
  const textTokens = Math.ceil(promptCharacters / 4);
  const candidatesTokenCount = Math.ceil(answer.length / 4);
  return {
    promptTokenCount: textTokens + audioTokens,
    candidatesTokenCount,
    totalTokenCount: textTokens + audioTokens + candidatesTokenCount,
    promptTokensDetails: [
      { modality: 'TEXT', tokenCount: textTokens },
      { modality: 'AUDIO', tokenCount: audioTokens },
    ],
  };
}
