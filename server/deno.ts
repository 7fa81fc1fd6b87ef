import { providersFromEnv } from '../src/engine/providers/fromEnvironment';
import { createGateway } from './app';
import { socketAddress } from './clientAddress';
import { gatewaySettingsFromEnv } from './config';

/*
 * The gateway under Deno (and Deno-based hosts): the same handler as on Node.
 *   deno run --allow-net --allow-env --allow-read --unstable-sloppy-imports server/deno.ts
 */

declare const Deno: {
  env: { toObject(): Record<string, string> };
  serve(
    options: { port: number; hostname: string; onListen?: (address: { port: number }) => void },
    handler: (request: Request, info: { remoteAddr: { hostname: string } }) => Response | Promise<Response>,
  ): unknown;
};

const env = Deno.env.toObject();
const providers = providersFromEnv(env);
const settings = gatewaySettingsFromEnv(env);
// A shared store asked for but not used here would let each instance allow the full limit: said at start, not found out later.
if (settings.limitStore.kind !== 'memory') {
  throw new Error('STUDYFORGE_LIMIT_STORE is not supported by the Deno gateway yet: unset it (each instance then counts on its own), or run the Node gateway (npm start) with Redis.');
}
const app = createGateway({ settings, text: providers.text, transcription: providers.transcription, socketAddress });

Deno.serve(
  {
    port: Number(env.PORT ?? 8787),
    hostname: env.HOST ?? '127.0.0.1',
    onListen: ({ port }) => console.log(`[studyforge] gateway on Deno, port ${port} (models: ${providers.description})`),
  },
  (request, info) => app.fetch(request, { remoteAddr: info.remoteAddr }),
);
