import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startFakeOpenAI, type FakeProviderServer } from './testing/fakeProviders';
import { audioFileName, checkAudioSize, TRANSCRIPTION_UPLOAD_CAPS, transcriptionHost } from './audioFiles';
import { createOpenAICompatibleTranscriber } from './openaiCompatible';
import type { FetchLike } from './transport';
import { ProviderError } from './types';

const MiB = 1024 * 1024;

describe('audioFileName (O5)', () => {
  it('gives the name the extension of the MIME type', () => {
    expect(audioFileName('recording.audio', 'audio/mp4')).toBe('recording.m4a');
    expect(audioFileName('recording.audio', 'audio/webm;codecs=opus')).toBe('recording.webm');
    expect(audioFileName('recording', 'audio/ogg; codecs=opus')).toBe('recording.ogg');
    expect(audioFileName('talk.mpeg', 'audio/mpeg')).toBe('talk.mp3');
    expect(audioFileName('a.bin', 'audio/wav')).toBe('a.wav');
    expect(audioFileName('a.bin', 'audio/x-wav')).toBe('a.wav');
    expect(audioFileName('a', 'audio/flac')).toBe('a.flac');
    expect(audioFileName('lecture.mov', 'video/mp4')).toBe('lecture.mp4');
    expect(audioFileName('clip', 'video/webm')).toBe('clip.webm');
    expect(audioFileName('Lecture 3.v2.audio', 'AUDIO/MP4')).toBe('Lecture 3.v2.m4a');
  });

  it('keeps the name when the type is unknown or missing, and never returns an empty name', () => {
    expect(audioFileName('lesson.wav', '')).toBe('lesson.wav');
    expect(audioFileName('lesson.caf', 'audio/x-caf')).toBe('lesson.caf');
    expect(audioFileName('', 'audio/webm')).toBe('audio.webm');
    expect(audioFileName('.hidden', 'audio/ogg')).toBe('.hidden.ogg');
  });
});

describe('the upload cap per transcription host (O5)', () => {
  it('is 1 MiB under OpenAI’s and Groq’s 25 MiB request limit, for the multipart framing', () => {
    expect(TRANSCRIPTION_UPLOAD_CAPS.openai.maxAudioBytes).toBe(24 * MiB);
    // Groq documents "File uploads are limited to 25 MB" (decimal): the cap must stay below 25,000,000 bytes.
    expect(TRANSCRIPTION_UPLOAD_CAPS.groq.maxAudioBytes).toBe(25 * 1000 * 1000 - MiB);
    expect(TRANSCRIPTION_UPLOAD_CAPS.groq.maxAudioBytes!).toBeLessThan(25 * 1000 * 1000);
    expect(TRANSCRIPTION_UPLOAD_CAPS.whispercpp.maxAudioBytes).toBeUndefined();
    expect(transcriptionHost('https://api.openai.com/v1')).toBe('openai');
    expect(transcriptionHost('https://api.groq.com/openai/v1')).toBe('groq');
    expect(transcriptionHost('http://127.0.0.1:9000/v1')).toBe('other');
    expect(transcriptionHost('not a url')).toBe('other');
  });

  it('refuses a larger recording with a 413 naming the limit', () => {
    expect(() => checkAudioSize(new Blob([new Uint8Array(24 * MiB)]), 'openai')).not.toThrow();
    let thrown: unknown;
    try {
      checkAudioSize(new Blob([new Uint8Array(24 * MiB + 1)]), 'openai');
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(ProviderError);
    expect(thrown).toMatchObject({ status: 413 });
    expect((thrown as Error).message).toMatch(/too large to transcribe \(24\.0 MB; at most 24 MB, as OpenAI accepts requests up to 25 MiB/);
    expect(() => checkAudioSize(new Blob([new Uint8Array(30 * MiB)]), 'other')).not.toThrow();
  });
});

describe('the OpenAI-compatible transcriber uploads under an extension-bearing name, within the cap (O5)', () => {
  let server: FakeProviderServer;
  beforeAll(async () => {
    server = await startFakeOpenAI({ script: [{ kind: 'text', text: 'Heard it.' }] });
  });
  afterAll(() => server.close());
  beforeEach(() => server.reset());

  it("names Safari's recording.audio (audio/mp4) recording.m4a", async () => {
    const transcriber = createOpenAICompatibleTranscriber({ baseUrl: server.baseUrl });
    await expect(transcriber.transcribe({ audio: new Blob(['x'], { type: 'audio/mp4' }), fileName: 'recording.audio' })).resolves.toBe('Heard it.');
    expect(server.exchanges[0]?.form?.files.file?.name).toBe('recording.m4a');
    expect(server.exchanges[0]?.form?.files.file?.type).toBe('audio/mp4');
  });

  it('refuses audio over 24 MiB for api.openai.com before sending anything', async () => {
    const sent: string[] = [];
    const recording: FetchLike = async (url) => {
      sent.push(url);
      return new Response('{"text":"never"}', { status: 200 });
    };
    const transcriber = createOpenAICompatibleTranscriber({ baseUrl: 'https://api.openai.com/v1', apiKey: 'sk-x', fetch: recording });
    await expect(transcriber.transcribe({ audio: new Blob([new Uint8Array(24 * MiB + 1)], { type: 'audio/webm' }), fileName: 'long.webm' })).rejects.toMatchObject({
      status: 413,
      message: expect.stringMatching(/25 MiB/),
    });
    expect(sent).toEqual([]);
    // Within the cap it is sent.
    await expect(transcriber.transcribe({ audio: new Blob([new Uint8Array(1024)], { type: 'audio/webm' }), fileName: 'short.webm' })).resolves.toBe('never');
    expect(sent).toEqual(['https://api.openai.com/v1/audio/transcriptions']);
  });
});
