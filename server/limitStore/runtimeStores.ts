import type { LimitStoreRuntime } from './choose';
import type { DenoKv } from './denoKv';

/*
 * The shared stores the Node and the Deno gateway can run (choose.ts), each
 * loaded only once chosen. The Supabase function says its own in
 * supabase/functions/gemini/index.ts.
 */

/** `npm start`: Redis over TCP (ioredis) or over REST; no Deno KV. */
export const nodeLimitStores: LimitStoreRuntime = {
  redis: () => import('./redis'),
  redisRest: () => import('./redisRest'),
  denoKv: {
    refused:
      "STUDYFORGE_LIMIT_STORE=denokv is for the Deno gateway (npm run gateway:deno): Node has no Deno KV. Use a Redis address (redis://host:6379) or a Redis REST endpoint (https://…) here, or leave it blank for this process's memory.",
  },
};

/**
 * `npm run gateway:deno`: Deno KV (given Deno.openKv, which is there only with --unstable-kv) or Redis over
 * REST, which needs nothing of Deno but fetch; no Redis over TCP.
 */
export function denoLimitStores(openKv: ((path?: string) => Promise<DenoKv>) | undefined): LimitStoreRuntime {
  return {
    redis: {
      refused:
        'STUDYFORGE_LIMIT_STORE=redis://… is not supported by the Deno gateway: use denokv (Deno KV) or a Redis REST endpoint (https://…, with STUDYFORGE_LIMIT_STORE_TOKEN) here, or run the Node gateway (npm start) with Redis.',
    },
    redisRest: () => import('./redisRest'),
    denoKv: openKv
      ? async () => {
          const { createDenoKvLimitStore, openDenoKv } = await import('./denoKv');
          // Another instance starting at the same moment may hold a new file's lock while it creates it.
          return { createDenoKvLimitStore, openKv: (path) => openDenoKv(openKv, path) };
        }
      : { refused: 'STUDYFORGE_LIMIT_STORE=denokv needs Deno KV: run deno with --unstable-kv (npm run gateway:deno does).' },
  };
}
