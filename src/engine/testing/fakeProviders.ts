import { createServer, type IncomingHttpHeaders, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/*
 * Local servers speaking the providers' real, published HTTP APIs, for tests
 * (unit tests, the gateway's tests, Playwright):
 * - Gemini: POST /v1beta/models/{model}:generateContent and
 *   :streamGenerateContent?alt=sse (x-goog-api-key header);
 * - OpenAI-compatible: POST /v1/chat/completions (JSON or SSE ending in [DONE])
 *   and POST /v1/audio/transcriptions (multipart);
 * - Ollama: POST /api/chat (JSON, or NDJSON when streaming, which is its default).
 *
 * Each server CHECKS every request against the provider's documented shape
 * (method, path, headers, key, model, structured-output fields, stream flag).
 * A request that does not fit is recorded with its problems and answered the
 * way the real service answers a malformed request (400 in its error format),
 * so a client bug shows up as a failed call, not as a silently passing test.
 *
 * Answers follow a script: each request takes the next answer; the last one
 * repeats. Streams are written in small pieces with delays, each piece cut in
 * the middle (sometimes inside a multi-byte character), so clients must parse
 * across chunk boundaries. Every exchange records whether the client closed
 * the connection before the answer was complete.
 *
 * For the byte caps of the clients, 'huge' answers and padded errors are
 * written progressively, respecting backpressure: the fake never holds the
 * whole body, and `bytesSent` shows how far it got before the client left.
 */

export type FakeProviderKind = 'gemini' | 'openai' | 'ollama';

export type FakeAnswer =
  /** A successful answer; streamed in `chunks` (default: word by word) when the request streams. */
  | { kind: 'text'; text: string; chunks?: string[] }
  /**
   * An HTTP error in the provider's format; Retry-After sent as given; `reason` for Google's ErrorInfo (e.g. API_KEY_INVALID).
   * With `bodyBytes`, the message is followed by filler until the body is that long, written progressively.
   */
  | { kind: 'error'; status: number; message?: string; retryAfter?: string; reason?: string; bodyBytes?: number }
  /** A stream that starts, sends `chunks`, then reports an error in the provider's in-stream form. */
  | { kind: 'streamError'; chunks: string[]; message: string }
  /** Never answers (not even headers). */
  | { kind: 'hang' }
  /** A stream that never ends: `chunk` (default "tick ") forever, until the client goes away. Non-streamed requests hang. */
  | { kind: 'endless'; chunk?: string }
  /**
   * A well-formed answer of about `bytes` bytes, written progressively: one growing JSON body when not
   * streamed; when streamed, provider-framed events or lines of filler text, then the provider's ending.
   * `oneLine`: a streamed answer whose first event or line never ends (no newline, ever), for line buffers.
   */
  | { kind: 'huge'; bytes: number; oneLine?: boolean }
  /** Anything else, byte for byte. */
  | { kind: 'raw'; status: number; headers?: Record<string, string>; body: string }
  /**
   * Gemini only (the other fakes leave it unanswered): an answer that does not end with STOP.
   * `finishReason` (MAX_TOKENS, SAFETY, RECITATION, PROHIBITED_CONTENT, SPII, BLOCKLIST, LANGUAGE, OTHER...): `text`
   * (streamed in `chunks`), then a last candidate with that reason and no content; `text` '' sends only that
   * content-less candidate. `blockReason`: promptFeedback.blockReason and no candidates. `bareError`: `chunks`, then
   * a bare {"error":...} JSON body not framed as an SSE event (a 500 error when not streamed).
   */
  | { kind: 'gemini'; text?: string; chunks?: string[]; finishReason?: string; finishMessage?: string; blockReason?: string; bareError?: string }
  /**
   * OpenAI-compatible only (the other fakes leave it unanswered): a chat answer ending as chosen. `finishReason`
   * (default 'stop'; 'length', 'content_filter'); `refusal` instead of content (message.refusal, or streamed
   * delta.refusal); `usageChunk` adds the `choices: []` usage chunk before [DONE]; `errorEvent` ends the stream
   * with `event: error`; `errorWith200` is OpenRouter's {error: {message, code}} with status 200 (whole, or as a stream event).
   */
  | { kind: 'openai'; text?: string; chunks?: string[]; finishReason?: string; refusal?: string; usageChunk?: boolean; errorEvent?: string; errorWith200?: { message: string; code: number } };

export interface FakeUpload {
  name: string;
  type: string;
  size: number;
  text: string;
}

export interface FakeExchange {
  method: string;
  /** Path and query as received. */
  url: string;
  path: string;
  query: Record<string, string>;
  headers: IncomingHttpHeaders;
  body: string;
  /** The body parsed as JSON, when it is JSON. */
  json: unknown;
  /** Multipart fields and files, for audio transcriptions. */
  form?: { fields: Record<string, string>; files: Record<string, FakeUpload> };
  /** Ways the request departs from the provider's published API; empty when it fits. */
  problems: string[];
  /** Whether the request asked for a streamed answer. */
  streamed: boolean;
  /** The answer was sent completely. */
  responseEnded: boolean;
  /** The client closed the connection before the answer was complete. */
  closedByClient: boolean;
  /** Body bytes written so far by answers sent progressively ('huge', an 'error' with bodyBytes). */
  bytesSent: number;
  /** Ollama only: the prompt did not fit the context window and was cut, as Ollama does ("truncating input prompt"). */
  contextTruncated?: boolean;
}

export interface FakeProviderOptions {
  /** The key the server accepts; requests without it are rejected as the real service rejects them. Ollama ignores it. */
  apiKey?: string;
  /** When set, requests naming another model are answered 404 as the real service does. */
  model?: string;
  script?: FakeAnswer[];
  /** Delay between stream pieces (default 15 ms). */
  chunkDelayMs?: number;
  /**
   * OpenAI-compatible only: false imitates a host without /audio/transcriptions (LM Studio, llama.cpp,
   * Ollama's /v1, text-only vLLM), which answers 404 there. Default true (api.openai.com, Groq).
   */
  audioRoute?: boolean;
  /** Ollama only: extra allowed browser origins, as OLLAMA_ORIGINS (comma-separated there; `*` wildcards). */
  ollamaOrigins?: string[];
  /** Ollama only: the context window when a request sets no options.num_ctx (Ollama's default: 4096). */
  ollamaDefaultNumCtx?: number;
  /** Ollama only: false imitates a runner without context shift, which refuses a too-long prompt with 400 instead of truncating it. */
  ollamaContextShift?: boolean;
}

export interface FakeProviderServer {
  readonly kind: FakeProviderKind;
  /** http://127.0.0.1:port */
  readonly origin: string;
  /** The base URL to configure a client with: the origin for Gemini and Ollama, origin + '/v1' for OpenAI-compatible. */
  readonly baseUrl: string;
  readonly exchanges: FakeExchange[];
  /** Replaces the script: each request takes the next answer, the last one repeats. */
  script(...answers: FakeAnswer[]): void;
  /** Forgets exchanges (the script stays). */
  reset(): void;
  /** Resolves when the client has closed exchange `index`'s connection early; rejects after `timeoutMs`. */
  waitForClientClose(index: number, timeoutMs?: number): Promise<void>;
  close(): Promise<void>;
}

const DEFAULT_TEXT = 'Hello from the fake provider.';

// ---------------------------------------------------------------------------
// Small helpers

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Word by word, spaces kept, so the pieces join back into the text. */
export function splitIntoChunks(text: string): string[] {
  const pieces = text.match(/\s*\S+\s*/g);
  return pieces && pieces.length > 0 ? pieces : [text];
}

function unknownKeys(value: Record<string, unknown>, allowed: readonly string[], where: string, problems: string[]): void {
  for (const key of Object.keys(value)) {
    if (!allowed.includes(key)) problems.push(`${where}: unknown field "${key}"`);
  }
}

function checkJsonContentType(headers: IncomingHttpHeaders, problems: string[]): void {
  const type = headers['content-type'] ?? '';
  if (!/^application\/json\b/i.test(type)) problems.push(`Content-Type must be application/json (was "${type}")`);
}

/** Standard JSON Schema as OpenAI and Ollama take it: lower-case types, no OpenAPI upper-case. */
function checkJsonSchema(schema: unknown, where: string, problems: string[]): void {
  if (!isRecord(schema)) {
    problems.push(`${where}: a JSON schema must be an object`);
    return;
  }
  const types = ['string', 'number', 'integer', 'boolean', 'array', 'object', 'null'];
  const type = schema.type;
  const typeList = Array.isArray(type) ? type : [type];
  for (const t of typeList) {
    if (typeof t !== 'string' || !types.includes(t)) problems.push(`${where}.type: ${JSON.stringify(t)} is not a JSON Schema type`);
  }
  if (schema.properties !== undefined) {
    if (!isRecord(schema.properties)) problems.push(`${where}.properties must be an object`);
    else for (const [key, child] of Object.entries(schema.properties)) checkJsonSchema(child, `${where}.properties.${key}`, problems);
  }
  if (schema.items !== undefined) checkJsonSchema(schema.items, `${where}.items`, problems);
  if (schema.required !== undefined && !(Array.isArray(schema.required) && schema.required.every((k) => typeof k === 'string'))) {
    problems.push(`${where}.required must be an array of strings`);
  }
}

// ---------------------------------------------------------------------------
// The shared server

interface Received {
  exchange: FakeExchange;
  raw: Buffer;
}

interface Protocol {
  kind: FakeProviderKind;
  basePath: string;
  /** Checks the request (filling exchange.problems and exchange.streamed); may answer itself (auth, model, 404) by returning true. */
  check(received: Received, res: ServerResponse, options: FakeProviderOptions): Promise<boolean>;
  /** Answers a request that fits. */
  answer(exchange: FakeExchange, res: ServerResponse, answer: FakeAnswer, delayMs: number): Promise<void>;
  /** The provider's answer to a malformed request. */
  badRequest(res: ServerResponse, problems: string[]): void;
}

function sendJson(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  res.writeHead(status, { 'Content-Type': 'application/json; charset=utf-8', ...headers }).end(JSON.stringify(body));
}

/** Writes each piece cut in two (by bytes, so sometimes inside a character), with delays; stops when the client leaves. */
async function writeSlowly(res: ServerResponse, pieces: string[], delayMs: number): Promise<boolean> {
  for (const piece of pieces) {
    const bytes = Buffer.from(piece, 'utf8');
    const cut = Math.max(1, Math.floor(bytes.length / 2));
    for (const part of [bytes.subarray(0, cut), bytes.subarray(cut)]) {
      if (res.destroyed || res.writableEnded) return false;
      if (part.length > 0) res.write(part);
      await sleep(delayMs / 2);
    }
  }
  return !res.destroyed;
}

/** Writes one piece, then waits while the socket is full (so the fake holds little); false once the client has gone. */
async function writeRespectingBackpressure(res: ServerResponse, exchange: FakeExchange, piece: Buffer | string): Promise<boolean> {
  if (res.destroyed || res.writableEnded) return false;
  exchange.bytesSent += typeof piece === 'string' ? Buffer.byteLength(piece) : piece.length;
  if (!res.write(piece)) {
    await new Promise<void>((resolve) => {
      const done = () => {
        res.off('drain', done);
        res.off('close', done);
        resolve();
      };
      res.on('drain', done);
      res.on('close', done);
    });
  }
  return !res.destroyed;
}

/** JSON-safe filler (no quotes, backslashes or newlines), sliced from one shared buffer. */
const FILLER = Buffer.from('All work and no play makes a very long answer. '.repeat(1400), 'utf8');

/** Writes `bytes` bytes of filler in 64 KiB pieces; false once the client has gone. */
async function writeFiller(res: ServerResponse, exchange: FakeExchange, bytes: number): Promise<boolean> {
  const piece = 64 * 1024;
  for (let left = bytes; left > 0; left -= piece) {
    if (!(await writeRespectingBackpressure(res, exchange, FILLER.subarray(0, Math.min(piece, left))))) return false;
  }
  return true;
}

/** Where filler goes inside a JSON text: a marker put in a string value, then split around. */
const HOLE = '@@FILL@@';

function splitAtHole(text: string): [string, string] {
  const at = text.indexOf(HOLE);
  if (at === -1) throw new Error('the framing has no place for filler');
  return [text.slice(0, at), text.slice(at + HOLE.length)];
}

/** A provider's JSON error body, its message followed by filler up to `bodyBytes`, written progressively. */
async function sendPaddedJson(
  res: ServerResponse,
  exchange: FakeExchange,
  status: number,
  body: (message: string) => unknown,
  message: string,
  headers: Record<string, string>,
  bodyBytes: number,
): Promise<void> {
  const [prefix, suffix] = splitAtHole(JSON.stringify(body(`${message} ${HOLE}`)));
  res.writeHead(status, { 'Content-Type': 'application/json; charset=utf-8', ...headers });
  const fill = Math.max(0, bodyBytes - Buffer.byteLength(prefix) - Buffer.byteLength(suffix));
  if ((await writeRespectingBackpressure(res, exchange, prefix)) && (await writeFiller(res, exchange, fill)) && (await writeRespectingBackpressure(res, exchange, suffix))) res.end();
}

/** How one provider frames a huge answer: the whole JSON body, one streamed event or line, and the stream's ending. */
interface HugeFraming {
  contentType: string;
  streamContentType: string;
  whole(content: string): unknown;
  event(content: string): string;
  ending: string[];
}

async function sendHuge(res: ServerResponse, exchange: FakeExchange, answer: Extract<FakeAnswer, { kind: 'huge' }>, framing: HugeFraming): Promise<void> {
  if (!exchange.streamed) {
    const [prefix, suffix] = splitAtHole(JSON.stringify(framing.whole(HOLE)));
    res.writeHead(200, { 'Content-Type': framing.contentType });
    const fill = Math.max(0, answer.bytes - Buffer.byteLength(prefix) - Buffer.byteLength(suffix));
    if ((await writeRespectingBackpressure(res, exchange, prefix)) && (await writeFiller(res, exchange, fill)) && (await writeRespectingBackpressure(res, exchange, suffix))) res.end();
    return;
  }
  res.writeHead(200, { 'Content-Type': framing.streamContentType });
  if (answer.oneLine) {
    // An event or line that starts and never ends: no newline until the body is over.
    const [prefix] = splitAtHole(framing.event(HOLE));
    if ((await writeRespectingBackpressure(res, exchange, prefix)) && (await writeFiller(res, exchange, answer.bytes - Buffer.byteLength(prefix)))) res.end();
    return;
  }
  const event = framing.event(FILLER.subarray(0, 16 * 1024).toString('utf8'));
  for (let sent = 0; sent < answer.bytes; sent += Buffer.byteLength(event)) {
    if (!(await writeRespectingBackpressure(res, exchange, event))) return;
  }
  for (const piece of framing.ending) if (!(await writeRespectingBackpressure(res, exchange, piece))) return;
  res.end();
}

async function writeForever(res: ServerResponse, piece: () => string, delayMs: number): Promise<void> {
  while (!res.destroyed && !res.writableEnded) {
    res.write(piece());
    await sleep(delayMs);
  }
}

async function startFake(protocol: Protocol, options: FakeProviderOptions): Promise<FakeProviderServer> {
  const exchanges: FakeExchange[] = [];
  let queue: FakeAnswer[] = options.script && options.script.length > 0 ? [...options.script] : [{ kind: 'text', text: DEFAULT_TEXT }];
  const delayMs = options.chunkDelayMs ?? 15;
  const closeWaiters = new Map<FakeExchange, () => void>();

  const nextAnswer = (): FakeAnswer => {
    const answer = queue.length > 1 ? queue.shift() : queue[0];
    return answer ?? { kind: 'text', text: DEFAULT_TEXT };
  };

  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const raw = Buffer.concat(chunks);
      const url = new URL(req.url ?? '/', 'http://fake.invalid');
      const body = raw.toString('utf8');
      let json: unknown;
      try {
        json = JSON.parse(body) as unknown;
      } catch {
        json = undefined;
      }
      const exchange: FakeExchange = {
        method: req.method ?? '',
        url: req.url ?? '',
        path: url.pathname,
        query: Object.fromEntries(url.searchParams),
        headers: req.headers,
        body,
        json,
        problems: [],
        streamed: false,
        responseEnded: false,
        closedByClient: false,
        bytesSent: 0,
      };
      exchanges.push(exchange);
      res.on('finish', () => {
        exchange.responseEnded = true;
      });
      res.on('close', () => {
        if (!res.writableFinished) {
          exchange.closedByClient = true;
          closeWaiters.get(exchange)?.();
        }
      });
      void (async () => {
        const answered = await protocol.check({ exchange, raw }, res, options);
        if (answered) return;
        if (exchange.problems.length > 0) {
          protocol.badRequest(res, exchange.problems);
          return;
        }
        await protocol.answer(exchange, res, nextAnswer(), delayMs);
      })().catch((error: unknown) => {
        if (!res.headersSent) sendJson(res, 500, { error: String(error) });
        else res.destroy();
      });
    });
  });

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const origin = `http://127.0.0.1:${port}`;

  return {
    kind: protocol.kind,
    origin,
    baseUrl: `${origin}${protocol.basePath}`,
    exchanges,
    script(...answers) {
      queue = answers.length > 0 ? [...answers] : [{ kind: 'text', text: DEFAULT_TEXT }];
    },
    reset() {
      exchanges.length = 0;
    },
    waitForClientClose(index, timeoutMs = 2000) {
      return new Promise<void>((resolve, reject) => {
        const exchange = exchanges[index];
        if (exchange?.closedByClient) {
          resolve();
          return;
        }
        const timer = setTimeout(() => reject(new Error(`The client did not close exchange ${index} within ${timeoutMs} ms`)), timeoutMs);
        const done = () => {
          clearTimeout(timer);
          resolve();
        };
        if (exchange) closeWaiters.set(exchange, done);
        else {
          // Not arrived yet: poll until it does.
          const poll = setInterval(() => {
            const arrived = exchanges[index];
            if (!arrived) return;
            clearInterval(poll);
            if (arrived.closedByClient) done();
            else closeWaiters.set(arrived, done);
          }, 5);
        }
      });
    },
    close() {
      server.closeAllConnections();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

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

function geminiErrorBody(status: number, message: string, extra: { reason?: string; retryAfter?: string } = {}): unknown {
  const details: Record<string, unknown>[] = [];
  if (extra.reason) details.push({ '@type': 'type.googleapis.com/google.rpc.ErrorInfo', reason: extra.reason, domain: 'googleapis.com', metadata: { service: 'generativelanguage.googleapis.com' } });
  if (status === 429 && extra.retryAfter && /^\d+$/.test(extra.retryAfter)) {
    details.push({ '@type': 'type.googleapis.com/google.rpc.RetryInfo', retryDelay: `${extra.retryAfter}s` });
  }
  return { error: { code: status, message, status: GEMINI_STATUS[status] ?? 'UNKNOWN', ...(details.length > 0 ? { details } : {}) } };
}

function geminiError(res: ServerResponse, status: number, message: string, extra: { reason?: string; retryAfter?: string } = {}): void {
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

function checkGeminiBody(json: unknown, problems: string[]): void {
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

function geminiResponse(text: string, model: string, final: boolean): Record<string, unknown> {
  return {
    candidates: [
      {
        content: { parts: [{ text }], role: 'model' },
        ...(final ? { finishReason: 'STOP' } : {}),
        index: 0,
      },
    ],
    ...(final ? { usageMetadata: { promptTokenCount: 8, candidatesTokenCount: 12, totalTokenCount: 20 } } : {}),
    modelVersion: model,
    responseId: 'fake-response-id',
  };
}

const geminiSse = (body: unknown) => `data: ${JSON.stringify(body)}\r\n\r\n`;

/*
 * Endings other than STOP, in the shapes of googleapis/js-genai src/types.ts (at 6e9b35c):
 * Candidate.finishReason and finishMessage (l.3615-3629; FinishReason values l.466-526, "When streaming,
 * [content][] is empty if content filters blocks the output"), and promptFeedback.blockReason (l.3715:
 * "Sent only in the first stream chunk. Only happens when no candidates were generated due to content
 * violations"; BlockedReason values l.614-647).
 */
function geminiStopped(model: string, finishReason: string, finishMessage: string | undefined, text: string): Record<string, unknown> {
  return {
    candidates: [
      {
        ...(text ? { content: { parts: [{ text }], role: 'model' } } : {}),
        finishReason,
        ...(finishMessage ? { finishMessage } : {}),
        index: 0,
      },
    ],
    usageMetadata: { promptTokenCount: 8, candidatesTokenCount: text ? 12 : 0, totalTokenCount: text ? 20 : 8 },
    modelVersion: model,
    responseId: 'fake-response-id',
  };
}

function geminiBlocked(model: string, blockReason: string): Record<string, unknown> {
  return { promptFeedback: { blockReason }, usageMetadata: { promptTokenCount: 8, totalTokenCount: 8 }, modelVersion: model, responseId: 'fake-response-id' };
}

/**
 * A bare error object, pretty-printed as Google prints its JSON, not framed as an SSE event: the official
 * SDK checks each raw network chunk for one (googleapis/js-genai src/_api_client.ts l.708-731).
 */
const geminiBareError = (message: string) => JSON.stringify({ error: { code: 500, message, status: 'INTERNAL' } }, null, 2);

async function answerGeminiEnding(exchange: FakeExchange, res: ServerResponse, answer: Extract<FakeAnswer, { kind: 'gemini' }>, model: string, delayMs: number): Promise<void> {
  const text = answer.text ?? '';
  if (!exchange.streamed) {
    if (answer.bareError !== undefined) geminiError(res, 500, answer.bareError);
    else if (answer.blockReason !== undefined) sendJson(res, 200, geminiBlocked(model, answer.blockReason));
    else sendJson(res, 200, geminiStopped(model, answer.finishReason ?? 'STOP', answer.finishMessage, text));
    return;
  }
  res.writeHead(200, { 'Content-Type': 'text/event-stream' });
  if (answer.blockReason !== undefined) {
    if (await writeSlowly(res, [geminiSse(geminiBlocked(model, answer.blockReason))], delayMs)) res.end();
    return;
  }
  const chunks = answer.chunks ?? (text ? splitIntoChunks(text) : []);
  const pieces = chunks.map((chunk) => geminiSse(geminiResponse(chunk, model, false)));
  if (answer.bareError !== undefined) pieces.push(geminiBareError(answer.bareError));
  else pieces.push(geminiSse(geminiStopped(model, answer.finishReason ?? 'STOP', answer.finishMessage, '')));
  if (await writeSlowly(res, pieces, delayMs)) res.end();
}

function geminiProtocol(): Protocol {
  return {
    kind: 'gemini',
    basePath: '',
    async check({ exchange }, res, options) {
      const match = /^\/v1beta\/models\/([^/:]+):(generateContent|streamGenerateContent)$/.exec(exchange.path);
      if (!match) {
        geminiError(res, 404, `Requested entity was not found: ${exchange.method} ${exchange.path}`);
        exchange.problems.push(`unknown path ${exchange.path}`);
        return true;
      }
      if (exchange.method !== 'POST') exchange.problems.push(`method must be POST (was ${exchange.method})`);
      const [, model, method] = match;
      exchange.streamed = method === 'streamGenerateContent';
      if (exchange.streamed && exchange.query.alt !== 'sse') exchange.problems.push('streamGenerateContent needs ?alt=sse for server-sent events');
      if (!exchange.streamed && exchange.query.alt !== undefined) exchange.problems.push('generateContent takes no alt parameter');
      if ('key' in exchange.query) exchange.problems.push('the API key must travel in the x-goog-api-key header, not in the URL');
      checkJsonContentType(exchange.headers, exchange.problems);
      const key = exchange.headers['x-goog-api-key'];
      if (options.apiKey !== undefined) {
        if (key === undefined) {
          geminiError(res, 403, 'Method doesn\'t allow unregistered callers (callers without established identity). Please use API Key or other form of API consumer identity to call this API.');
          return true;
        }
        if (key !== options.apiKey) {
          geminiError(res, 400, 'API key not valid. Please pass a valid API key.', { reason: 'API_KEY_INVALID' });
          return true;
        }
      }
      // A pinned model is the only one served; otherwise only the documented ids (GEMINI_DOCUMENTED_MODELS).
      const named = decodeURIComponent(model ?? '').replace(/^models\//, '');
      if (options.model !== undefined ? named !== options.model : !(GEMINI_DOCUMENTED_MODELS as readonly string[]).includes(named)) {
        geminiError(res, 404, `models/${model ?? ''} is not found for API version v1beta, or is not supported for generateContent.`);
        return true;
      }
      checkGeminiBody(exchange.json, exchange.problems);
      return false;
    },
    async answer(exchange, res, answer, delayMs) {
      const model = geminiModelFromPath(exchange);
      switch (answer.kind) {
        case 'raw':
          res.writeHead(answer.status, answer.headers ?? {}).end(answer.body);
          return;
        case 'error': {
          const message = answer.message ?? `Fake error ${answer.status}`;
          const extra = { ...(answer.reason ? { reason: answer.reason } : {}), ...(answer.retryAfter ? { retryAfter: answer.retryAfter } : {}) };
          if (answer.bodyBytes === undefined) geminiError(res, answer.status, message, extra);
          else await sendPaddedJson(res, exchange, answer.status, (m) => geminiErrorBody(answer.status, m, extra), message, answer.retryAfter ? { 'Retry-After': answer.retryAfter } : {}, answer.bodyBytes);
          return;
        }
        case 'huge':
          await sendHuge(res, exchange, answer, {
            contentType: 'application/json; charset=UTF-8',
            streamContentType: 'text/event-stream',
            whole: (content) => geminiResponse(content, model, true),
            event: (content) => geminiSse(geminiResponse(content, model, false)),
            ending: [geminiSse(geminiResponse('', model, true))],
          });
          return;
        case 'hang':
          return;
        case 'gemini':
          await answerGeminiEnding(exchange, res, answer, model, delayMs);
          return;
        case 'endless':
          if (!exchange.streamed) return;
          res.writeHead(200, { 'Content-Type': 'text/event-stream' });
          await writeForever(res, () => geminiSse(geminiResponse(answer.chunk ?? 'tick ', model, false)), delayMs);
          return;
        case 'streamError':
        case 'text': {
          if (!exchange.streamed) {
            if (answer.kind === 'streamError') {
              geminiError(res, 500, answer.message);
              return;
            }
            sendJson(res, 200, geminiResponse(answer.text, model, true));
            return;
          }
          res.writeHead(200, { 'Content-Type': 'text/event-stream' });
          const chunks = answer.kind === 'text' ? (answer.chunks ?? splitIntoChunks(answer.text)) : answer.chunks;
          const events = chunks.map((chunk, i) => geminiSse(geminiResponse(chunk, model, answer.kind === 'text' && i === chunks.length - 1)));
          if (answer.kind === 'streamError') events.push(geminiSse({ error: { code: 500, message: answer.message, status: 'INTERNAL' } }));
          if (await writeSlowly(res, events, delayMs)) res.end();
        }
      }
    },
    badRequest(res, problems) {
      geminiError(res, 400, problems.join('; '));
    },
  };
}

function geminiModelFromPath(exchange: FakeExchange): string {
  return decodeURIComponent(/\/models\/([^/:]+):/.exec(exchange.path)?.[1] ?? 'gemini');
}

// ---------------------------------------------------------------------------
// OpenAI-compatible (chat completions, audio transcriptions)

const OPENAI_CHAT_FIELDS = ['model', 'messages', 'stream', 'stream_options', 'response_format', 'temperature', 'top_p', 'max_tokens', 'max_completion_tokens', 'n', 'stop', 'seed', 'tools', 'tool_choice', 'parallel_tool_calls', 'user', 'presence_penalty', 'frequency_penalty', 'logit_bias', 'logprobs', 'top_logprobs', 'reasoning_effort', 'metadata', 'store', 'service_tier', 'modalities', 'prediction', 'audio', 'web_search_options', 'verbosity', 'prompt_cache_key', 'safety_identifier'];
const OPENAI_ROLES = ['system', 'developer', 'user', 'assistant', 'tool', 'function'];
const OPENAI_ERROR_TYPE: Record<number, string> = { 400: 'invalid_request_error', 401: 'invalid_request_error', 403: 'invalid_request_error', 404: 'invalid_request_error', 429: 'requests', 500: 'server_error', 503: 'server_error' };

function openaiErrorBody(status: number, message: string, code: string | null): unknown {
  return { error: { message, type: OPENAI_ERROR_TYPE[status] ?? 'invalid_request_error', param: null, code } };
}

function openaiError(res: ServerResponse, status: number, message: string, code: string | null, retryAfter?: string): void {
  sendJson(res, status, openaiErrorBody(status, message, code), retryAfter ? { 'Retry-After': retryAfter } : {});
}

/** How OpenAI echoes a wrong key: its first and last characters around stars. */
function maskKey(key: string): string {
  return key.length <= 8 ? '*'.repeat(key.length) : `${key.slice(0, 6)}${'*'.repeat(key.length - 10)}${key.slice(-4)}`;
}

function checkOpenAIChatBody(json: unknown, problems: string[]): void {
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

const openaiSse = (body: unknown) => `data: ${JSON.stringify(body)}\n\n`;

const FAKE_USAGE = { prompt_tokens: 8, completion_tokens: 12, total_tokens: 20 };

/** A whole chat completion, as OpenAI answers a request without stream. */
function chatCompletion(model: string, content: string | null, refusal: string | null, finish: string, usage = true): Record<string, unknown> {
  return {
    id: 'chatcmpl-fake',
    object: 'chat.completion',
    created: 1_700_000_000,
    model,
    choices: [{ index: 0, message: { role: 'assistant', content, refusal }, logprobs: null, finish_reason: finish }],
    ...(usage ? { usage: FAKE_USAGE } : {}),
  };
}

function chatChunk(model: string, delta: Record<string, unknown>, finish: string | null): Record<string, unknown> {
  return { id: 'chatcmpl-fake', object: 'chat.completion.chunk', created: 1_700_000_000, model, choices: [{ index: 0, delta, logprobs: null, finish_reason: finish }] };
}

async function parseMultipart(exchange: FakeExchange, raw: Buffer): Promise<void> {
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
 * Which host the OpenAI-compatible fake imitates (issue 11). Sources, with addresses, in
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
 * - 'generic': any other OpenAI-compatible server (vLLM, LM Studio, llama.cpp, Ollama's /v1): the shape
 *   checks only.
 */
export type OpenAIFlavour = 'openai' | 'groq' | 'openrouter' | 'generic';

export type FakeOpenAIOptions = FakeProviderOptions & {
  /** The host imitated; default 'openai'. */
  flavour?: OpenAIFlavour;
};

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
function checkOpenAIFlavour(json: unknown, flavour: OpenAIFlavour, problems: string[]): void {
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
}

function openaiProtocol(flavour: OpenAIFlavour = 'openai'): Protocol {
  return {
    kind: 'openai',
    basePath: '/v1',
    async check({ exchange, raw }, res, options) {
      const route = exchange.path === '/v1/chat/completions' ? 'chat' : exchange.path === '/v1/audio/transcriptions' ? 'audio' : undefined;
      if (!route) {
        openaiError(res, 404, `Invalid URL (${exchange.method} ${exchange.path})`, null);
        exchange.problems.push(`unknown path ${exchange.path}`);
        return true;
      }
      if (route === 'audio' && options.audioRoute === false) return (openaiError(res, 404, `Invalid URL (${exchange.method} ${exchange.path})`, null), exchange.problems.push('this host has no audio route'), true);
      if (exchange.method !== 'POST') exchange.problems.push(`method must be POST (was ${exchange.method})`);
      if (options.apiKey !== undefined) {
        const auth = exchange.headers.authorization;
        if (auth === undefined) {
          openaiError(res, 401, "You didn't provide an API key. You need to provide your API key in an Authorization header using Bearer auth (i.e. Authorization: Bearer YOUR_KEY).", null);
          return true;
        }
        const key = /^Bearer (.+)$/.exec(auth)?.[1] ?? '';
        if (key !== options.apiKey) {
          openaiError(res, 401, `Incorrect API key provided: ${maskKey(key)}. You can find your API key at https://platform.openai.com/account/api-keys.`, 'invalid_api_key');
          return true;
        }
      }
      let model: unknown;
      if (route === 'chat') {
        checkJsonContentType(exchange.headers, exchange.problems);
        checkOpenAIChatBody(exchange.json, exchange.problems);
        checkOpenAIFlavour(exchange.json, flavour, exchange.problems);
        exchange.streamed = isRecord(exchange.json) && exchange.json.stream === true;
        model = isRecord(exchange.json) ? exchange.json.model : undefined;
      } else {
        await parseMultipart(exchange, raw);
        const form = exchange.form;
        if (form) {
          if (!form.files.file) exchange.problems.push("'file' must be an uploaded file");
          else if (!form.files.file.name) exchange.problems.push("'file' needs a file name (the server reads the format from its extension)");
          if (!form.fields.model) exchange.problems.push("'model' is required");
          const format = form.fields.response_format;
          if (format !== undefined && !['json', 'text', 'srt', 'verbose_json', 'vtt'].includes(format)) exchange.problems.push(`response_format '${format}' is not supported`);
          for (const key of Object.keys(form.fields)) {
            if (!['model', 'language', 'prompt', 'response_format', 'temperature', 'timestamp_granularities[]', 'include[]', 'stream', 'chunking_strategy'].includes(key)) exchange.problems.push(`Unrecognized form field: ${key}`);
          }
          model = form.fields.model;
        }
      }
      if (options.model !== undefined && typeof model === 'string' && model !== options.model) {
        openaiError(res, 404, `The model \`${model}\` does not exist or you do not have access to it.`, 'model_not_found');
        return true;
      }
      return false;
    },
    async answer(exchange, res, answer, delayMs) {
      const model = isRecord(exchange.json) && typeof exchange.json.model === 'string' ? exchange.json.model : exchange.form?.fields.model ?? 'model';
      const audio = exchange.path.endsWith('/audio/transcriptions');
      switch (answer.kind) {
        case 'raw':
          res.writeHead(answer.status, answer.headers ?? {}).end(answer.body);
          return;
        case 'error': {
          const code = answer.status === 429 ? 'rate_limit_exceeded' : answer.status === 401 ? 'invalid_api_key' : null;
          const message = answer.message ?? `Fake error ${answer.status}`;
          if (answer.bodyBytes === undefined) openaiError(res, answer.status, message, code, answer.retryAfter);
          else await sendPaddedJson(res, exchange, answer.status, (m) => openaiErrorBody(answer.status, m, code), message, answer.retryAfter ? { 'Retry-After': answer.retryAfter } : {}, answer.bodyBytes);
          return;
        }
        case 'huge':
          await sendHuge(res, exchange, answer, {
            contentType: 'application/json',
            streamContentType: 'text/event-stream; charset=utf-8',
            whole: (content) =>
              audio
                ? { text: content }
                : chatCompletion(model, content, null, 'stop', false),
            event: (content) => openaiSse(chatChunk(model, { content }, null)),
            ending: [openaiSse(chatChunk(model, {}, 'stop')), 'data: [DONE]\n\n'],
          });
          return;
        case 'hang':
          return;
        case 'endless':
          if (!exchange.streamed) return;
          res.writeHead(200, { 'Content-Type': 'text/event-stream; charset=utf-8' });
          await writeForever(res, () => openaiSse(chatChunk(model, { content: answer.chunk ?? 'tick ' }, null)), delayMs);
          return;
        case 'openai': {
          // OpenAI-compatible signals (O1, O4, P1): finish_reason, refusals, the usage chunk, `event: error`,
          // and OpenRouter's 200-status error bodies ([OR-err]).
          const finish = answer.finishReason ?? 'stop';
          if (!exchange.streamed) {
            if (answer.errorWith200) {
              sendJson(res, 200, { error: answer.errorWith200 });
              return;
            }
            if (answer.errorEvent !== undefined) {
              openaiError(res, 500, answer.errorEvent, null);
              return;
            }
            sendJson(res, 200, chatCompletion(model, answer.refusal !== undefined ? null : (answer.text ?? ''), answer.refusal ?? null, finish));
            return;
          }
          res.writeHead(200, { 'Content-Type': 'text/event-stream; charset=utf-8' });
          const events = flavour === 'openrouter' ? [': OPENROUTER PROCESSING\n\n'] : [];
          events.push(openaiSse(chatChunk(model, { role: 'assistant', content: '' }, null)));
          if (answer.refusal !== undefined) {
            // Chunk Choice.Delta.refusal ([O-sdk] completions.ts).
            for (const piece of splitIntoChunks(answer.refusal)) events.push(openaiSse(chatChunk(model, { refusal: piece }, null)));
          } else {
            for (const chunk of answer.chunks ?? splitIntoChunks(answer.text ?? '')) events.push(openaiSse(chatChunk(model, { content: chunk }, null)));
          }
          if (answer.errorWith200) {
            events.push(openaiSse({ error: answer.errorWith200 }));
          } else if (answer.errorEvent !== undefined) {
            // [O-sdk] src/core/streaming.ts l.104-128: the SDK throws on `event: error`, whatever its data holds.
            events.push(`event: error\ndata: ${JSON.stringify({ message: answer.errorEvent })}\n\n`);
          } else {
            events.push(openaiSse(chatChunk(model, {}, finish)));
            // "choices … Can also be empty for the last chunk if you set stream_options: {include_usage: true}" ([O-sdk] l.816-821).
            if (answer.usageChunk) events.push(openaiSse({ id: 'chatcmpl-fake', object: 'chat.completion.chunk', created: 1_700_000_000, model, choices: [], usage: FAKE_USAGE }));
            events.push('data: [DONE]\n\n');
          }
          if (await writeSlowly(res, events, delayMs)) res.end();
          return;
        }
        case 'streamError':
        case 'text': {
          if (audio) {
            if (answer.kind === 'streamError') openaiError(res, 500, answer.message, null);
            else sendJson(res, 200, { text: answer.text });
            return;
          }
          if (!exchange.streamed) {
            if (answer.kind === 'streamError') {
              openaiError(res, 500, answer.message, null);
              return;
            }
            sendJson(res, 200, chatCompletion(model, answer.text, null, 'stop'));
            return;
          }
          res.writeHead(200, { 'Content-Type': 'text/event-stream; charset=utf-8' });
          const chunks = answer.kind === 'text' ? (answer.chunks ?? splitIntoChunks(answer.text)) : answer.chunks;
          const events = [openaiSse(chatChunk(model, { role: 'assistant', content: '' }, null))];
          for (const chunk of chunks) events.push(openaiSse(chatChunk(model, { content: chunk }, null)));
          if (answer.kind === 'streamError') events.push(openaiSse({ error: { message: answer.message, type: 'server_error', param: null, code: null } }));
          else events.push(openaiSse(chatChunk(model, {}, 'stop')), 'data: [DONE]\n\n');
          if (await writeSlowly(res, events, delayMs)) res.end();
        }
      }
    },
    badRequest(res, problems) {
      openaiError(res, 400, problems.join('; '), null);
    },
  };
}

// ---------------------------------------------------------------------------
// Ollama (native API)

// docs/api.md "Generate a chat completion" lists model, messages, tools, think, format, options, stream,
// keep_alive; the server's ChatRequest also takes truncate, shift, logprobs and top_logprobs
// (ollama/ollama api/types.go l.111-129, at fb30760), so they are not rejected.
const OLLAMA_CHAT_FIELDS = ['model', 'messages', 'tools', 'format', 'options', 'stream', 'keep_alive', 'think', 'truncate', 'shift', 'logprobs', 'top_logprobs'];

/** "By default, Ollama uses a context window size of 4096 tokens" (docs/faq.mdx l.25). */
const OLLAMA_DEFAULT_NUM_CTX = 4096;

/** The fake's token estimate: about 4 characters a token. */
const estimateTokens = (text: string) => Math.ceil(text.length / 4);

function ollamaPromptTokens(json: unknown): number {
  if (!isRecord(json) || !Array.isArray(json.messages)) return 0;
  return estimateTokens(json.messages.map((m) => (isRecord(m) && typeof m.content === 'string' ? m.content : '')).join('\n'));
}

/** Tokens of the prompt the model read (its window less one when the prompt was cut): Ollama's prompt_eval_count. */
const ollamaPromptEval = new WeakMap<FakeExchange, number>();

/**
 * Origins Ollama lets call it from a browser: OLLAMA_ORIGINS, then http(s)://localhost, 127.0.0.1 and
 * 0.0.0.0 with any port, then app://, file://, tauri://, vscode-webview://, vscode-file:// (envconfig/config.go
 * l.85-105; "allows cross-origin requests from 127.0.0.1 and 0.0.0.0 by default", docs/faq.mdx l.222).
 */
function ollamaOriginAllowed(origin: string, extra: readonly string[]): boolean {
  const patterns = [...extra];
  for (const host of ['localhost', '127.0.0.1', '0.0.0.0']) patterns.push(`http://${host}`, `https://${host}`, `http://${host}:*`, `https://${host}:*`);
  patterns.push('app://*', 'file://*', 'tauri://*', 'vscode-webview://*', 'vscode-file://*');
  // gin-contrib/cors with AllowWildcard (server/routes.go l.1842-1872): one `*` matches any run of characters.
  return patterns.some((pattern) => {
    const escaped = pattern.trim().replace(/[.+?^${}()|[\]\\]/g, '\\$&').replace(/\*/g, '.*');
    return new RegExp(`^${escaped}$`).test(origin);
  });
}

function ollamaErrorBody(message: string): unknown {
  return { error: message };
}

function ollamaError(res: ServerResponse, status: number, message: string, retryAfter?: string): void {
  sendJson(res, status, ollamaErrorBody(message), retryAfter ? { 'Retry-After': retryAfter } : {});
}

function checkOllamaBody(json: unknown, problems: string[]): void {
  if (!isRecord(json)) {
    problems.push('invalid JSON body');
    return;
  }
  unknownKeys(json, OLLAMA_CHAT_FIELDS, 'request', problems);
  if (typeof json.model !== 'string' || json.model === '') problems.push('model is required');
  if (json.options !== undefined) {
    if (!isRecord(json.options)) problems.push('options must be an object');
    else if (json.options.num_ctx !== undefined && (!Number.isInteger(json.options.num_ctx) || Number(json.options.num_ctx) <= 0)) problems.push('options.num_ctx must be a positive integer');
  }
  if (!Array.isArray(json.messages)) problems.push('messages must be an array');
  else {
    json.messages.forEach((message, i) => {
      if (!isRecord(message)) problems.push(`messages[${i}] must be an object`);
      else {
        if (!['system', 'user', 'assistant', 'tool'].includes(String(message.role))) problems.push(`messages[${i}].role is invalid`);
        if (typeof message.content !== 'string') problems.push(`messages[${i}].content must be a string`);
      }
    });
  }
  if (json.stream !== undefined && typeof json.stream !== 'boolean') problems.push('stream must be a boolean');
  if (json.format !== undefined && json.format !== 'json') checkJsonSchema(json.format, 'format', problems);
}

const ndjson = (body: unknown) => `${JSON.stringify(body)}\n`;

function ollamaProtocol(): Protocol {
  const now = () => new Date().toISOString();
  return {
    kind: 'ollama',
    basePath: '',
    async check({ exchange }, res, options) {
      // CORS (gin-contrib/cors, server/routes.go l.1842-1872): an allowed Origin is echoed in
      // Access-Control-Allow-Origin; any other Origin is answered 403 with no CORS header, which a
      // browser reports as a network error. Requests without Origin (server to server) pass.
      const origin = exchange.headers.origin;
      if (origin !== undefined) {
        if (!ollamaOriginAllowed(origin, options.ollamaOrigins ?? [])) {
          res.writeHead(403).end();
          exchange.problems.push(`origin ${origin} is not allowed (OLLAMA_ORIGINS)`);
          return true;
        }
        res.setHeader('Access-Control-Allow-Origin', origin);
        res.setHeader('Vary', 'Origin');
        if (exchange.method === 'OPTIONS') {
          res.writeHead(204, { 'Access-Control-Allow-Methods': 'GET,POST,PUT,PATCH,DELETE,HEAD,OPTIONS', 'Access-Control-Allow-Headers': 'Authorization,Content-Type,User-Agent,Accept,X-Requested-With', 'Access-Control-Max-Age': '43200' }).end();
          return true;
        }
      }
      // GET /api/tags: "List models that are available locally" (docs/api.md l.1380-1436); names carry their tag.
      if (exchange.path === '/api/tags' && (exchange.method === 'GET' || exchange.method === 'HEAD')) {
        const name = options.model === undefined ? 'llama3.2:latest' : options.model.includes(':') ? options.model : `${options.model}:latest`;
        sendJson(res, 200, { models: [{ name, model: name, modified_at: '2026-08-21T00:00:00Z', size: 2019393189, digest: 'a80c4f17acd5', details: { format: 'gguf', family: 'llama' } }] });
        return true;
      }
      if (exchange.path !== '/api/chat') {
        res.writeHead(404, { 'Content-Type': 'text/plain' }).end('404 page not found');
        exchange.problems.push(`unknown path ${exchange.path}`);
        return true;
      }
      if (exchange.method !== 'POST') exchange.problems.push(`method must be POST (was ${exchange.method})`);
      checkOllamaBody(exchange.json, exchange.problems);
      // Context: num_ctx from options, else the server default (4096). A longer prompt is cut, keeping its
      // start and end ("truncating input prompt", llm/llama_server.go l.305-318), or, without context shift,
      // refused with 400 (l.295-299). Checked after the body: a malformed request is a 400 first.
      if (exchange.problems.length === 0 && isRecord(exchange.json)) {
        const opts = isRecord(exchange.json.options) ? exchange.json.options : {};
        const numCtx = typeof opts.num_ctx === 'number' ? opts.num_ctx : (options.ollamaDefaultNumCtx ?? OLLAMA_DEFAULT_NUM_CTX);
        const tokens = ollamaPromptTokens(exchange.json);
        ollamaPromptEval.set(exchange, tokens);
        if (tokens > numCtx - 1) {
          if (options.ollamaContextShift === false) {
            ollamaError(res, 400, 'the prompt is longer than the context length currently available to the model; shorten the prompt, adjust the context length in settings, or use a model with a longer context length');
            return true;
          }
          exchange.contextTruncated = true;
          ollamaPromptEval.set(exchange, numCtx - 1);
        }
      }
      // Ollama streams unless told otherwise.
      exchange.streamed = !(isRecord(exchange.json) && exchange.json.stream === false);
      const model = isRecord(exchange.json) ? exchange.json.model : undefined;
      if (options.model !== undefined && typeof model === 'string' && model !== options.model) {
        ollamaError(res, 404, `model "${model}" not found, try pulling it first`);
        return true;
      }
      return false;
    },
    async answer(exchange, res, answer, delayMs) {
      const model = isRecord(exchange.json) && typeof exchange.json.model === 'string' ? exchange.json.model : 'model';
      const line = (content: string, done: boolean) => ({
        model,
        created_at: now(),
        message: { role: 'assistant', content },
        ...(done ? { done_reason: 'stop', done: true, total_duration: 1_000_000, prompt_eval_count: ollamaPromptEval.get(exchange) ?? 0, eval_count: 12 } : { done: false }),
      });
      switch (answer.kind) {
        case 'raw':
          res.writeHead(answer.status, answer.headers ?? {}).end(answer.body);
          return;
        case 'error': {
          const message = answer.message ?? `fake error ${answer.status}`;
          if (answer.bodyBytes === undefined) ollamaError(res, answer.status, message, answer.retryAfter);
          else await sendPaddedJson(res, exchange, answer.status, ollamaErrorBody, message, answer.retryAfter ? { 'Retry-After': answer.retryAfter } : {}, answer.bodyBytes);
          return;
        }
        case 'huge':
          await sendHuge(res, exchange, answer, {
            contentType: 'application/json; charset=utf-8',
            streamContentType: 'application/x-ndjson',
            whole: (content) => line(content, true),
            event: (content) => ndjson(line(content, false)),
            ending: [ndjson(line('', true))],
          });
          return;
        case 'hang':
          return;
        case 'endless':
          if (!exchange.streamed) return;
          res.writeHead(200, { 'Content-Type': 'application/x-ndjson' });
          await writeForever(res, () => ndjson(line(answer.chunk ?? 'tick ', false)), delayMs);
          return;
        case 'streamError':
        case 'text': {
          if (!exchange.streamed) {
            if (answer.kind === 'streamError') ollamaError(res, 500, answer.message);
            else sendJson(res, 200, line(answer.text, true));
            return;
          }
          res.writeHead(200, { 'Content-Type': 'application/x-ndjson' });
          const chunks = answer.kind === 'text' ? (answer.chunks ?? splitIntoChunks(answer.text)) : answer.chunks;
          const lines = chunks.map((chunk) => ndjson(line(chunk, false)));
          lines.push(answer.kind === 'text' ? ndjson(line('', true)) : ndjson({ error: answer.message }));
          if (await writeSlowly(res, lines, delayMs)) res.end();
        }
      }
    },
    badRequest(res, problems) {
      ollamaError(res, 400, problems.join('; '));
    },
  };
}

// ---------------------------------------------------------------------------
// Start functions

/** A fake Gemini API. Configure the client with `baseUrl` and `options.apiKey`. */
export function startFakeGemini(options: FakeProviderOptions = {}): Promise<FakeProviderServer> {
  return startFake(geminiProtocol(), options);
}

/** A fake OpenAI-compatible server (chat completions and audio transcriptions). `baseUrl` ends in /v1. `flavour`: the host imitated. */
export function startFakeOpenAI(options: FakeOpenAIOptions = {}): Promise<FakeProviderServer> {
  return startFake(openaiProtocol(options.flavour), options);
}

/** A fake Ollama server (native /api/chat). */
export function startFakeOllama(options: FakeProviderOptions = {}): Promise<FakeProviderServer> {
  return startFake(ollamaProtocol(), options);
}

/** Starts the fake for a provider by name, e.g. for a gateway test parameterised over providers. */
export function startFakeProvider(kind: FakeProviderKind, options: FakeProviderOptions = {}): Promise<FakeProviderServer> {
  if (kind === 'gemini') return startFakeGemini(options);
  if (kind === 'openai') return startFakeOpenAI(options);
  return startFakeOllama(options);
}
