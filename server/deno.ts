import { providersFromEnv } from '../src/providers/fromEnvironment';
import { createGateway } from './app';
import { socketAddress } from './clientAddress';
import { gatewaySettingsFromEnv } from './config';
import { limitStoreFor } from './limitStore/choose';
import type { DenoKv } from './limitStore/denoKv';
import { denoLimitStores } from './limitStore/runtimeStores';

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

const env = Deno.env.toObject();
const providers = providersFromEnv(env);
const settings = gatewaySettingsFromEnv(env);
// Said in one line, as the Node gateway says it (node.ts), rather than as an uncaught error with its stack.
const limitStore = await limitStoreFor(settings, denoLimitStores(Deno.openKv)).catch((error: unknown) => {
  console.error(`[studyforge] could not start: ${error instanceof Error ? error.message : String(error)}`);
  return Deno.exit(1);
});
const app = createGateway({ settings, text: providers.text, transcription: providers.transcription, socketAddress, limitStore });

Deno.serve(
  {
    port: Number(env.PORT ?? 8787),
    hostname: env.HOST ?? '127.0.0.1',
    onListen: ({ port }) => console.log(`[studyforge] gateway on Deno, port ${port} (models: ${providers.description})`),
  },
  (request, info) => app.fetch(request, { remoteAddr: info.remoteAddr }),
);
