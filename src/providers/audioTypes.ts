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

/*
 * The containers a transcription service that names no list of its own is
 * sent as they are: OpenAI's documented upload formats, "flac, mp3, mp4, mpeg,
 * mpga, m4a, ogg, wav, or webm" (openai/openai-node
 * src/resources/audio/transcriptions.ts l.666-680, at 7b7d6ca), which Groq and
 * faster-whisper servers take too. Anything else a file picker for audio and
 * video lets through (a phone's .mov, .mkv, .3gp, .avi) is converted to WAV in
 * the browser first, or refused there, rather than refused by the service
 * after the upload.
 */
export const WIDELY_ACCEPTED_AUDIO_TYPES: readonly string[] = [
  'audio/wav', 'audio/mp3', 'audio/mpga', 'audio/mp4', 'audio/m4a', 'audio/x-m4a', 'audio/ogg', 'audio/opus',
  'audio/flac', 'audio/webm', 'video/webm', 'video/mp4', 'video/mpeg', 'video/ogg',
];

/** How those containers are named to a user choosing another file. */
export const WIDELY_ACCEPTED_FORMAT_NAMES: readonly string[] = ['audio/wav', 'audio/mp3', 'audio/m4a', 'audio/ogg', 'audio/flac', 'audio/webm'];
