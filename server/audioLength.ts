/*
 * How long an uploaded recording is, for the budgets' estimate of a
 * transcription no service reported a count for (transcriptionCharge.ts).
 *
 * WAV says it exactly: its `fmt ` chunk gives the bytes per second and its
 * `data` chunk the samples (RIFF, as the app's wavEncoder writes it and as
 * whisper.cpp and Gemini take it). Only the first HEADER_BYTES are read, and
 * the chunk walk stops there: an upload cannot make this read more. A `data`
 * size a streaming writer left at 0 or 0xFFFFFFFF is read as "to the end of
 * the file". Anything else (webm, mp4, ogg: their length is deep in the
 * container) is estimated from its size at ASSUMED_BYTES_PER_SECOND.
 */

const HEADER_BYTES = 4096;

/** 128 kbit/s, a common recorder default for Opus and AAC: a compressed recording's length from its size. */
export const ASSUMED_BYTES_PER_SECOND = 16_000;

const tag = (view: DataView, at: number): string => String.fromCharCode(view.getUint8(at), view.getUint8(at + 1), view.getUint8(at + 2), view.getUint8(at + 3));

/** Seconds of audio in a WAV whose first bytes (and whole size) these are; undefined when it is not a readable WAV. */
export function wavSeconds(header: Uint8Array, totalBytes: number): number | undefined {
  const view = new DataView(header.buffer, header.byteOffset, header.byteLength);
  if (header.byteLength < 12 || tag(view, 0) !== 'RIFF' || tag(view, 8) !== 'WAVE') return undefined;
  let bytesPerSecond: number | undefined;
  for (let at = 12; at + 8 <= header.byteLength; ) {
    const id = tag(view, at);
    const size = view.getUint32(at + 4, true);
    if (id === 'fmt ' && at + 16 <= header.byteLength) bytesPerSecond = view.getUint32(at + 16, true);
    if (id === 'data') {
      if (!bytesPerSecond) return undefined;
      const toTheEnd = Math.max(0, totalBytes - (at + 8));
      const dataBytes = size === 0 || size === 0xffffffff ? toTheEnd : Math.min(size, toTheEnd);
      return dataBytes / bytesPerSecond;
    }
    // Chunks are padded to an even length.
    at += 8 + size + (size % 2);
  }
  return undefined;
}

/** The recording's length in seconds: exact for WAV, else estimated from its size. */
export async function audioSeconds(audio: Blob): Promise<number> {
  const header = new Uint8Array(await audio.slice(0, HEADER_BYTES).arrayBuffer());
  return wavSeconds(header, audio.size) ?? audio.size / ASSUMED_BYTES_PER_SECOND;
}
