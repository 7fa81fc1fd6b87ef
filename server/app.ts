import { Hono, type Context } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { cors } from 'hono/cors';
import { sampleFromSchema, SampleTooLargeError } from '../src/kernel/backend/sampleFromSchema';
import { STREAM_CONTENT_TYPE } from '../src/kernel/backend/streamProtocol';
import type { ContractSchema } from '../src/kernel/contractSchema';
import { ProviderError, type TextProvider, type TranscriptionProvider } from '../src/providers/types';
import { createBudgets, type BudgetRefusal } from './budgets';
import { callCharge, reservationFor, type CallCharge } from './callCharge';
import { addCapabilitiesRoute } from './capabilitiesRoute';
import { callerKey } from './clientAddress';
import type { GatewaySettings } from './config';
import { parseGenerateRequest } from './contractRequest';
import { createMemoryLimitStore } from './limitStore/memory';
import type { LimitStore } from './limitStore/types';
import { createMetrics, outcomeOfStatus, type CallLabels, type GatewayMetrics, type Outcome, type Route } from './metrics';
import { crossSiteGuard } from './middleware/crossSite';
import { metricsEndpoint } from './middleware/metricsEndpoint';
import { securityHeaders } from './middleware/securityHeaders';
import { errorJson, failureJson, postOnly, SAMPLE_HEADER, tooLarge } from './replies';
import { addTranscriptionRoutes, type ReserveFor } from './transcriptionRoute';
import { failure, streamResponse, upstreamCall, type CallLimits } from './upstreamCall';

export { SAMPLE_HEADER };

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
 *
 * Every input is bounded (docs/limits.md): body bytes, the response
 * schema's size (contractRequest.ts), JSON only, audio uploads in flight,
 * time waiting on a provider, the limiter's memory, and the caller's address
 * is the one our own proxies saw, never one the caller wrote.
 */

export interface GatewayOptions {
  settings: GatewaySettings;
  text: TextProvider | null;
  transcription: TranscriptionProvider | null;
  /** The socket peer's address, for the rate limit; runtimes hand it over in their own way (clientAddress.ts). */
  socketAddress?: (c: Context) => string | undefined;
  /** Where the rate limit and the budgets count (limitStore/): this process's memory unless given, e.g. a Redis several gateways share. */
  limitStore?: LimitStore;
  /** Also meter the process itself (memory, CPU, event loop) at /metrics: for Node, where prom-client can read them. */
  processMetrics?: boolean;
}

/** One metered call: its labels, when it started, and how it ended when the gateway named that itself. */
interface Meter {
  labels: CallLabels;
  started: number;
  outcome?: Outcome;
  /** A stream: it ends after the handler has returned, and says so itself. */
  deferred: boolean;
}

const SAMPLE_TEXT =
  'This is a sample answer: the StudyForge gateway has no AI provider configured. Set GEMINI_API_KEY, OPENAI_BASE_URL or OLLAMA_URL to get real answers.';

function wantsStream(c: Context): boolean {
  return (c.req.header('accept') ?? '').includes(STREAM_CONTENT_TYPE);
}

/** The sample for a schema; the schema is within SCHEMA_LIMITS already, and sampleFromSchema keeps its own budget too. */
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

