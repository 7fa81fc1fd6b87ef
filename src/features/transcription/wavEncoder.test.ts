import { describe, expect, it } from 'vitest';
import { encodeWav, encodeWavBytes, toPcm16, wavByteLength, WAV_HEADER_BYTES } from './wavEncoder';

/** Reads a WAV file as a conforming reader would: the chunks by their ids and sizes, then the PCM samples. */
function readWav(bytes: ArrayBuffer) {
  const view = new DataView(bytes);
  const text = (offset: number, length: number) => String.fromCharCode(...new Uint8Array(bytes, offset, length));
  expect(text(0, 4)).toBe('RIFF');
  expect(view.getUint32(4, true)).toBe(bytes.byteLength - 8);
  expect(text(8, 4)).toBe('WAVE');
  let offset = 12;
  let format: { audioFormat: number; channels: number; sampleRate: number; byteRate: number; blockAlign: number; bitsPerSample: number } | undefined;
  let samples: number[] | undefined;
  while (offset + 8 <= bytes.byteLength) {
    const id = text(offset, 4);
    const size = view.getUint32(offset + 4, true);
    const body = offset + 8;
    if (id === 'fmt ') {
      format = {
        audioFormat: view.getUint16(body, true),
        channels: view.getUint16(body + 2, true),
        sampleRate: view.getUint32(body + 4, true),
        byteRate: view.getUint32(body + 8, true),
        blockAlign: view.getUint16(body + 12, true),
        bitsPerSample: view.getUint16(body + 14, true),
      };
    } else if (id === 'data') {
      expect(body + size).toBe(bytes.byteLength);
      samples = Array.from({ length: size / 2 }, (_, i) => view.getInt16(body + i * 2, true));
    }
    offset = body + size + (size % 2);
  }
  return { format, samples };
}

describe('wavEncoder', () => {
  it('writes the canonical 44-byte header of 16-bit PCM mono', () => {
    const bytes = encodeWavBytes(new Float32Array(10), 16_000);
    expect(bytes.byteLength).toBe(WAV_HEADER_BYTES + 20);
    expect(bytes.byteLength).toBe(wavByteLength(10));
    const view = new DataView(bytes);
    const text = (offset: number) => String.fromCharCode(...new Uint8Array(bytes, offset, 4));
    expect([text(0), text(8), text(12), text(36)]).toEqual(['RIFF', 'WAVE', 'fmt ', 'data']);
    expect(view.getUint32(4, true)).toBe(36 + 20); // RIFF chunk size: the file less 8 bytes
    expect(view.getUint32(16, true)).toBe(16); // fmt chunk size
    expect(view.getUint16(20, true)).toBe(1); // PCM
    expect(view.getUint16(22, true)).toBe(1); // mono
    expect(view.getUint32(24, true)).toBe(16_000); // sample rate
    expect(view.getUint32(28, true)).toBe(32_000); // byte rate: 32 KB a second
    expect(view.getUint16(32, true)).toBe(2); // block align
    expect(view.getUint16(34, true)).toBe(16); // bits per sample
    expect(view.getUint32(40, true)).toBe(20); // data size
  });

  it('converts samples to 16-bit integers, clamping what is out of range and reading NaN as silence', () => {
    expect(toPcm16(0)).toBe(0);
    expect(toPcm16(1)).toBe(32767);
    expect(toPcm16(-1)).toBe(-32768);
    expect(toPcm16(0.5)).toBe(16384); // 16383.5 rounded
    expect(toPcm16(-0.5)).toBe(-16384);
    expect(toPcm16(1.7)).toBe(32767);
    expect(toPcm16(-3)).toBe(-32768);
    expect(toPcm16(Number.POSITIVE_INFINITY)).toBe(32767);
    expect(toPcm16(Number.NaN)).toBe(0);
  });

  it('reads back as the samples it was given, little-endian, in order', async () => {
    const input = new Float32Array([0, 0.25, -0.25, 1, -1, 2, -2, Number.NaN, 0.001]);
    const blob = encodeWav(input, 22_050);
    expect(blob.type).toBe('audio/wav');
    const { format, samples } = readWav(await blob.arrayBuffer());
    expect(format).toEqual({ audioFormat: 1, channels: 1, sampleRate: 22_050, byteRate: 44_100, blockAlign: 2, bitsPerSample: 16 });
    expect(samples).toEqual([0, 8192, -8192, 32767, -32768, 32767, -32768, 0, 33]);
    // Within one step of the original for in-range samples.
    for (const [i, value] of [0, 0.25, -0.25, 0.001].entries()) expect(Math.abs(samples![[0, 1, 2, 8][i]!]! / 32768 - value)).toBeLessThan(1 / 16384);
  });

  it('writes an empty but valid file for no samples, and refuses a sample rate that is not a positive whole number', async () => {
    const { format, samples } = readWav(await encodeWav(new Float32Array(0), 16_000).arrayBuffer());
    expect(format?.sampleRate).toBe(16_000);
    expect(samples).toEqual([]);
    expect(() => encodeWavBytes(new Float32Array(1), 0)).toThrow(RangeError);
    expect(() => encodeWavBytes(new Float32Array(1), 44_100.5)).toThrow(RangeError);
  });
});
