/*
 * Recordings for tests: a canonical WAV (44-byte header) of silence, 8 kHz
 * 8-bit mono, so 8,000 bytes a second; `chunks` are extra RIFF chunks (LIST,
 * fact...) written between `fmt ` and `data`, as some recorders do; `dataSize`
 * overrides the size the `data` header declares (a streaming writer's 0 or 0xFFFFFFFF).
 */

export const WAV_BYTES_PER_SECOND = 8000;

export function wavRecording(seconds: number, options: { chunks?: { id: string; bytes: number }[]; dataSize?: number } = {}): Blob {
  const dataBytes = Math.round(seconds * WAV_BYTES_PER_SECOND);
  const extra = (options.chunks ?? []).map(({ id, bytes }) => {
    const chunk = new DataView(new ArrayBuffer(8 + bytes + (bytes % 2)));
    ascii(chunk, 0, id);
    chunk.setUint32(4, bytes, true);
    return chunk.buffer;
  });
  const extraBytes = extra.reduce((sum, chunk) => sum + chunk.byteLength, 0);
  const format = new DataView(new ArrayBuffer(36));
  ascii(format, 0, 'RIFF');
  format.setUint32(4, 36 + extraBytes + dataBytes, true);
  ascii(format, 8, 'WAVE');
  ascii(format, 12, 'fmt ');
  format.setUint32(16, 16, true);
  format.setUint16(20, 1, true); // PCM
  format.setUint16(22, 1, true); // mono
  format.setUint32(24, WAV_BYTES_PER_SECOND, true); // samples a second
  format.setUint32(28, WAV_BYTES_PER_SECOND, true); // bytes a second
  format.setUint16(32, 1, true); // bytes a frame
  format.setUint16(34, 8, true); // bits a sample
  const data = new DataView(new ArrayBuffer(8));
  ascii(data, 0, 'data');
  data.setUint32(4, options.dataSize ?? dataBytes, true);
  return new Blob([format.buffer, ...extra, data.buffer, new Uint8Array(dataBytes).fill(128)], { type: 'audio/wav' });
}

function ascii(view: DataView, at: number, text: string): void {
  [...text].forEach((char, i) => view.setUint8(at + i, char.charCodeAt(0)));
}
