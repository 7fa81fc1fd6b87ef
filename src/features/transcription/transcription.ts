import { AUDIO_TYPE_ALIASES, WIDELY_ACCEPTED_AUDIO_TYPES, WIDELY_ACCEPTED_FORMAT_NAMES } from '../../providers/audioTypes';
import { messages, UserFacingError } from '../../kernel/messages';
import { askAcceptedFormats } from './serviceFormats';

/*
 * The seed's transcription contract, spec 7.2:
 *   POST {transcribe-host}/speechtotext/speechtotext/transcribe-audio/
 *   multipart form with a `file` field, Accept: application/json -> {text}
 */

export interface TranscribeRequest {
  audio: Blob;
  fileName: string;
  signal?: AbortSignal;
  /** The spoken language's code when the user chose one (a `language` form field); services that detect it ignore it. */
  language?: string;
  /** What the offline sample transcriber answers with; real services ignore it. */
  sample?: string;
}

export interface Transcriber {
  kind: 'contract' | 'sample';
  transcribe(request: TranscribeRequest): Promise<string>;
}

export function transcriptionUrl(host: string): string {
  return `${host.replace(/\/+$/, '')}/speechtotext/speechtotext/transcribe-audio/`;
}

/*
 * Audio in a format the service takes (G7). Our gateway says which
 * types its transcriber takes when it takes only some (Gemini: WAV, MP3, AIFF,
 * AAC, OGG, FLAC; whisper.cpp: WAV); browsers record webm or mp4. Audio of
 * another type is converted to 16 kHz mono WAV in the browser before upload,
 * when the service takes WAV; without Web Audio it is sent as it is.
 */

/** The gateway's audio limit (STUDYFORGE_MAX_AUDIO_BYTES, 25 MiB) less 1 MiB for the multipart framing: about 13 minutes of WAV. */
export const MAX_WAV_BYTES = 24 * 1024 * 1024;


const EXTENSION_TYPES: Readonly<Record<string, string>> = {
  wav: 'audio/wav',
  mp3: 'audio/mp3',
  mpga: 'audio/mp3',
  aif: 'audio/aiff',
  aiff: 'audio/aiff',
  aac: 'audio/aac',
  ogg: 'audio/ogg',
  oga: 'audio/ogg',
  opus: 'audio/ogg',
  flac: 'audio/flac',
  webm: 'audio/webm',
  weba: 'audio/webm',
  m4a: 'audio/mp4',
  mp4: 'video/mp4',
  // Containers no service lists, which a file picker for audio and video lets through: converted to WAV first.
  mov: 'video/quicktime',
  qt: 'video/quicktime',
  mkv: 'video/x-matroska',
  '3gp': 'video/3gpp',
  avi: 'video/x-msvideo',
  wma: 'audio/x-ms-wma',
  amr: 'audio/amr',
};

/** The audio's base MIME type ("audio/webm;codecs=opus" -> "audio/webm"), aliases mapped; from the file name when the Blob has none; '' when unknown. */
export function audioBaseType(audio: Blob, fileName: string): string {
  const declared = audio.type.split(';')[0]?.trim().toLowerCase() ?? '';
  if (declared) return AUDIO_TYPE_ALIASES[declared] ?? declared;
  const extension = /\.([a-z0-9]+)$/i.exec(fileName.trim())?.[1]?.toLowerCase() ?? '';
  return EXTENSION_TYPES[extension] ?? '';
}

/**
 * Whether `audio` should be converted to WAV before it goes to a service taking `accepts`; a service naming
 * no list is taken to take the widely accepted containers (WIDELY_ACCEPTED_AUDIO_TYPES), not a .mov.
 */
export function needsWav(audio: Blob, fileName: string, accepts: readonly string[] | undefined): boolean {
  const accepted = acceptedList(accepts);
  if (!accepted.includes('audio/wav')) return false;
  const type = audioBaseType(audio, fileName);
  // Unknown: the service may still recognise it by its name.
  return type !== '' && !accepted.includes(type);
}

