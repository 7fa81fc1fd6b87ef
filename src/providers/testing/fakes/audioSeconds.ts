/*
 * How long the audio a fake received is, so it can bill it as the real
 * service does (Gemini: 32 tokens a second; OpenAI's whisper-1: the seconds).
 * The fakes' own reading, apart from the gateway's (server/audioLength.ts),
 * so a mistake there is not repeated here: a canonical 44-byte WAV header, as
 * the tests and the app's wavEncoder write it (bytes per second at offset 28,
 * samples from offset 44). Other audio is taken at 16,000 bytes (128 kbit/s) a second.
 */

const CANONICAL_WAV_HEADER = 44;

export function fakeAudioSeconds(bytes: Uint8Array): number {
  const text = (from: number) => String.fromCharCode(...bytes.subarray(from, from + 4));
  if (bytes.length >= CANONICAL_WAV_HEADER && text(0) === 'RIFF' && text(8) === 'WAVE' && text(36) === 'data') {
    const bytesPerSecond = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength).getUint32(28, true);
    if (bytesPerSecond > 0) return (bytes.length - CANONICAL_WAV_HEADER) / bytesPerSecond;
  }
  return bytes.length / 16_000;
}
