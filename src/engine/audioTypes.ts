/*
 * Other names of the same audio formats, mapped to the names the providers'
 * documented lists use (Gemini's generateContent audio list: audio/wav,
 * audio/mp3, audio/aiff, audio/aac, audio/ogg, audio/flac). Read by the
 * Gemini transcriber and by the app when it decides whether a recording must
 * be converted first, through audioTypeOf. No imports: it sits in the tool
 * page's code.
 */
export const AUDIO_TYPE_ALIASES: Readonly<Record<string, string>> = {
  'audio/mpeg': 'audio/mp3',
  'audio/mpeg3': 'audio/mp3',
  'audio/x-mp3': 'audio/mp3',
  'audio/x-mpeg': 'audio/mp3',
  'audio/x-wav': 'audio/wav',
  'audio/wave': 'audio/wav',
  'audio/vnd.wave': 'audio/wav',
  'audio/x-aiff': 'audio/aiff',
  'audio/x-flac': 'audio/flac',
  'audio/x-aac': 'audio/aac',
  'audio/aacp': 'audio/aac',
  'audio/vorbis': 'audio/ogg',
  'application/ogg': 'audio/ogg',
};

/** The type a file's extension names, when the Blob carries none (a file picked from disk, say). */
const EXTENSION_TYPES: Readonly<Record<string, string>> = {
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
 * The audio's base MIME type ("audio/ogg;codecs=opus" -> "audio/ogg"), other
 * names of a documented format mapped to it ("audio/mpeg" -> "audio/mp3"),
 * else what the file name's extension says; '' when neither says.
 */
export function audioTypeOf(audio: Blob, fileName: string): string {
  const declared = audio.type.split(';')[0]?.trim().toLowerCase() ?? '';
  if (declared) return AUDIO_TYPE_ALIASES[declared] ?? declared;
  const extension = /\.([a-z0-9]+)$/i.exec(fileName.trim())?.[1]?.toLowerCase() ?? '';
  return EXTENSION_TYPES[extension] ?? '';
}