/** The service's list, names normalised; the widely accepted containers when it names none. */
function acceptedList(accepts: readonly string[] | undefined): string[] {
  const listed = accepts && accepts.length > 0 ? accepts : WIDELY_ACCEPTED_AUDIO_TYPES;
  return listed.map((type) => AUDIO_TYPE_ALIASES[type.trim().toLowerCase()] ?? type.trim().toLowerCase());
}

/** The file name with the .wav extension. */
export function wavFileName(fileName: string): string {
  const base = fileName.trim() || 'recording';
  const dot = base.lastIndexOf('.');
  return `${dot > 0 ? base.slice(0, dot) : base}.wav`;
}

/** "WAV, MP3 or FLAC" for the types a service takes. */
function formatList(accepts: readonly string[]): string {
  const names = [...new Set(accepts.map((type) => (type.split('/')[1] ?? type).toUpperCase()))];
  return names.length <= 1 ? (names[0] ?? 'WAV') : `${names.slice(0, -1).join(', ')} or ${names.at(-1)}`;
}

/** Converts audio to WAV of at most maxBytes; null where the browser cannot (then it is sent as it is). */
export type WavConverter = (audio: Blob, maxBytes: number) => Promise<Blob | null>;

/** The browser's Web Audio, loaded the first time a recording needs converting. */
const browserWavConverter: WavConverter = async (audio, maxBytes) => (await import('./transcode')).transcodeToWav(audio, maxBytes);

export interface ContractTranscriberOptions {
  /** The audio MIME types the service takes (our gateway's transcribeAccepts); undefined: the widely accepted ones. */
  accepts?: readonly string[];
  /** Without `accepts`, ask the service which types it takes (GET {host}/capabilities, once per page) before the first upload. */
  askFormats?: boolean;
  fetcher?: typeof fetch;
  /** Converts audio the service does not take to WAV; the browser's Web Audio unless given. */
  toWav?: WavConverter;
  /** Sent as `Authorization: Bearer`: only to our gateway (see transcriberFor). */
  publicKey?: string;
}

export interface TranscriptionSettings {
  transcribeUrl: string;
  transcribeAccepts?: readonly string[];
  transcribeKey?: string;
  /** The text backend and its public key: a transcription URL on the same origin is the same gateway. */
  backendUrl?: string;
  publicKey?: string;
}

function originOf(url: string): string | undefined {
  try {
    return new URL(url).origin;
  } catch {
    return undefined;
  }
}

/**
 * The key for the transcription call: the served gateway's (transcribeKey), or the backend's public key when
 * the transcription URL is on the backend's own origin (a Supabase function or Deno Deploy gateway built into
 * the app with VITE_STUDYFORGE_*, which asks every caller for that key); none for a service of its own.
 */
export function transcriptionKey({ transcribeUrl, transcribeKey, backendUrl, publicKey }: TranscriptionSettings): string | undefined {
  if (transcribeKey) return transcribeKey;
  const origin = originOf(transcribeUrl);
  return publicKey && backendUrl && origin !== undefined && origin === originOf(backendUrl) ? publicKey : undefined;
}

/**
 * The transcriber the settings point at. Spec 7.2 names no key for the
 * transcription call, and a transcription service of its own gets none (an
 * Authorization header would also make a cross-site call need a preflight
 * such a service may not answer). Our gateway asks every caller for its
 * public key: it goes to the gateway that served the app, and to a
 * transcription URL on the backend's own origin (transcriptionKey).
 */
export function transcriberFor(settings: TranscriptionSettings): Transcriber {
  const { transcribeUrl, transcribeAccepts } = settings;
  const transcribeKey = transcriptionKey(settings);
  if (transcribeUrl === '') return createSampleTranscriber();
  // The page names the types only when our gateway served it; an app built for a separate one asks it.
  return createContractTranscriber(transcribeUrl, {
    ...(transcribeAccepts ? { accepts: transcribeAccepts } : { askFormats: true }),
    ...(transcribeKey ? { publicKey: transcribeKey } : {}),
  });
}

