import type { Hono } from 'hono';
import type { TranscriptionProvider } from '../src/providers/types';

/*
 * GET /capabilities: what an app needs to know before it sends anything.
 * Today one thing: the audio types this gateway's transcriber takes, when it
 * takes only some (Gemini, whisper.cpp), so the app converts other
 * recordings to WAV before upload. The Node gateway also writes this into
 * the index.html it serves (appConfig.ts); an app built for a separate
 * gateway (Supabase, Deno Deploy) has no such page and asks here instead.
 *
 * It names formats, never the provider or its model (that is the operator's
 * business, logged at start), needs no key (it costs nothing and says
 * nothing about anyone; an app on Supabase sends one, which Supabase's own
 * JWT check wants, and it is ignored here), and a browser may keep it for
 * five minutes.
 */

export const CAPABILITIES_PATH = '/capabilities';

/** The answer's shape, shared with the app's reader (src/features/transcription/serviceFormats.ts). */
export interface GatewayCapabilities {
  /** null: the transcriber takes whatever browsers record, or there is none (the gateway answers with a sample). */
  transcription: { accepts: string[] | null };
}

export function gatewayCapabilities(transcription: TranscriptionProvider | null): GatewayCapabilities {
  const accepts = transcription?.accepts;
  return { transcription: { accepts: accepts && accepts.length > 0 ? [...accepts] : null } };
}

export function addCapabilitiesRoute(app: Hono, transcription: TranscriptionProvider | null): void {
  const answer = gatewayCapabilities(transcription);
  app.get(CAPABILITIES_PATH, (c) => c.json(answer, 200, { 'Cache-Control': 'public, max-age=300' }));
}
