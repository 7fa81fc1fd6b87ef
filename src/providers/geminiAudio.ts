import { AUDIO_TYPE_ALIASES } from './audioTypes';
import { ProviderError } from './types';

/*
 * The audio Gemini takes inline for transcription ([G-audio]
 * https://ai.google.dev/gemini-api/docs/audio), and its base64 encoding.
 */

/**
 * [G-audio]: "Gemini represents each second of audio as 32 tokens". Gemini reports the tokens it billed
 * (usageMetadata); the gateway uses the same rate to estimate audio a service reports no tokens for.
 */
export const AUDIO_TOKENS_PER_SECOND = 32;

/** Base64 of a Blob, in pieces small enough for String.fromCharCode (isomorphic: no Buffer). */
export async function blobToBase64(blob: Blob): Promise<string> {
  const bytes = new Uint8Array(await blob.arrayBuffer());
  let binary = '';
  const step = 0x8000;
  for (let i = 0; i < bytes.length; i += step) {
    binary += String.fromCharCode(...bytes.subarray(i, i + step));
  }
  return btoa(binary);
}

/*
 * Audio (G7). [G-audio]: "Gemini supports the following audio format MIME
 * types: WAV audio/wav, MP3 audio/mp3, AIFF audio/aiff, AAC audio/aac, OGG
 * Vorbis audio/ogg, FLAC audio/flac". webm and mp4 (what Chrome and Safari
 * record) are listed only for the Live API
 * (https://firebase.google.com/docs/ai-logic/live-api/capabilities), not for
 * generateContent, so they are refused here with the fix named rather than
 * sent and perhaps misread.
 */
export const GEMINI_AUDIO_TYPES = ['audio/wav', 'audio/mp3', 'audio/aiff', 'audio/aac', 'audio/ogg', 'audio/flac'] as const;

const AUDIO_EXTENSIONS: Record<string, string> = {
  mp3: 'audio/mp3',
  mpeg: 'audio/mp3',
  mpga: 'audio/mp3',
  wav: 'audio/wav',
  ogg: 'audio/ogg',
  oga: 'audio/ogg',
  opus: 'audio/ogg',
  flac: 'audio/flac',
  aac: 'audio/aac',
  aif: 'audio/aiff',
  aiff: 'audio/aiff',
  webm: 'audio/webm',
  weba: 'audio/webm',
  m4a: 'audio/mp4',
  mp4: 'audio/mp4',
};

/**
 * The audio's MIME type without parameters ("audio/ogg;codecs=opus" -> "audio/ogg"), other names of the
 * documented formats mapped to Gemini's ("audio/mpeg" -> "audio/mp3"), else guessed from the file name;
 * '' when neither says.
 */
export function audioMimeType(audio: Blob, fileName: string): string {
  const declared = audio.type.split(';')[0]?.trim().toLowerCase();
  if (declared) return AUDIO_TYPE_ALIASES[declared] ?? declared;
  const extension = /\.([a-z0-9]+)$/i.exec(fileName)?.[1]?.toLowerCase() ?? '';
  return AUDIO_EXTENSIONS[extension] ?? '';
}

/** The message for audio Gemini does not document, naming both fixes. */
export const undocumentedAudioMessage = (type: string): string =>
  `Gemini does not document ${type ? `${type} audio` : 'audio of this type'}; set TRANSCRIBE_BASE_URL to a Whisper-style service, or upload WAV, MP3, OGG, FLAC, AAC or AIFF.`;

/** One of GEMINI_AUDIO_TYPES for this audio, or a ProviderError (415) naming the fix. */
export function geminiAudioType(audio: Blob, fileName: string): string {
  const type = audioMimeType(audio, fileName);
  if (!(GEMINI_AUDIO_TYPES as readonly string[]).includes(type)) throw new ProviderError(undocumentedAudioMessage(type), 415);
  return type;
}
