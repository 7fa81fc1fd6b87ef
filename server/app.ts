import { Hono, type Context } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { cors } from 'hono/cors';
import { z } from 'zod';
import { sampleFromSchema } from '../src/engine/backend/sampleFromSchema';
import { encodeStreamEvent, STREAM_CONTENT_TYPE, type StreamEvent } from '../src/engine/backend/streamProtocol';
import type { ContractSchema } from '../src/engine/contractSchema';
import { ProviderError, type TextProvider, type TranscriptionProvider } from '../src/engine/providers/types';
import type { GatewaySettings } from './config';
import { createRateLimiter } from './rateLimit';

/*
 * The gateway: the seed's two backend contracts (spec 7) as one web-standard
 * fetch handler, so the same code runs on Node, Deno, Supabase Edge
 * Functions and other edge runtimes.
 *
 *   POST /functions/v1/gemini                          {contents, config?} -> {text}
 *   POST /speechtotext/speechtotext/transcribe-audio/  multipart `file`    -> {text}
 *
 * Failures answer a non-OK status with {error}. A caller that sends
 * `Accept: text/event-stream` gets the answer streamed (streamProtocol.ts).
 */

export interface GatewayOptions {
  settings: GatewaySettings;
  text: TextProvider | null;
  transcription: TranscriptionProvider | null;
  /** The caller's address, for the rate limit; runtimes pass it in their own way. */
  clientAddress?: (c: Context) => string | undefined;
}

const contractTypes = ['STRING', 'NUMBER', 'INTEGER', 'BOOLEAN', 'ARRAY', 'OBJECT'] as const;

const contractSchemaShape: z.ZodType<ContractSchema> = z.lazy(() =>
  z.looseObject({
    type: z.enum(contractTypes),
    description: z.string().optional(),
    enum: z.array(z.string()).optional(),
    properties: z.record(z.string(), contractSchemaShape).optional(),
    required: z.array(z.string()).optional(),
    items: contractSchemaShape.optional(),
    minItems: z.number().int().nonnegative().optional(),
    maxItems: z.number().int().nonnegative().optional(),
    minimum: z.number().optional(),
    maximum: z.number().optional(),
  }),
);

const generateBody = z.object({
  contents: z.string({ error: 'contents must be the prompt text (a string).' }).refine((s) => s.trim() !== '', 'contents must not be blank.'),
  config: z
    .object({
      responseMimeType: z.string().optional(),
      responseSchema: contractSchemaShape.optional(),
    })
    .optional(),
});

export const SAMPLE_HEADER = 'X-StudyForge-Sample';
const SAMPLE_TEXT =
  'This is a sample answer: the StudyForge gateway has no AI provider configured. Set GEMINI_API_KEY, OPENAI_BASE_URL or OLLAMA_URL to get real answers.';
const SAMPLE_TRANSCRIPT =
  'This is a sample transcript: the StudyForge gateway has no transcription service configured. Set TRANSCRIBE_BASE_URL (or an OpenAI or Gemini key) to transcribe audio.';

function errorJson(c: Context, status: number, error: string, headers: Record<string, string> = {}) {
  for (const [name, value] of Object.entries(headers)) c.header(name, value);
  return c.json({ error }, status as 400);
}

function wantsStream(c: Context): boolean {
  return (c.req.header('accept') ?? '').includes(STREAM_CONTENT_TYPE);
}

/** The caller's abort, the upstream timeout and a stream's cancel, as one signal. */
function upstreamSignal(request: Request, timeoutMs: number, extra?: AbortSignal) {
  const timeout = AbortSignal.timeout(timeoutMs);
  const signals = [request.signal, timeout, ...(extra ? [extra] : [])];
  return { signal: AbortSignal.any(signals), timedOut: () => timeout.aborted };
}

/** 499: the caller closed the request (nginx's code); nobody reads the answer. */
const CALLER_GONE = 499;

