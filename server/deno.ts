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
const app = createGateway({ settings: gatewaySettingsFromEnv(env), text: providers.text, transcription: providers.transcription, socketAddress });

Deno.serve(
  {
    port: Number(env.PORT ?? 8787),
    hostname: env.HOST ?? '127.0.0.1',
    onListen: ({ port }) => console.log(`[studyforge] gateway on Deno, port ${port} (models: ${providers.description})`),
  },
  (request, info) => app.fetch(request, { remoteAddr: info.remoteAddr }),
);
