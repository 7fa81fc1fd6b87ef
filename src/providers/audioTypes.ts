/*
 * Other names of the same audio formats, mapped to the names the providers'
 * documented lists use (Gemini's generateContent audio list: audio/wav,
 * audio/mp3, audio/aiff, audio/aac, audio/ogg, audio/flac). Read by the
 * Gemini transcriber and by the app when it decides whether a recording must
 * be converted first. No imports: it sits in the tool page's code.
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
