import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { messages } from '../../kernel/messages';
import { json, startFakeContractServer, type FakeContractServer } from '../../kernel/testing/fakeContractServer';
import { TranscodeError } from './transcode';
import { createContractTranscriber, transcriberFor } from './transcription';
import { acceptedFormatsIn, forgetAcceptedFormats } from './serviceFormats';
import { encodeWav } from './wavEncoder';

/*
 * An app built for a separate gateway (Supabase, Deno Deploy) is served no
 * page naming the transcriber's formats: it asks the gateway, and converts
 * what the transcriber would refuse before anything is uploaded.
 */

let server: FakeContractServer;
beforeAll(async () => {
  server = await startFakeContractServer();
});
afterAll(() => server.close());
beforeEach(() => {
  server.requests.length = 0;
  forgetAcceptedFormats();
});

const webm = () => new Blob([new Uint8Array([0x1a, 0x45, 0xdf, 0xa3])], { type: 'audio/webm;codecs=opus' });
const wav = () => encodeWav(new Float32Array(160), 16_000);
const uploadedName = (body: string) => /filename="([^"]+)"/.exec(body)?.[1];

/** A gateway whose transcriber takes only WAV, as whisper.cpp's or Gemini's does. */
function wavOnlyGateway(capabilities: unknown = { transcription: { accepts: ['audio/wav'] } }) {
  server.respond((request, response) => {
    if (request.method === 'GET') json(200, capabilities)(request, response);
    else json(200, { text: 'Transcribed.' })(request, response);
  });
}

describe('the formats a separately hosted transcriber takes', () => {
  it('are asked of the gateway once, and a webm recording is uploaded as WAV', async () => {
    wavOnlyGateway();
    const seen: string[] = [];
    const withConverter = createContractTranscriber(`${server.url}/`, {
      askFormats: true,
      toWav: async (audio) => {
        seen.push(audio.type);
        return wav();
      },
    });
    await expect(withConverter.transcribe({ audio: webm(), fileName: 'recording.webm' })).resolves.toBe('Transcribed.');
    await withConverter.transcribe({ audio: webm(), fileName: 'second.webm' });
    expect(seen).toEqual(['audio/webm;codecs=opus', 'audio/webm;codecs=opus']);
    expect(server.requests.map((request) => `${request.method} ${request.url}`)).toEqual([
      'GET /capabilities',
      'POST /speechtotext/speechtotext/transcribe-audio/',
      'POST /speechtotext/speechtotext/transcribe-audio/',
    ]);
    expect(server.requests.slice(1).map((request) => uploadedName(request.body))).toEqual(['recording.wav', 'second.wav']);
    expect(server.requests[1]?.body).toContain('Content-Type: audio/wav');
    // The question carries no key: it costs nothing and a cross-site gateway answers it without a preflight.
    expect(server.requests[0]?.headers.authorization).toBeUndefined();
  });

  it('are asked by the transcriber the settings point at when the page named none, and not when it did', async () => {
    wavOnlyGateway();
    await transcriberFor({ transcribeUrl: server.url }).transcribe({ audio: wav(), fileName: 'a.wav' });
    expect(server.requests.map((request) => request.method)).toEqual(['GET', 'POST']);
    forgetAcceptedFormats();
    server.requests.length = 0;
    await transcriberFor({ transcribeUrl: server.url, transcribeAccepts: ['audio/wav'] }).transcribe({ audio: wav(), fileName: 'a.wav' });
    expect(server.requests.map((request) => request.method)).toEqual(['POST']);
  });

  it('an answer that is not a short list of plain audio types is ignored, and audio goes as recorded', async () => {
    expect(acceptedFormatsIn({ transcription: { accepts: ['audio/wav', 'AUDIO/FLAC '] } })).toEqual(['audio/wav', 'audio/flac']);
    for (const hostile of [
      null,
      'audio/wav',
      { transcription: { accepts: 'audio/wav' } },
      { transcription: { accepts: [] } },
      { transcription: { accepts: null } },
      { transcription: { accepts: ['audio/wav', '<img src=x onerror=alert(1)>'] } },
      { transcription: { accepts: ['audio/wav; codecs=pcm'] } },
      { transcription: { accepts: Array.from({ length: 25 }, (_, i) => `audio/x-${i}`) } },
      { transcription: { accepts: ['audio/wav', 7] } },
    ]) {
      expect(acceptedFormatsIn(hostile)).toBeUndefined();
    }
    // A list longer than the app reads (4 KB) is not read further, and nothing is converted.
    wavOnlyGateway({ transcription: { accepts: ['audio/wav'] }, padding: 'x'.repeat(10_000) });
    const never = async () => {
      throw new Error('should not convert');
    };
    await createContractTranscriber(server.url, { askFormats: true, toWav: never }).transcribe({ audio: webm(), fileName: 'a.webm' });
    expect(uploadedName(server.requests.at(-1)?.body ?? '')).toBe('a.webm');
  });

  it('a service that does not answer the question is asked again at the next recording', async () => {
    let calls = 0;
    const unreachableOnce: typeof fetch = async (input, init) => {
      calls += 1;
      if (calls === 1) throw new TypeError('Failed to fetch');
      return fetch(input, init);
    };
    wavOnlyGateway();
    const transcriber = createContractTranscriber(server.url, { askFormats: true, fetcher: unreachableOnce, toWav: async () => wav() });
    await transcriber.transcribe({ audio: webm(), fileName: 'first.webm' });
    await transcriber.transcribe({ audio: webm(), fileName: 'second.webm' });
    expect(server.requests.map((request) => uploadedName(request.body) ?? request.url)).toEqual(['first.webm', '/capabilities', 'second.wav']);
  });
});

