import type { Context, Handler } from 'hono';
import type { LimitStore } from '../limitStore/types';
import type { GatewayMetrics } from '../metrics';

/*
 * GET /metrics, for the operator's monitoring only: off without
 * STUDYFORGE_METRICS_KEY, and behind that key (never the public one).
 *
 * Guessing the key is slowed per client: each client may try
 * METRICS_ATTEMPTS_PER_MINUTE times a minute, counted in the gateway's limit
 * store (so across instances sharing one), and is answered 429 with
 * Retry-After past that. Every attempt counts, the right key's too: were only
 * wrong ones counted, a client past the limit would still learn a right guess
 * from its 200, and the limit would slow no one. A scraper asks a few times a
 * minute (Prometheus's default is once), far below it; one on another address
 * than a guesser is never slowed by the guesser.
 */

export const METRICS_ATTEMPTS_PER_MINUTE = 30;
const WINDOW_MS = 60_000;

export interface MetricsEndpointOptions {
  metricsKey: string;
  metrics: GatewayMetrics;
  limitStore: LimitStore;
  /** The caller, as the rate limit knows it (the address our own proxies saw). */
  clientOf: (c: Context) => string;
}

/** Compares a presented key with the real one without stopping at the first difference. */
function sameKey(presented: string, expected: string): boolean {
  let difference = presented.length ^ expected.length;
  for (let i = 0; i < expected.length; i += 1) difference |= (presented.charCodeAt(i) || 0) ^ expected.charCodeAt(i);
  return difference === 0;
}

export function metricsEndpoint({ metricsKey, metrics, limitStore, clientOf }: MetricsEndpointOptions): Handler {
  return async (c) => {
    if (metricsKey === '') return c.json({ error: 'No such endpoint: GET /metrics' }, 404);
    // Its own counter, apart from the AI routes' rate limit: reading metrics spends none of a client's calls.
    const attempt = await limitStore.consume(`metrics-key:${clientOf(c)}`, WINDOW_MS, METRICS_ATTEMPTS_PER_MINUTE);
    if (!attempt.allowed) {
      return c.json({ error: `Too many attempts at the metrics key. Please wait ${attempt.retryAfterSeconds} seconds and try again.` }, 429, {
        'Retry-After': String(attempt.retryAfterSeconds),
      });
    }
    if (!sameKey(c.req.header('authorization') ?? '', `Bearer ${metricsKey}`)) {
      return c.json({ error: 'Missing or wrong metrics key: send STUDYFORGE_METRICS_KEY as "Authorization: Bearer <key>".' }, 401, { 'WWW-Authenticate': 'Bearer' });
    }
    const { body, contentType } = await metrics.exposition();
    return c.body(body, 200, { 'Content-Type': contentType, 'Cache-Control': 'no-store' });
  };
}
