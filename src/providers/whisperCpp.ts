import { z } from 'zod';
import { audioFileName, checkAudioSize } from './audioFiles';
import { emptyAnswer, unreadableAnswer } from './errors';
import { answerCap, defaultFetch, joinUrl, readJson, send, type FetchLike, type Upstream } from './transport';
import type { TranscriptionProvider } from './types';

/*
 * whisper.cpp's own HTTP server (ggml-org/whisper.cpp examples/server/README.md,
 * at 233fe1f, 2026-08-22):
 * - POST {base}/inference, multipart: `-F file="@<file-path>" -F temperature="0.0"
 *   ... -F response_format="json"` (README l.75-85); the answer for json is
 *   {"text": "..."} (examples/server/server.cpp l.1166);
 * - errors are {"error": "..."} with status 400/500 (server.cpp l.831-885);
 * - "WAV Files are passed to the inference model" (README l.3); other formats are
 *   converted only when the server runs with `--convert`, which "requires ffmpeg
 *   on the server" (README l.52). The recording is sent as it is: a browser
 *   recording (webm, mp4) needs a server started with --convert, otherwise it
 *   answers 400 "failed to read audio data" (server.cpp l.878-884).
 * - the spoken language: the server decodes as English unless told otherwise
 *   (`-l en` is its default, server.cpp l.113) and takes a per-request
 *   `language` field (l.558-561). Every request names one: the language the
 *   user chose, when the app sent it, else `auto`, so a French lecture is not
 *   transcribed as if it were English.
 * - usage: none is reported ({"text"} alone), so onUsage is never told; the gateway
 *   counts the recording's length (WAV, exact) at 32 tokens a second, as "estimated"
 *   (server/transcriptionCharge.ts says why a free local service is counted at all).
 * No key: whisper.cpp's server has no authentication; it runs on the school's machine.
 */

export interface WhisperCppOptions {
  /** The server's address, e.g. http://127.0.0.1:8080 (without /inference). */
  baseUrl: string;
  fetch?: FetchLike;
  /** The most bytes a transcript's answer may have; DEFAULT_MAX_ANSWER_BYTES when not given. */
  maxAnswerBytes?: number;
}

const Inference = z.object({ text: z.string() });

/**
 * The languages whisper.cpp knows, by the codes it takes (Whisper's 99 languages and Cantonese, its g_lang
 * table in src/whisper.cpp): a language outside it is one the model cannot be told to decode, so the server
 * is left to detect it instead.
 */
const WHISPER_LANGUAGES = new Set(
  ('en zh de es ru ko fr ja pt tr pl ca nl ar sv it id hi fi vi he uk el ms cs ro da hu ta no th ur hr bg lt la mi ml cy sk te fa lv bn sr az sl ' +
    'kn et mk br eu is hy ne mn bs kk sq sw gl mr pa si km sn yo so af oc ka be tg sd gu am yi lo uz fo ht ps tk nn mt sa lb my bo tl mg as tt ' +
    'haw ln ha ba jw su yue').split(' '),
);
/** Other names of languages whisper.cpp knows: Filipino is Tagalog there. */
const WHISPER_ALIASES: Readonly<Record<string, string>> = { fil: 'tl' };

/** The `language` field for a requested code: a language whisper.cpp knows, else `auto` (detect it). */
export function whisperLanguage(requested: string | undefined): string {
  const code = requested?.trim().toLowerCase() ?? '';
  const known = WHISPER_ALIASES[code] ?? code;
  return WHISPER_LANGUAGES.has(known) ? known : 'auto';
}

export function createWhisperCppTranscriber(options: WhisperCppOptions): TranscriptionProvider {
  const upstream: Upstream = { fetch: options.fetch ?? defaultFetch, secrets: [], maxAnswerBytes: answerCap(options.maxAnswerBytes) };
  const url = joinUrl(options.baseUrl, 'inference');
  return {
    name: 'whispercpp',
    // [WCPP]: WAV only, unless the server was started with --convert (which needs ffmpeg).
    accepts: ['audio/wav'],
    async transcribe(request) {
      checkAudioSize(request.audio, 'whispercpp');
      const form = new FormData();
      form.append('file', request.audio, audioFileName(request.fileName, request.audio.type));
      // As the README's example: deterministic decoding, JSON answer.
      form.append('temperature', '0.0');
      form.append('response_format', 'json');
      form.append('language', whisperLanguage(request.language));
      const response = await send(upstream, url, { method: 'POST', body: form, signal: request.signal });
      const parsed = Inference.safeParse(await readJson(response, request.signal, upstream.maxAnswerBytes));
      if (!parsed.success) throw unreadableAnswer();
      const text = parsed.data.text.trim();
      if (!text) throw emptyAnswer();
      return text;
    },
  };
}
