import { collectDefaultMetrics, Counter, Histogram, Registry } from 'prom-client';
import { REGISTRY_TOOL_IDS } from './registryToolIds';

/*
 * Metering: per route, tool and provider, the requests and how
 * they ended, the tokens in and out, and how long they took; in Prometheus's
 * text format at /metrics (prom-client), behind its own key.
 *
 * What it never holds: prompt or answer text, and any client identifier (not
 * even a hash: no label names a client). The tool label is the body's
 * `tool` (contractClient.ts), a registry id; a request refused before its
 * body is read (key, rate limit) counts as tool "unknown"; since any caller can send any
 * value, it is kept only when it is one of the registry's ids
 * (registryToolIds.ts), anything else counting as "other": the label takes at
 * most MAX_TOOLS + 2 values, whatever callers send.
 */

export const MAX_TOOLS = REGISTRY_TOOL_IDS.size;

export type Route = 'text' | 'transcription';

/**
 * How a request ended: `ok`, or the kind of failure. `rate_limited` and
 * `budget_exhausted` are the gateway's own refusals; `provider_rate_limited`
 * is the provider's 429.
 */
export type Outcome =
  | 'ok'
  | 'bad_request'
  | 'unauthorised'
  | 'rate_limited'
  | 'budget_exhausted'
  | 'budget_unavailable'
  | 'provider_rate_limited'
  | 'provider_error'
  | 'busy'
  | 'timeout'
  | 'caller_gone'
  | 'gateway_error';

/** The outcome a status stands for, when the gateway did not name it itself. */
export function outcomeOfStatus(status: number): Outcome {
  if (status < 400) return 'ok';
  if (status === 401) return 'unauthorised';
  if (status === 429) return 'provider_rate_limited';
  if (status === 499) return 'caller_gone';
  if (status === 503) return 'busy';
  if (status === 504) return 'timeout';
  if (status === 500) return 'gateway_error';
  if (status < 500) return 'bad_request';
  return 'provider_error';
}

export interface CallLabels {
  route: Route;
  tool: string;
  provider: string;
}

export interface GatewayMetrics {
  /** The tool label for a request's `tool` (see above). */
  toolLabel(tool: string | undefined): string;
  request(labels: CallLabels, outcome: Outcome, seconds: number): void;
  tokens(labels: CallLabels, input: number, output: number, source: 'reported' | 'estimated'): void;
  /** The text format, and its content type. */
  exposition(): Promise<{ body: string; contentType: string }>;
}

export function createMetrics({ processMetrics = false }: { processMetrics?: boolean } = {}): GatewayMetrics {
  // A registry per gateway, not prom-client's global one: tests make many gateways in one process.
  const registry = new Registry();
  if (processMetrics) collectDefaultMetrics({ register: registry, prefix: 'studyforge_' });
  const requests = new Counter({
    name: 'studyforge_requests_total',
    help: 'Requests to the AI routes, by route, tool, provider and outcome (ok, or the kind of failure).',
    labelNames: ['route', 'tool', 'provider', 'outcome'] as const,
    registers: [registry],
  });
  const tokens = new Counter({
    name: 'studyforge_tokens_total',
    help: 'Provider tokens, by route, tool, provider, direction (in: prompt or audio, out: answer or transcript) and source (reported by the provider, or estimated where it reported none: 4 characters a token, audio at 32 tokens a second, and for a call cut short the whole answer allowance reserved for it).',
    labelNames: ['route', 'tool', 'provider', 'direction', 'source'] as const,
    registers: [registry],
  });
  const duration = new Histogram({
    name: 'studyforge_request_duration_seconds',
    help: 'Time from a request arriving to its answer ending (a stream: its last event), by route, tool and provider.',
    labelNames: ['route', 'tool', 'provider'] as const,
    buckets: [0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 120, 300],
    registers: [registry],
  });

  return {
    toolLabel(tool) {
      const value = (tool ?? '').trim();
      if (value === '') return 'unknown';
      return REGISTRY_TOOL_IDS.has(value) ? value : 'other';
    },
    request(labels, outcome, seconds) {
      requests.inc({ ...labels, outcome });
      duration.observe(labels, seconds);
    },
    tokens(labels, input, output, source) {
      const { route, tool, provider } = labels;
      if (input > 0) tokens.inc({ route, tool, provider, direction: 'in', source }, input);
      if (output > 0) tokens.inc({ route, tool, provider, direction: 'out', source }, output);
    },
    async exposition() {
      return { body: await registry.metrics(), contentType: registry.contentType };
    },
  };
}