describe('containers no transcription service lists (a phone video, .mov)', () => {
  const mov = () => new Blob([new Uint8Array([0, 0, 0, 20, 0x66, 0x74, 0x79, 0x70, 0x71, 0x74])], { type: 'video/quicktime' });

  it('are converted to WAV before upload, even for a service that names no list', async () => {
    server.respond(json(200, { text: 'From the video.' }));
    const seen: string[] = [];
    const transcriber = createContractTranscriber(server.url, {
      toWav: async (audio) => {
        seen.push(audio.type);
        return wav();
      },
    });
    await expect(transcriber.transcribe({ audio: mov(), fileName: 'lecture.mov' })).resolves.toBe('From the video.');
    await transcriber.transcribe({ audio: new Blob([new Uint8Array([1, 2])]), fileName: 'clip.MOV' });
    expect(seen).toEqual(['video/quicktime', '']);
    expect(server.requests.map((request) => uploadedName(request.body))).toEqual(['lecture.wav', 'clip.wav']);
  });

  it('are refused before upload, naming the formats to use, when the browser cannot convert them', async () => {
    const named = messages.audioNotConverted('unreadable', 0, 'WAV, MP3, M4A, OGG, FLAC or WEBM');
    const unreadable = createContractTranscriber(server.url, { toWav: () => Promise.reject(new TranscodeError('unreadable')) });
    await expect(unreadable.transcribe({ audio: mov(), fileName: 'lecture.mov' })).rejects.toThrow(named);
    const noWebAudio = createContractTranscriber(server.url, { toWav: async () => null });
    await expect(noWebAudio.transcribe({ audio: mov(), fileName: 'lecture.mov' })).rejects.toThrow(named);
    expect(server.requests).toHaveLength(0);
  });
});

describe('the spoken language', () => {
  it('goes with the audio as a `language` field when the user chose one, and not otherwise', async () => {
    server.respond(json(200, { text: 'Bonjour.' }));
    const transcriber = createContractTranscriber(server.url);
    await transcriber.transcribe({ audio: wav(), fileName: 'a.wav', language: 'fr' });
    await transcriber.transcribe({ audio: wav(), fileName: 'a.wav' });
    expect(server.requests[0]?.body).toMatch(/name="language"\r\n\r\nfr\r\n/);
    expect(server.requests[1]?.body).not.toContain('name="language"');
  });
});
