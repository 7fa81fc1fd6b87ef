import { providersFromEnv } from '../../../src/engine/providers/fromEnvironment';
import { createGateway } from '../../../server/app';
import { socketAddress } from '../../../server/clientAddress';
import { gatewaySettingsFromEnv } from '../../../server/config';

/*
 * The gateway as the seed's own Supabase Edge Function `gemini`: deploy with
 *   supabase secrets set GEMINI_API_KEY=... STUDYFORGE_PUBLIC_KEY=<anon key>
 *   supabase functions deploy gemini
 * Supabase serves it at {project}/functions/v1/gemini; the handler answers
 * both that path and /gemini.
 */

declare const Deno: {
  env: { toObject(): Record<string, string> };
  serve(handler: (request: Request, info: { remoteAddr: { hostname: string } }) => Response | Promise<Response>): unknown;
};

const env = Deno.env.toObject();
const providers = providersFromEnv(env);
const app = createGateway({ settings: gatewaySettingsFromEnv(env), text: providers.text, transcription: providers.transcription, socketAddress });

// Behind Supabase's proxies the peer is a proxy: set STUDYFORGE_TRUSTED_HOPS (README) so the limit keys on each caller.
Deno.serve((request, info) => app.fetch(request, { remoteAddr: info.remoteAddr }));
