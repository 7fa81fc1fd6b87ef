import { providersFromEnv } from '../../../src/providers/fromEnvironment';
import { createGateway } from '../../../server/app';
import { socketAddress } from '../../../server/clientAddress';
import { gatewaySettingsFromEnv } from '../../../server/config';
import { limitStoreFor, type LimitStoreRuntime } from '../../../server/limitStore/choose';
import { createRedisRestLimitStore } from '../../../server/limitStore/redisRest';
import type { LimitStore } from '../../../server/limitStore/types';
import { withoutFunctionPrefix } from './functionPaths';

/*
 * The gateway as the seed's own Supabase Edge Function `gemini`: deploy with
 *   supabase secrets set GEMINI_API_KEY=... STUDYFORGE_PUBLIC_KEY=<anon key>
 *   supabase functions deploy gemini
 * Supabase serves it at {project}/functions/v1/gemini; the handler answers
 * both that path and /gemini.
 *
 * Supabase runs many instances of a function and starts and stops them at
 * will, so counters in one instance's memory limit nothing. For a
 * shared rate limit and budgets set a Redis REST endpoint:
 *   supabase secrets set STUDYFORGE_LIMIT_STORE=https://<db>.upstash.io STUDYFORGE_LIMIT_STORE_TOKEN=<REST token> STUDYFORGE_LIMIT_SALT=<random>
 * Redis over HTTPS is Supabase's own documented way to shared counters from
 * an Edge Function: https://supabase.com/docs/guides/functions/examples/upstash-redis
 */

declare const Deno: {
  env: { toObject(): Record<string, string> };
  serve(handler: (request: Request, info: { remoteAddr: { hostname: string } }) => Response | Promise<Response>): unknown;
};

/**
 * The counters' store (server/limitStore/choose.ts): this instance's memory, or Redis over REST. Its code is
 * imported here, not on demand, so the function's bundle holds it. redis:// and denokv are refused at start.
 */
const edgeFunctionStores: LimitStoreRuntime = {
  redis: {
    refused:
      'STUDYFORGE_LIMIT_STORE=redis://… cannot work on Supabase Edge Functions: they hold no long-lived TCP connection to Redis. Use a Redis REST endpoint (https://…, e.g. Upstash) with STUDYFORGE_LIMIT_STORE_TOKEN.',
  },
  redisRest: () => Promise.resolve({ createRedisRestLimitStore }),
  denoKv: {
    refused:
      'STUDYFORGE_LIMIT_STORE=denokv cannot work on Supabase Edge Functions: they have no Deno KV. Use a Redis REST endpoint (https://…, e.g. Upstash) with STUDYFORGE_LIMIT_STORE_TOKEN.',
  },
};

const env = Deno.env.toObject();
const providers = providersFromEnv(env);
const settings = gatewaySettingsFromEnv(env);
let limitStore: LimitStore;
try {
  limitStore = await limitStoreFor(settings, edgeFunctionStores);
} catch (error) {
  // One line saying why, as the Node and Deno gateways say it, then the function fails to start (the boot error Supabase shows).
  console.error(`[studyforge] could not start: ${error instanceof Error ? error.message : String(error)}`);
  throw error;
}
const app = createGateway({ settings, text: providers.text, transcription: providers.transcription, socketAddress, limitStore });

// Behind Supabase's proxies the peer is a proxy: set STUDYFORGE_TRUSTED_HOPS (docs/district.md) so the limit keys on each caller.
Deno.serve((request, info) => app.fetch(withoutFunctionPrefix(request), { remoteAddr: info.remoteAddr }));