function failure(error: unknown, timedOut: boolean, callerGone = false): { status: number; message: string; retryAfter?: number } {
  if (callerGone && !timedOut) return { status: CALLER_GONE, message: 'The caller closed the request.' };
  if (timedOut) return { status: 504, message: 'The AI provider took too long to answer. Please try again.' };
  if (error instanceof ProviderError) return { status: error.status, message: error.message, retryAfter: error.retryAfterSeconds };
  console.error('[gateway] unexpected failure', error);
  return { status: 500, message: 'The gateway could not complete the request.' };
}

function sampleAnswer(schema: ContractSchema | undefined): string {
  return schema ? JSON.stringify(sampleFromSchema(schema)) : SAMPLE_TEXT;
}

/** Streams the sample in a few pieces, so streaming clients see it arrive as they would a model's answer. */
async function* sampleStream(text: string): AsyncIterable<string> {
  const size = Math.ceil(text.length / 4);
  for (let i = 0; i < text.length; i += size) {
    await new Promise((resolve) => setTimeout(resolve, 60));
    yield text.slice(i, i + size);
  }
}

function streamResponse(
  deltas: (signal: AbortSignal) => AsyncIterable<string>,
  request: Request,
  timeoutMs: number,
  headers: Record<string, string>,
): Response {
  const cancelled = new AbortController();
  const { signal, timedOut } = upstreamSignal(request, timeoutMs, cancelled.signal);
  const encoder = new TextEncoder();
  const body = new ReadableStream<Uint8Array>({
    async start(controller) {
      const send = (event: StreamEvent) => controller.enqueue(encoder.encode(encodeStreamEvent(event)));
      let text = '';
      try {
        for await (const delta of deltas(signal)) {
          text += delta;
          send({ event: 'delta', data: { text: delta } });
        }
        if (text.trim() === '') throw new ProviderError('The AI provider returned an empty answer.', 502);
        send({ event: 'done', data: { text } });
      } catch (error) {
        if (signal.aborted && !timedOut()) return; // The caller left: nobody to tell.
        send({ event: 'error', data: { error: failure(error, timedOut()).message } });
      }
      controller.close();
    },
    cancel() {
      cancelled.abort();
    },
  });
  return new Response(body, {
    headers: { 'Content-Type': `${STREAM_CONTENT_TYPE}; charset=utf-8`, 'Cache-Control': 'no-cache', ...headers },
  });
}

