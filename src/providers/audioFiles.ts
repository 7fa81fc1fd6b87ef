import { CAPABILITIES, detectSetup } from './capabilities';
import { formatBytes } from './errors';
import { ProviderError } from './types';

/*
 * Audio uploads as the transcription services want them (finding O5).
 *
 * File names: OpenAI's transcription endpoint takes "flac, mp3, mp4, mpeg, mpga,
 * m4a, ogg, wav, or webm" and "The request must include enough format metadata
 * for the file to be identified. We recommend an extension-bearing filename"
 * (openai/openai-node src/resources/audio/transcriptions.ts l.666-680, at 7b7d6ca).
 * Safari's recordings reach the gateway as `recording.audio`, so the name's
 * extension is derived from the MIME type whenever the type is known.
 *
 * Size: "the maximum request size is 25 MiB" for whisper-1
 * (https://help.openai.com/en/articles/7031512-whisper-api-faq); Groq's docs say
 * "File uploads are limited to 25 MB" (https://console.groq.com/docs/speech-to-text).
 * The cap is the *request*, and multipart adds its boundary and field headers,
 * so audio is refused 1 MiB below the documented limit, before it is
 * sent, with a message naming the limit. capabilities.ts records each setup's
 * documented limit (audio.maxBytes); TRANSCRIPTION_UPLOAD_CAPS, derived from it,
 * is what the transcribers enforce: that limit less 1 MiB for the framing.
 */

/** The extension (with its dot) each audio or video MIME type is uploaded under. */
export const AUDIO_EXTENSIONS: Readonly<Record<string, string>> = {
  'audio/webm': '.webm',
  'audio/mp4': '.m4a',
  'audio/x-m4a': '.m4a',
  'audio/m4a': '.m4a',
  'audio/aac': '.m4a',
  'audio/ogg': '.ogg',
  'audio/opus': '.ogg',
  'audio/mpeg': '.mp3',
  'audio/mp3': '.mp3',
  'audio/mpga': '.mpga',
  'audio/wav': '.wav',
  'audio/wave': '.wav',
  'audio/x-wav': '.wav',
  'audio/vnd.wave': '.wav',
  'audio/flac': '.flac',
  'audio/x-flac': '.flac',
  'video/mp4': '.mp4',
  'video/webm': '.webm',
  'video/mpeg': '.mpeg',
  'video/ogg': '.ogg',
};

/** The file name to upload `audio` under: the given name's stem with the extension of the blob's MIME type. */
export function audioFileName(fileName: string, mimeType: string): string {
  const essence = mimeType.split(';')[0]?.trim().toLowerCase() ?? '';
  const extension = AUDIO_EXTENSIONS[essence];
  const base = fileName.trim() || 'audio';
  if (!extension) return base; // Unknown type: the client's name is the best information there is.
  const dot = base.lastIndexOf('.');
  const stem = dot > 0 ? base.slice(0, dot) : base;
  return `${stem}${extension}`;
}

export type TranscriptionHost = 'openai' | 'groq' | 'whispercpp' | 'other';

const MiB = 1024 * 1024;

/** Room left below a documented request limit for the multipart boundary and field headers. */
export const MULTIPART_HEADROOM_BYTES = 1 * MiB;

/** The most audio bytes to send for a documented limit: that limit less the framing headroom. */
function capBelow(setup: 'openai' | 'groq', limitLabel: string): { maxAudioBytes?: number; limitLabel?: string } {
  const documented = CAPABILITIES[setup].audio?.maxBytes;
  return documented === undefined ? {} : { maxAudioBytes: documented - MULTIPART_HEADROOM_BYTES, limitLabel };
}

/**
 * The most audio bytes sent to each transcription host, derived from the
 * documented limits in capabilities.ts (audio.maxBytes) so each stays under
 * its provider's limit. whisper.cpp and other self-hosted servers document no
 * limit; the gateway's own upload cap applies.
 */
export const TRANSCRIPTION_UPLOAD_CAPS: Readonly<Record<TranscriptionHost, { maxAudioBytes?: number; limitLabel?: string }>> = {
  openai: capBelow('openai', 'OpenAI accepts requests up to 25 MiB'),
  groq: capBelow('groq', 'Groq accepts files up to 25 MB'),
  whispercpp: {},
  other: {},
};

/** Which transcription host a base URL points at, for its upload cap (capabilities.ts' detectSetup decides). */
export function transcriptionHost(baseUrl: string): TranscriptionHost {
  const setup = detectSetup(baseUrl);
  return setup === 'openai' || setup === 'groq' ? setup : 'other';
}

/** Throws a 413 ProviderError when `audio` is over the host's cap; the message names the limit. */
export function checkAudioSize(audio: Blob, host: TranscriptionHost): void {
  const { maxAudioBytes, limitLabel } = TRANSCRIPTION_UPLOAD_CAPS[host];
  if (maxAudioBytes === undefined || audio.size <= maxAudioBytes) return;
  throw new ProviderError(
    `The recording is too large to transcribe (${(audio.size / MiB).toFixed(1)} MB; at most ${formatBytes(maxAudioBytes)}, as ${limitLabel ?? 'the service limits uploads'} including the upload's framing). Record a shorter part or split the file.`,
    413,
  );
}
