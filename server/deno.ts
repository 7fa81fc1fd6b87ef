import { providersFromEnv } from '../src/engine/providers/fromEnvironment';
import { createGateway } from './app';
import { socketAddress } from './clientAddress';
import { gatewaySettingsFromEnv, limitSaltWarning, type GatewaySettings } from './config';
import { createDenoKvLimitStore, openDenoKv, type DenoKv } from './limitStore/denoKv';
import { createMemoryLimitStore } from './limitStore/memory';
import type { LimitStore } from './limitStore/types';

/*
 * The gateway under Deno (and Deno-based hosts): the same handler as on Node.
 *   deno run --allow-net --allow-env --allow-read --unstable-sloppy-imports --unstable-kv server/deno.ts
 * With STUDYFORGE_LIMIT_STORE=denokv:<file>, also --allow-write for that file (Deno.openKv on a path asks for
 * read and write access to it); plain `denokv` (Deno Deploy's KV) needs no more.
 */

declare const Deno: {
  env: { toObject(): Record<string, string> };
  serve(
    options: { port: number; hostname: string; onListen?: (address: { port: number }) => void },
    handler: (request: Request, info: { remoteAddr: { hostname: string } }) => Response | Promise<Response>,
  ): unknown;
  exit(code: number): never;
  /** Absent unless run with --unstable-kv: https://docs.deno.com/api/deno/~/Deno.openKv */
  openKv?: (path?: string) => Promise<DenoKv>;
};

/** The counters' store (STUDYFORGE_LIMIT_STORE): this process's memory, or a Deno KV every instance opens (or a Redis REST endpoint), falling back to memory while it does not answer. */
async function limitStoreFor(settings: GatewaySettings): Promise<LimitStore> {
  const memory = createMemoryLimitStore(settings.limits.maxRateClients);
  const setting = settings.limitStore;
  if (setting.kind === 'memory') return memory;
  // A shared store asked for but not used here would let each instance allow the full limit: said at start, not found out later.
  if (setting.kind === 'redis') {
    throw new Error('STUDYFORGE_LIMIT_STORE=redis://… is not supported by the Deno gateway: use denokv (Deno KV) or a Redis REST endpoint (https://…, with STUDYFORGE_LIMIT_STORE_TOKEN) here, or run the Node gateway (npm start) with Redis.');
  }
  // Redis over HTTPS needs nothing of Deno but fetch (limitStore/redisRest.ts).
  if (setting.kind === 'redis-rest') {
    const { createRedisRestLimitStore } = await import('./limitStore/redisRest');
    console.log(`[studyforge] rate limit: shared in Redis over REST at ${new URL(setting.url).host} (keys are hashes, no client addresses)`);
    return createRedisRestLimitStore({ url: setting.url, token: setting.token, salt: setting.salt, fallback: memory });
  }
  const openKv = Deno.openKv;
  if (typeof openKv !== 'function') {
    throw new Error('STUDYFORGE_LIMIT_STORE=denokv needs Deno KV: run deno with --unstable-kv (npm run gateway:deno does).');
  }
  let kv: DenoKv;
  try {
    // Another instance starting at the same moment may hold a new file's lock while it creates it.
    kv = await openDenoKv((path) => openKv(path), setting.path);
  } catch (error) {
    const why = error instanceof Error ? error.message : String(error);
    throw new Error(`could not open Deno KV${setting.path ? ` at ${setting.path}` : ''}: ${why}`);
  }
  console.log(`[studyforge] rate limit: shared in Deno KV${setting.path ? ` (${setting.path})` : ''} (keys are hashes, no client addresses)`);
  return createDenoKvLimitStore({ kv, salt: setting.salt, fallback: memory });
}

const env = Deno.env.toObject();
const providers = providersFromEnv(env);
const settings = gatewaySettingsFromEnv(env);
// Said in one line, as the Node gateway says it (node.ts), rather than as an uncaught error with its stack.
const limitStore = await limitStoreFor(settings).catch((error: unknown) => {
  console.error(`[studyforge] could not start: ${error instanceof Error ? error.message : String(error)}`);
  return Deno.exit(1);
});
const saltWarning = limitSaltWarning(settings.limitStore);
if (saltWarning) console.warn(saltWarning);
const app = createGateway({ settings, text: providers.text, transcription: providers.transcription, socketAddress, limitStore });

Deno.serve(
  {
    port: Number(env.PORT ?? 8787),
    hostname: env.HOST ?? '127.0.0.1',
    onListen: ({ port }) => console.log(`[studyforge] gateway on Deno, port ${port} (models: ${providers.description})`),
  },
  (request, info) => app.fetch(request, { remoteAddr: info.remoteAddr }),
);