/**
 * What a failed transcription tells the user: the spec's message, except when the gateway says the school's
 * AI account has run out of credit, which no retry mends and whoever runs StudyForge must hear about.
 */
async function failureMessage(response: Response): Promise<string> {
  try {
    const body = (await response.json()) as { error?: unknown } | null;
    if (body?.error === messages.outOfCredit) return messages.outOfCredit;
  } catch {
    // Not the contract's {error}: the spec's message.
  }
  return messages.transcriptionFailed;
}

export function createContractTranscriber(host: string, options: ContractTranscriberOptions = {}): Transcriber {
  const { fetcher = globalThis.fetch.bind(globalThis), toWav = browserWavConverter, publicKey } = options;
  const acceptsNow = async () => options.accepts ?? (options.askFormats ? await askAcceptedFormats(host, fetcher, publicKey) : undefined);
  const headers: Record<string, string> = { Accept: 'application/json', ...(publicKey ? { Authorization: `Bearer ${publicKey}` } : {}) };

  async function prepare(audio: Blob, fileName: string, signal: AbortSignal | undefined): Promise<{ audio: Blob; fileName: string }> {
    const accepts = await acceptsNow();
    if (!needsWav(audio, fileName, accepts)) return { audio, fileName };
    const formats = formatList(accepts && accepts.length > 0 ? accepts : WIDELY_ACCEPTED_FORMAT_NAMES);
    let wav: Blob | null;
    try {
      wav = await toWav(audio, MAX_WAV_BYTES);
    } catch (error) {
      if (signal?.aborted) throw signal.reason;
      const problem = (error as { problem?: unknown } | null)?.problem === 'tooLong' ? 'tooLong' : 'unreadable';
      // 16-bit mono at 16 kHz is 32,000 bytes a second.
      throw new UserFacingError(messages.audioNotConverted(problem, Math.floor((MAX_WAV_BYTES - 44) / 32_000 / 60), formats));
    }
    signal?.throwIfAborted();
    if (wav) return { audio: wav, fileName: wavFileName(fileName) };
    // No Web Audio: a type the service named may still be worth a try, a container no service lists is not.
    if (accepts && accepts.length > 0) return { audio, fileName };
    throw new UserFacingError(messages.audioNotConverted('unreadable', 0, formats));
  }

  return {
    kind: 'contract',
    async transcribe({ audio: original, fileName: originalName, signal, language }) {
      const { audio, fileName } = await prepare(original, originalName, signal);
      const form = new FormData();
      form.append('file', audio, fileName);
      if (language) form.append('language', language);
      let response: Response;
      try {
        response = await fetcher(transcriptionUrl(host), { method: 'POST', headers, body: form, signal });
      } catch (error) {
        if (signal?.aborted) throw error;
        throw new UserFacingError(messages.backendUnreachable(host));
      }
      if (!response.ok) throw new UserFacingError(await failureMessage(response));
      let text: unknown;
      try {
        text = ((await response.json()) as { text?: unknown } | null)?.text;
      } catch {
        throw new UserFacingError(messages.transcriptionFailed);
      }
      if (typeof text !== 'string' || text.trim() === '') throw new UserFacingError(messages.transcriptionEmpty);
      return text.trim();
    },
  };
}

const SAMPLE_TRANSCRIPT =
  'This is a sample transcript from StudyForge\u2019s offline sample backend. Connect a transcription service in Settings to transcribe your own audio.';

export function createSampleTranscriber(delayMs = 500): Transcriber {
  return {
    kind: 'sample',
    transcribe: ({ sample, signal }) =>
      new Promise((resolve, reject) => {
        const timer = setTimeout(() => resolve(sample?.trim() || SAMPLE_TRANSCRIPT), delayMs);
        signal?.addEventListener('abort', () => {
          clearTimeout(timer);
          reject(signal.reason);
        }, { once: true });
      }),
  };
}
