import { describe, expect, it } from 'vitest';
import { wavRecording } from '../src/providers/testing/wavFile';
import { ASSUMED_BYTES_PER_SECOND, audioSeconds } from './audioLength';

/*
 * A recording's length, for the budgets' estimate where a transcription
 * service reports nothing: exact for WAV whatever chunks it carries, bounded
 * by the upload's real size whatever its header claims, else from the size.
 */

describe('how long a recording is', () => {
  it('reads a WAV exactly, with or without chunks before its samples', async () => {
    expect(await audioSeconds(wavRecording(12))).toBe(12);
    expect(await audioSeconds(wavRecording(12, { chunks: [{ id: 'LIST', bytes: 27 }, { id: 'fact', bytes: 4 }] }))).toBe(12);
  });

  it('reads a streaming writer’s unknown data size (0 or 0xFFFFFFFF) as "to the end of the file"', async () => {
    expect(await audioSeconds(wavRecording(7, { dataSize: 0 }))).toBe(7);
    expect(await audioSeconds(wavRecording(7, { dataSize: 0xffffffff }))).toBe(7);
  });

  it('never believes a header over the bytes uploaded: a 2-second file claiming hours counts 2 seconds', async () => {
    expect(await audioSeconds(wavRecording(2, { dataSize: 0xfffffff0 }))).toBe(2);
  });

  it('estimates other containers (webm, mp4, a WAV whose chunks run past its header) from their size', async () => {
    const webm = new Blob([new Uint8Array(160_000).fill(7)], { type: 'audio/webm' });
    expect(await audioSeconds(webm)).toBe(160_000 / ASSUMED_BYTES_PER_SECOND);
    const longChunk = wavRecording(3, { chunks: [{ id: 'junk', bytes: 10_000 }] });
    expect(await audioSeconds(longChunk)).toBe(longChunk.size / ASSUMED_BYTES_PER_SECOND);
  });
});