export function createGateway(options: GatewayOptions): Hono {
  const { settings, text, transcription } = options;
  const { limits, log } = settings;
  const limitStore = options.limitStore ?? createMemoryLimitStore(limits.maxRateClients);
  const budgets = createBudgets(settings.budgets, limitStore);
  const metrics: GatewayMetrics = createMetrics({ processMetrics: options.processMetrics ?? false });
  const meters = new WeakMap<Context, Meter>();
  const callLimits: CallLimits = { idleMs: limits.upstreamTimeoutMs, maxMs: limits.upstreamMaxMs };
  const app = new Hono();

  app.use('*', securityHeaders);
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

  const clientOf = (c: Context): string =>
    callerKey(c.req.header('x-forwarded-for'), options.socketAddress?.(c), settings.trustedHops);

  const now = () => performance.now();
  const finish = (meter: Meter, outcome: Outcome) => metrics.request(meter.labels, outcome, (now() - meter.started) / 1000);

  /** Meters every call to an AI route, whatever answers it (the key check, the limit, a budget, the provider). */
  const metered = (route: Route, provider: string) => async (c: Context, next: () => Promise<void>) => {
    const meter: Meter = { labels: { route, tool: 'unknown', provider }, started: now(), deferred: false };
    meters.set(c, meter);
    await next();
    if (!meter.deferred) finish(meter, meter.outcome ?? outcomeOfStatus(c.res.status));
  };
  const meterOf = (c: Context): Meter | undefined => meters.get(c);
  const named = (c: Context, outcome: Outcome) => {
    const meter = meterOf(c);
    if (meter) meter.outcome = outcome;
  };

  /**
   * The budgets' refusal (sample answers cost nothing, so they are never refused).
   * Forged headers change nothing here: the client is the address our own proxies saw (clientOf), and
   * tokens are counted from the provider's answer, never from anything the caller sent.
   */
  const refused = (c: Context, verdict: BudgetRefusal): Response => {
    named(c, verdict.reason);
    return errorJson(c, verdict.status, verdict.message, { 'Retry-After': String(verdict.retryAfterSeconds) });
  };

  /** Reserves `estimate` tokens for an AI call, or answers the refusal; what it returns charges the call's cost, budgets and metrics alike. */
  const reserveFor: ReserveFor = async (c, estimate) => {
    const reservation = await budgets.reserve(clientOf(c), estimate);
    if (!reservation.allowed) return refused(c, reservation);
    return ({ input, output, source }) => {
      const meter = meterOf(c);
      if (meter) metrics.tokens(meter.labels, input, output, source);
      return reservation.settle(input + output);
    };
  };

  /** A text call's charge (callCharge.ts): reserved in the budgets before the provider is called, then settled and metered alike. */
  const chargeFor = async (c: Context, prompt: string): Promise<CallCharge | Response> => {
    const settle = await reserveFor(c, reservationFor(prompt));
    return settle instanceof Response ? settle : callCharge(prompt, settle);
  };

  /** A streamed answer's end, for its meter (the handler returned long before). */
  const streamEnd = (c: Context) => {
    const meter = meterOf(c);
    if (!meter) return undefined;
    meter.deferred = true;
    return (status: number) => finish(meter, outcomeOfStatus(status));
  };

  /** Bearer key, then rate limit: the checks every call goes through. */
  const guard = async (c: Context, next: () => Promise<void>) => {
    if (settings.publicKey !== '' && c.req.header('authorization') !== `Bearer ${settings.publicKey}`) {
      return errorJson(c, 401, 'Missing or wrong API key: send the public client key as "Authorization: Bearer <key>".');
    }
    const decision = await limitStore.consume(clientOf(c), limits.rateWindowMs, limits.rateLimit);
    if (!decision.allowed) {
      named(c, 'rate_limited');
      return errorJson(c, 429, `Too many requests. Please wait ${decision.retryAfterSeconds} seconds and try again.`, {
        'Retry-After': String(decision.retryAfterSeconds),
      });
    }
    await next();
    return undefined;
  };

  // Says only that the gateway is up: which provider and model it uses is the operator's business (logged at start).
  app.get('/healthz', (c) => c.json({ ok: true }));
  // The audio types its transcriber takes, for an app this gateway did not serve (capabilitiesRoute.ts).
  addCapabilitiesRoute(app, transcription);

  app.get('/metrics', metricsEndpoint({ metricsKey: settings.metricsKey, metrics, limitStore, clientOf }));
  // Before the key and the rate limit: a page on another site can neither spend the quota nor a visitor's allowance.
  const sameSite = crossSiteGuard(settings.allowedOrigins);

  for (const path of ['/functions/v1/gemini', '/gemini']) {
    app.post(path, metered('text', text?.name ?? 'sample'), sameSite, guard, bodyLimit({ maxSize: limits.maxTextBytes, onError: tooLarge('request', limits.maxTextBytes) }), async (c) => {
      const request = parseGenerateRequest(c.req.header('content-type'), await c.req.text());
      if (!request.ok) return errorJson(c, request.status, request.error);
      const { contents: prompt, config, tool } = request.body;
      const meter = meterOf(c);
      if (meter) meter.labels.tool = metrics.toolLabel(tool);
      const schema = config?.responseSchema;
      const sampleHeaders: Record<string, string> = text ? {} : { [SAMPLE_HEADER]: 'true' };

      if (!text) {
        let sample: string;
        try {
          sample = sampleAnswer(schema);
        } catch (error) {
          if (error instanceof SampleTooLargeError) return errorJson(c, 400, `Invalid request: ${error.message}`);
          throw error;
        }
        if (wantsStream(c)) return streamResponse(() => sampleStream(sample), c.req.raw, callLimits, sampleHeaders, log, streamEnd(c));
        return c.json({ text: sample }, 200, sampleHeaders);
      }

      const reserved = await chargeFor(c, prompt);
      if (reserved instanceof Response) return reserved;
      const tokens: CallCharge = reserved;
      if (wantsStream(c)) {
        const model = text;
        async function* counted(signal: AbortSignal): AsyncIterable<string> {
          try {
            for await (const delta of model.stream({ prompt, schema, signal, onUsage: tokens.onUsage })) {
              tokens.answered(delta);
              yield delta;
            }
          } catch (error) {
            if (!signal.aborted) await tokens.settle('failed');
            throw error;
          } finally {
            await tokens.settle(signal.aborted ? 'cut' : 'complete');
          }
        }
        return streamResponse(counted, c.req.raw, callLimits, {}, log, streamEnd(c));
      }
      const call = upstreamCall(c.req.raw, callLimits);
      try {
        const answer = await text.generate({ prompt, schema, signal: call.signal, onUsage: tokens.onUsage });
        tokens.answered(answer);
        if (answer.trim() === '') throw new ProviderError('The AI provider returned an empty answer.', 502);
        return c.json({ text: answer });
      } catch (error) {
        if (!call.signal.aborted) await tokens.settle('failed');
        return failureJson(c, error, call, log);
      } finally {
        call.finish();
        await tokens.settle(call.signal.aborted ? 'cut' : 'complete');
      }
    });
    postOnly(app, path);
  }

  const transcriptionMeter = metered('transcription', transcription?.name ?? 'sample');
  addTranscriptionRoutes(app, { transcription, limits, maxCallMs: callLimits.maxMs, log, metered: transcriptionMeter, sameSite, guard, reserveFor });

  app.notFound((c) => errorJson(c, 404, `No such endpoint: ${c.req.method} ${new URL(c.req.url).pathname.slice(0, 200)}`));
  app.onError((error, c) => {
    failure(error, false, false, log);
    return errorJson(c, 500, 'The gateway could not complete the request.');
  });
  return app;
}
