import { encodeWav, wavByteLength } from './wavEncoder';

/*
 * The browser step of sending recordings in a format the transcription
 * service takes (G7): decode what the browser recorded or the user
 * chose (webm, mp4, a video's sound track...) with Web Audio, mix it to one
 * channel at 16 kHz (what Whisper and Gemini work at, and 32 KB a second as
 * 16-bit WAV), and encode it as WAV. Loaded only when a recording needs it.
 */

export const TRANSCODE_SAMPLE_RATE = 16_000;

export type TranscodeProblem = 'tooLong' | 'unreadable';

/** The audio could not be converted; nothing should be sent. */
export class TranscodeError extends Error {
  override name = 'TranscodeError';
  constructor(readonly problem: TranscodeProblem) {
    super(problem === 'tooLong' ? 'The audio is too long to send as WAV.' : 'The audio could not be decoded.');
  }
}

type OfflineContextConstructor = new (channels: number, length: number, sampleRate: number) => BaseAudioContext;
type ContextConstructor = new (options?: AudioContextOptions) => AudioContext;

function webAudio(): { offline?: OfflineContextConstructor; online?: ContextConstructor } | null {
  const scope = globalThis as unknown as Record<string, unknown>;
  const offline = (scope.OfflineAudioContext ?? scope.webkitOfflineAudioContext) as OfflineContextConstructor | undefined;
  const online = (scope.AudioContext ?? scope.webkitAudioContext) as ContextConstructor | undefined;
  if (!offline && !online) return null;
  return { ...(offline ? { offline } : {}), ...(online ? { online } : {}) };
}

/** Whether this browser can convert audio (Web Audio exists). */
export function canTranscode(): boolean {
  return webAudio() !== null;
}

/** The channels averaged into one. */
export function mixToMono(channels: readonly Float32Array[]): Float32Array {
  const [first] = channels;
  if (!first) return new Float32Array(0);
  if (channels.length === 1) return first;
  const mono = new Float32Array(first.length);
  for (const channel of channels) for (let i = 0; i < mono.length; i += 1) mono[i] = (mono[i] ?? 0) + (channel[i] ?? 0) / channels.length;
  return mono;
}

/** Linear resampling: only used when a browser decoded at another rate than asked. */
export function resampleLinear(samples: Float32Array, fromRate: number, toRate: number): Float32Array {
  if (fromRate === toRate || samples.length === 0) return samples;
  const length = Math.max(1, Math.round((samples.length * toRate) / fromRate));
  const out = new Float32Array(length);
  const step = fromRate / toRate;
  for (let i = 0; i < length; i += 1) {
    const position = i * step;
    const index = Math.floor(position);
    const next = Math.min(index + 1, samples.length - 1);
    const fraction = position - index;
    out[i] = (samples[Math.min(index, samples.length - 1)] ?? 0) * (1 - fraction) + (samples[next] ?? 0) * fraction;
  }
  return out;
}

function decode(context: BaseAudioContext, bytes: ArrayBuffer): Promise<AudioBuffer> {
  return new Promise((resolve, reject) => {
    // Callbacks as well as the promise: older Safari has only the callbacks.
    const promise = context.decodeAudioData(bytes, resolve, (error) => reject(error ?? new Error('decodeAudioData failed')));
    (promise as Promise<AudioBuffer> | undefined)?.then(resolve, reject);
  });
}

async function decodeAt16k(audio: Blob): Promise<AudioBuffer> {
  const audioApi = webAudio();
  if (!audioApi) throw new TranscodeError('unreadable');
  const bytes = await audio.arrayBuffer();
  // An offline context decodes without a sound device, resampling to its own rate.
  if (audioApi.offline) return decode(new audioApi.offline(1, 1, TRANSCODE_SAMPLE_RATE), bytes);
  const context = new audioApi.online!({ sampleRate: TRANSCODE_SAMPLE_RATE });
  try {
    return await decode(context, bytes);
  } finally {
    void context.close().catch(() => undefined);
  }
}

/**
 * `audio` as a 16 kHz mono 16-bit WAV Blob; null where the browser has no Web
 * Audio (the caller sends the audio as it is). Throws a TranscodeError when the
 * audio cannot be decoded or its WAV would be larger than `maxBytes`.
 */
export async function transcodeToWav(audio: Blob, maxBytes: number): Promise<Blob | null> {
  if (!canTranscode()) return null;
  // The length is known only once decoded: an audio element could read it from the metadata, but the app's
  // Content-Security-Policy (media-src 'self') refuses blob: media, and webm recordings often say Infinity.
  // Decoding at 16 kHz keeps the decoded copy small (64 KB a second per channel).
  let decoded: AudioBuffer;
  try {
    decoded = await decodeAt16k(audio);
  } catch (error) {
    if (error instanceof TranscodeError) throw error;
    throw new TranscodeError('unreadable');
  }
  const expectedLength = Math.round((decoded.length * TRANSCODE_SAMPLE_RATE) / decoded.sampleRate);
  if (wavByteLength(expectedLength) > maxBytes) throw new TranscodeError('tooLong');
  const channels = Array.from({ length: decoded.numberOfChannels }, (_, i) => decoded.getChannelData(i));
  const samples = resampleLinear(mixToMono(channels), decoded.sampleRate, TRANSCODE_SAMPLE_RATE);
  return encodeWav(samples, TRANSCODE_SAMPLE_RATE);
}