export function createGateway(options: GatewayOptions): Hono {
  const { settings, text, transcription } = options;
  const { limits } = settings;
  const limitText = createRateLimiter(limits.rateLimit, limits.rateWindowMs);
  const app = new Hono();

  app.use(
    '*',
    cors({
      origin: (origin) => (settings.allowedOrigins.includes(origin) ? origin : null),
      allowMethods: ['POST', 'GET', 'OPTIONS'],
      allowHeaders: ['Authorization', 'Content-Type', 'Accept'],
      exposeHeaders: [SAMPLE_HEADER, 'Retry-After'],
      maxAge: 600,
    }),
  );

  const clientOf = (c: Context): string => {
    const forwarded = settings.trustProxy ? c.req.header('x-forwarded-for')?.split(',')[0]?.trim() : undefined;
    return forwarded || options.clientAddress?.(c) || 'unknown';
  };

  /** Bearer key, then rate limit: the checks every call goes through. */
  const guard = async (c: Context, next: () => Promise<void>) => {
    if (settings.publicKey !== '' && c.req.header('authorization') !== `Bearer ${settings.publicKey}`) {
      return errorJson(c, 401, 'Missing or wrong API key: send the public client key as "Authorization: Bearer <key>".');
    }
    const decision = limitText(clientOf(c));
    if (!decision.allowed) {
      return errorJson(c, 429, `Too many requests. Please wait ${decision.retryAfterSeconds} seconds and try again.`, {
        'Retry-After': String(decision.retryAfterSeconds),
      });
    }
    await next();
    return undefined;
  };

  const tooLarge = (what: string, bytes: number) => (c: Context) =>
    errorJson(c, 413, `The ${what} is too large: the limit is ${Math.round(bytes / 1024)} KB.`);

  app.get('/healthz', (c) =>
    c.json({ ok: true, provider: text ? `${text.name} (${text.model})` : 'samples', transcription: transcription?.name ?? 'samples' }),
  );

  for (const path of ['/functions/v1/gemini', '/gemini']) {
    app.post(path, guard, bodyLimit({ maxSize: limits.maxTextBytes, onError: tooLarge('request', limits.maxTextBytes) }), async (c) => {
      let raw: unknown;
      try {
        raw = await c.req.json();
      } catch {
        return errorJson(c, 400, 'The request body must be JSON: {"contents": "<prompt>", "config": {...}}.');
      }
      const parsed = generateBody.safeParse(raw);
      if (!parsed.success) {
        const issue = parsed.error.issues[0];
        return errorJson(c, 400, `Invalid request: ${issue?.path.join('.') || 'body'}: ${issue?.message ?? 'not valid'}`);
      }
      const { contents: prompt, config } = parsed.data;
      const schema = config?.responseSchema;
      const sampleHeaders: Record<string, string> = text ? {} : { [SAMPLE_HEADER]: 'true' };

      if (wantsStream(c)) {
        const deltas = text
          ? (signal: AbortSignal) => text.stream({ prompt, schema, signal })
          : () => sampleStream(sampleAnswer(schema));
        return streamResponse(deltas, c.req.raw, limits.upstreamTimeoutMs, sampleHeaders);
      }

      if (!text) return c.json({ text: sampleAnswer(schema) }, 200, sampleHeaders);
      const { signal, timedOut } = upstreamSignal(c.req.raw, limits.upstreamTimeoutMs);
      try {
        const answer = await text.generate({ prompt, schema, signal });
        if (answer.trim() === '') throw new ProviderError('The AI provider returned an empty answer.', 502);
        return c.json({ text: answer });
      } catch (error) {
        const { status, message, retryAfter } = failure(error, timedOut(), c.req.raw.signal.aborted);
        return errorJson(c, status, message, retryAfter ? { 'Retry-After': String(retryAfter) } : {});
      }
    });
  }

  for (const path of ['/speechtotext/speechtotext/transcribe-audio/', '/speechtotext/speechtotext/transcribe-audio']) {
    app.post(path, guard, bodyLimit({ maxSize: limits.maxAudioBytes, onError: tooLarge('audio file', limits.maxAudioBytes) }), async (c) => {
      let file: unknown;
      try {
        file = (await c.req.formData()).get('file');
      } catch {
        return errorJson(c, 400, 'Send the audio as multipart/form-data with a "file" field.');
      }
      if (!(file instanceof Blob) || file.size === 0) return errorJson(c, 400, 'Send the audio as multipart/form-data with a "file" field.');
      if (!transcription) return c.json({ text: SAMPLE_TRANSCRIPT }, 200, { [SAMPLE_HEADER]: 'true' });
      const fileName = file instanceof File && file.name ? file.name : 'audio.webm';
      const { signal, timedOut } = upstreamSignal(c.req.raw, limits.upstreamTimeoutMs);
      try {
        return c.json({ text: await transcription.transcribe({ audio: file, fileName, signal }) });
      } catch (error) {
        const { status, message, retryAfter } = failure(error, timedOut(), c.req.raw.signal.aborted);
        return errorJson(c, status, message, retryAfter ? { 'Retry-After': String(retryAfter) } : {});
      }
    });
  }

  app.notFound((c) => errorJson(c, 404, `No such endpoint: ${c.req.method} ${new URL(c.req.url).pathname}`));
  app.onError((error, c) => {
    console.error('[gateway] unhandled error', error);
    return errorJson(c, 500, 'The gateway could not complete the request.');
  });
  return app;
}
