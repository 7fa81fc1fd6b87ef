import type { Context, Hono, MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import type { TranscriptionProvider } from '../src/providers/types';
import { audioSeconds } from './audioLength';
import type { ChargedTokens } from './callCharge';
import type { GatewayLimits } from './config';
import type { LogOptions } from './gatewayLog';
import { CLOSE, errorJson, failureJson, postOnly, SAMPLE_HEADER, tooLarge } from './replies';
import { createSlots } from './slots';
import { spokenLanguage } from './spokenLanguage';
import { transcriptionCharge, transcriptionReservation } from './transcriptionCharge';
import { upstreamCall } from './upstreamCall';

/*
 * POST /speechtotext/speechtotext/transcribe-audio/: multipart `file` -> {text}
 * (spec 7.2), with or without the trailing slash.
 */

const SAMPLE_TRANSCRIPT =
  'This is a sample transcript: the StudyForge gateway has no transcription service configured. Set TRANSCRIBE_BASE_URL (or an OpenAI or Gemini key) to transcribe audio.';
const NOT_MULTIPART = 'Send the audio as multipart/form-data with a "file" field.';

export interface TranscriptionRouteOptions {
  transcription: TranscriptionProvider | null;
  limits: GatewayLimits;
  /** The overall cap on a call to the provider. */
  maxCallMs: number;
  log: LogOptions;
  /** What every AI call goes through first, in this order: its meter, the site check, the key and the rate limit. */
  metered: MiddlewareHandler;
  sameSite: MiddlewareHandler;
  guard: MiddlewareHandler;
  /** Reserves a call's estimate in the budgets (or answers their refusal); a transcription is counted as a text call is. */
  reserveFor: ReserveFor;
}

/** Reserves `estimate` tokens for the call, or answers the refusal; what it returns charges what the call cost. */
export type ReserveFor = (c: Context, estimate: number) => Promise<((tokens: ChargedTokens) => Promise<void>) | Response>;

export function addTranscriptionRoutes(app: Hono, options: TranscriptionRouteOptions): void {
  const { transcription, limits, maxCallMs, log, reserveFor } = options;
  /*
   * Audio uploads are read whole (multipart), so at most maxAudioUploads are
   * taken in at once. The next ones wait their turn without being read: their
   * bytes stay in the network's buffers, not in this process. Past a queue of
   * four per slot, or after 30 s of waiting, the caller is told to retry.
   */
  const audioSlots = createSlots(limits.maxAudioUploads, limits.maxAudioUploads * 4, 30_000);
  const audioSlot: MiddlewareHandler = async (c, next) => {
    if (!/^multipart\/form-data\s*;/i.test(c.req.header('content-type') ?? '')) return errorJson(c, 415, NOT_MULTIPART, CLOSE);
    const release = await audioSlots.acquire(c.req.raw.signal);
    if (!release) {
      return errorJson(c, 503, 'The gateway is busy with other recordings. Please try again in a few seconds.', { 'Retry-After': '5', ...CLOSE });
    }
    try {
      await next();
    } finally {
      release();
    }
    return undefined;
  };

  for (const path of ['/speechtotext/speechtotext/transcribe-audio/', '/speechtotext/speechtotext/transcribe-audio']) {
    app.post(path, options.metered, options.sameSite, options.guard, audioSlot, bodyLimit({ maxSize: limits.maxAudioBytes, onError: tooLarge('audio file', limits.maxAudioBytes) }), async (c) => {
      let file: unknown;
      let language: string | undefined;
      try {
        const form = await c.req.formData();
        file = form.get('file');
        language = spokenLanguage(form.get('language'));
      } catch {
        return errorJson(c, 400, NOT_MULTIPART);
      }
      if (!(file instanceof Blob) || file.size === 0) return errorJson(c, 400, NOT_MULTIPART);
      if (!transcription) return c.json({ text: SAMPLE_TRANSCRIPT }, 200, { [SAMPLE_HEADER]: 'true' });
      // Reserved from the recording's length, settled from what the service reports (transcriptionCharge.ts).
      const seconds = await audioSeconds(file);
      const settle = await reserveFor(c, transcriptionReservation(seconds));
      if (settle instanceof Response) return settle;
      const charge = transcriptionCharge(seconds, settle);
      const fileName = file instanceof File && file.name ? file.name.slice(0, 200) : 'audio.webm';
      // The upload to the provider is activity this gateway cannot see: only the overall cap applies.
      const call = upstreamCall(c.req.raw, { idleMs: maxCallMs, maxMs: maxCallMs });
      let transcript = '';
      try {
        transcript = await transcription.transcribe({ audio: file, fileName, signal: call.signal, ...(language ? { language } : {}), onUsage: charge.onUsage });
        return c.json({ text: transcript });
      } catch (error) {
        if (!call.signal.aborted) await charge.settle('failed', '');
        return failureJson(c, error, call, log);
      } finally {
        call.finish();
        await charge.settle(call.signal.aborted ? 'cut' : 'complete', transcript);
      }
    });
    postOnly(app, path);
  }
}
