/*
 * WAV encoding for transcription services that take WAV and not what browsers
 * record (G7: whisper.cpp reads WAV; Gemini documents WAV but not
 * webm or mp4). Pure and framework-free: samples in, a RIFF/WAVE file out,
 * 16-bit little-endian PCM, one channel (the canonical 44-byte header:
 * http://soundfile.sapp.org/doc/WaveFormat/).
 */

export const WAV_HEADER_BYTES = 44;
const BYTES_PER_SAMPLE = 2;

/** The size of the WAV file encodeWav makes from `sampleCount` mono samples. */
export function wavByteLength(sampleCount: number): number {
  return WAV_HEADER_BYTES + sampleCount * BYTES_PER_SAMPLE;
}

/** One sample in [-1, 1] as a signed 16-bit integer: clamped, NaN as silence, -1 -> -32768, 1 -> 32767. */
export function toPcm16(sample: number): number {
  if (Number.isNaN(sample)) return 0;
  const clamped = Math.max(-1, Math.min(1, sample));
  return Math.round(clamped < 0 ? clamped * 0x8000 : clamped * 0x7fff);
}

/** The WAV file's bytes for mono samples in [-1, 1] at `sampleRate` Hz. */
export function encodeWavBytes(samples: Float32Array, sampleRate: number): ArrayBuffer {
  if (!Number.isInteger(sampleRate) || sampleRate <= 0) throw new RangeError(`The sample rate must be a positive whole number (was ${sampleRate}).`);
  const dataBytes = samples.length * BYTES_PER_SAMPLE;
  // RIFF sizes are unsigned 32-bit.
  if (WAV_HEADER_BYTES - 8 + dataBytes > 0xffffffff) throw new RangeError('Too many samples for one WAV file.');
  const buffer = new ArrayBuffer(WAV_HEADER_BYTES + dataBytes);
  const view = new DataView(buffer);
  const ascii = (offset: number, text: string) => {
    for (let i = 0; i < text.length; i += 1) view.setUint8(offset + i, text.charCodeAt(i));
  };
  ascii(0, 'RIFF');
  view.setUint32(4, WAV_HEADER_BYTES - 8 + dataBytes, true); // the rest of the file
  ascii(8, 'WAVE');
  ascii(12, 'fmt ');
  view.setUint32(16, 16, true); // fmt chunk size for PCM
  view.setUint16(20, 1, true); // audio format: PCM
  view.setUint16(22, 1, true); // channels: mono
  view.setUint32(24, sampleRate, true);
  view.setUint32(28, sampleRate * BYTES_PER_SAMPLE, true); // byte rate
  view.setUint16(32, BYTES_PER_SAMPLE, true); // block align
  view.setUint16(34, 8 * BYTES_PER_SAMPLE, true); // bits per sample
  ascii(36, 'data');
  view.setUint32(40, dataBytes, true);
  for (let i = 0; i < samples.length; i += 1) view.setInt16(WAV_HEADER_BYTES + i * BYTES_PER_SAMPLE, toPcm16(samples[i] ?? 0), true);
  return buffer;
}

/** A WAV Blob (audio/wav) of mono samples in [-1, 1] at `sampleRate` Hz. */
export function encodeWav(samples: Float32Array, sampleRate: number): Blob {
  return new Blob([encodeWavBytes(samples, sampleRate)], { type: 'audio/wav' });
}
