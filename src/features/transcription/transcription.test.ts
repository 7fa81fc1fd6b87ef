import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { messages } from '../../kernel/messages';
import { json, startFakeContractServer, type FakeContractServer } from '../../kernel/testing/fakeContractServer';
import { TranscodeError } from './transcode';
import { acceptedFormatsIn, forgetAcceptedFormats } from './serviceFormats';
import { createContractTranscriber, createSampleTranscriber, MAX_WAV_BYTES, needsWav, transcriberFor, wavFileName } from './transcription';
import { encodeWav } from './wavEncoder';

let server: FakeContractServer;
beforeAll(async () => {
  server = await startFakeContractServer();
});
afterAll(() => server.close());
beforeEach(() => {
  server.requests.length = 0;
  forgetAcceptedFormats();
});

const audio = () => new Blob([new Uint8Array([0x1a, 0x45, 0xdf, 0xa3])], { type: 'audio/webm' });

describe('the transcription contract', () => {
  it('posts the audio as a multipart `file` field, asking for JSON, and returns the text', async () => {
    server.respond(json(200, { text: ' Today we cover the Reign of Terror. ' }));
    const text = await createContractTranscriber(`${server.url}/`).transcribe({ audio: audio(), fileName: 'recording.webm' });
    expect(text).toBe('Today we cover the Reign of Terror.');
    const [request] = server.requests;
    expect(request?.method).toBe('POST');
    expect(request?.url).toBe('/speechtotext/speechtotext/transcribe-audio/');
    expect(request?.headers.accept).toBe('application/json');
    expect(request?.headers['content-type']).toMatch(/^multipart\/form-data; boundary=/);
    expect(request?.body).toContain('Content-Disposition: form-data; name="file"; filename="recording.webm"');
    expect(request?.body).toContain('Content-Type: audio/webm');
  });

  it("sends the gateway's public key only to the gateway's own transcription route", async () => {
    server.respond(json(200, { text: 'Transcribed.' }));
    await transcriberFor({ transcribeUrl: `${server.url}/`, transcribeKey: 'anon-key' }).transcribe({ audio: audio(), fileName: 'a.webm' });
    expect(server.requests.at(-1)?.headers.authorization).toBe('Bearer anon-key');
    // A transcription service of its own gets the spec 7.2 call as it is, with no key.
    await transcriberFor({ transcribeUrl: server.url }).transcribe({ audio: audio(), fileName: 'a.webm' });
    expect(server.requests.at(-1)?.headers.authorization).toBeUndefined();
    expect(transcriberFor({ transcribeUrl: '' }).kind).toBe('sample');
  });

  it("sends the backend's public key to a transcription URL on the backend's own origin (a Supabase function)", async () => {
    server.respond(json(200, { text: 'Transcribed.' }));
    const backendUrl = server.url.replace('127.0.0.1', 'localhost');
    // A Supabase project: the text contract at its root, transcription under the function's address.
    await transcriberFor({ transcribeUrl: `${server.url}/functions/v1/gemini`, backendUrl: server.url, publicKey: 'anon-key' }).transcribe({ audio: audio(), fileName: 'a.webm' });
    expect(server.requests.map((request) => `${request.url} ${request.headers.authorization}`)).toEqual([
      // Supabase refuses a function call without the key, the question included.
      '/functions/v1/gemini/capabilities Bearer anon-key',
      '/functions/v1/gemini/speechtotext/speechtotext/transcribe-audio/ Bearer anon-key',
    ]);
    // Another origin (here another host name for the same port) is another service: no key.
    await transcriberFor({ transcribeUrl: server.url, backendUrl, publicKey: 'anon-key' }).transcribe({ audio: audio(), fileName: 'a.webm' });
    expect(server.requests.at(-1)?.headers.authorization).toBeUndefined();
  });

  it("says the server returned an error on a non-OK answer", async () => {
    server.respond(json(500, { detail: 'model crashed' }));
    await expect(createContractTranscriber(server.url).transcribe({ audio: audio(), fileName: 'a.webm' })).rejects.toThrow(
      messages.transcriptionFailed,
    );
  });

  it("says the school's AI account has run out of credit when the gateway says so, and the spec's message for any other error", async () => {
    server.respond(json(502, { error: messages.outOfCredit }));
    await expect(createContractTranscriber(server.url).transcribe({ audio: audio(), fileName: 'a.webm' })).rejects.toThrow(messages.outOfCredit);
    server.respond(json(502, { error: 'The AI provider refused the request (status 400).' }));
    await expect(createContractTranscriber(server.url).transcribe({ audio: audio(), fileName: 'a.webm' })).rejects.toThrow(
      messages.transcriptionFailed,
    );
  });

  it('says no text was returned for a blank transcript', async () => {
    server.respond(json(200, { text: '   ' }));
    await expect(createContractTranscriber(server.url).transcribe({ audio: audio(), fileName: 'a.webm' })).rejects.toThrow(
      'Transcription successful, but no text was returned.',
    );
    server.respond(json(200, {}));
    await expect(createContractTranscriber(server.url).transcribe({ audio: audio(), fileName: 'a.webm' })).rejects.toThrow(
      messages.transcriptionEmpty,
    );
  });

  it('the sample transcriber answers with the tool example, or says it is a sample', async () => {
    await expect(createSampleTranscriber(0).transcribe({ audio: audio(), fileName: 'a', sample: 'Example lecture.' })).resolves.toBe(
      'Example lecture.',
    );
    await expect(createSampleTranscriber(0).transcribe({ audio: audio(), fileName: 'a' })).resolves.toMatch(/sample transcript/);
  });
});

describe('audio in a format the service takes', () => {
  const gemini = ['audio/wav', 'audio/mp3', 'audio/aiff', 'audio/aac', 'audio/ogg', 'audio/flac'];
  const wav = () => encodeWav(new Float32Array(160), 16_000);

  it('converts only audio the service does not take, and only when it takes WAV', () => {
    const webm = new Blob([], { type: 'audio/webm;codecs=opus' });
    expect(needsWav(webm, 'recording.webm', gemini)).toBe(true);
    expect(needsWav(webm, 'recording.webm', ['audio/wav'])).toBe(true);
    expect(needsWav(new Blob([], { type: 'audio/mp4' }), 'recording.m4a', gemini)).toBe(true);
    expect(needsWav(new Blob([], { type: 'video/mp4' }), 'lecture.mp4', gemini)).toBe(true);
    expect(needsWav(new Blob([], { type: '' }), 'lecture.webm', gemini)).toBe(true);
    // Taken as they are: documented types and their other names.
    expect(needsWav(new Blob([], { type: 'audio/mpeg' }), 'a.mp3', gemini)).toBe(false);
    expect(needsWav(new Blob([], { type: 'audio/x-wav' }), 'a.wav', ['audio/wav'])).toBe(false);
    expect(needsWav(new Blob([], { type: 'audio/ogg; codecs=opus' }), 'a.ogg', gemini)).toBe(false);
    // A service taking anything, or no WAV, or audio of no known type: sent as it is.
    expect(needsWav(webm, 'recording.webm', undefined)).toBe(false);
    expect(needsWav(webm, 'recording.webm', [])).toBe(false);
    expect(needsWav(webm, 'recording.webm', ['audio/flac'])).toBe(false);
    expect(needsWav(new Blob([], { type: '' }), 'recording.audio', gemini)).toBe(false);
  });

  it('names the converted file .wav', () => {
    expect(wavFileName('recording.webm')).toBe('recording.wav');
    expect(wavFileName('my.lecture.mp4')).toBe('my.lecture.wav');
    expect(wavFileName('recording')).toBe('recording.wav');
    expect(wavFileName('')).toBe('recording.wav');
  });

  it('uploads a webm recording as WAV when the gateway takes only documented types', async () => {
    server.respond(json(200, { text: 'Converted.' }));
    const seen: { type: string; maxBytes: number }[] = [];
    const transcriber = createContractTranscriber(server.url, {
      accepts: gemini,
      toWav: async (audio, maxBytes) => {
        seen.push({ type: audio.type, maxBytes });
        return wav();
      },
    });
    await expect(transcriber.transcribe({ audio: audio(), fileName: 'recording.webm' })).resolves.toBe('Converted.');
    expect(seen).toEqual([{ type: 'audio/webm', maxBytes: MAX_WAV_BYTES }]);
    const body = server.requests[0]?.body ?? '';
    expect(body).toContain('name="file"; filename="recording.wav"');
    expect(body).toContain('Content-Type: audio/wav');
    expect(body).toContain('RIFF');
  });

  it('sends audio as it is when the service takes it, or the browser cannot convert', async () => {
    server.respond(json(200, { text: 'As is.' }));
    const never = async () => {
      throw new Error('should not convert');
    };
    await createContractTranscriber(server.url, { accepts: gemini, toWav: never }).transcribe({ audio: wav(), fileName: 'a.wav' });
    await createContractTranscriber(server.url, { toWav: never }).transcribe({ audio: audio(), fileName: 'a.webm' });
    await createContractTranscriber(server.url, { accepts: gemini, toWav: async () => null }).transcribe({ audio: audio(), fileName: 'a.webm' });
    expect(server.requests.map((request) => /filename="([^"]+)"/.exec(request.body)?.[1])).toEqual(['a.wav', 'a.webm', 'a.webm']);
  });

  it('says plainly when the audio is too long or unreadable, and sends nothing', async () => {
    const tooLong = createContractTranscriber(server.url, { accepts: gemini, toWav: () => Promise.reject(new TranscodeError('tooLong')) });
    await expect(tooLong.transcribe({ audio: audio(), fileName: 'a.webm' })).rejects.toThrow(messages.audioNotConverted('tooLong', 13, 'WAV'));
    const unreadable = createContractTranscriber(server.url, { accepts: ['audio/wav'], toWav: () => Promise.reject(new TranscodeError('unreadable')) });
    await expect(unreadable.transcribe({ audio: audio(), fileName: 'a.webm' })).rejects.toThrow(
      'Failed to transcribe audio. This browser could not convert it to a format the transcription service takes, so nothing was sent. Upload it as WAV instead.',
    );
    const geminiUnreadable = createContractTranscriber(server.url, { accepts: gemini, toWav: () => Promise.reject(new Error('EncodingError')) });
    await expect(geminiUnreadable.transcribe({ audio: audio(), fileName: 'a.webm' })).rejects.toThrow('Upload it as WAV, MP3, AIFF, AAC, OGG or FLAC instead.');
    expect(server.requests).toHaveLength(0);
  });
});

/*
 * An app built for a separate gateway (Supabase, Deno Deploy) is served no
 * page naming the transcriber's formats: it asks the gateway, and converts
 * what the transcriber would refuse before anything is uploaded.
 */

const webm = () => new Blob([new Uint8Array([0x1a, 0x45, 0xdf, 0xa3])], { type: 'audio/webm;codecs=opus' });
const wav16k = () => encodeWav(new Float32Array(160), 16_000);
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
        return wav16k();
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
    // No key to send, none sent.
    expect(server.requests[0]?.headers.authorization).toBeUndefined();
  });

  it('are asked by the transcriber the settings point at when the page named none, and not when it did', async () => {
    wavOnlyGateway();
    await transcriberFor({ transcribeUrl: server.url }).transcribe({ audio: wav16k(), fileName: 'a.wav' });
    expect(server.requests.map((request) => request.method)).toEqual(['GET', 'POST']);
    forgetAcceptedFormats();
    server.requests.length = 0;
    await transcriberFor({ transcribeUrl: server.url, transcribeAccepts: ['audio/wav'] }).transcribe({ audio: wav16k(), fileName: 'a.wav' });
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
    const transcriber = createContractTranscriber(server.url, { askFormats: true, fetcher: unreachableOnce, toWav: async () => wav16k() });
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
        return wav16k();
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
    await transcriber.transcribe({ audio: wav16k(), fileName: 'a.wav', language: 'fr' });
    await transcriber.transcribe({ audio: wav16k(), fileName: 'a.wav' });
    expect(server.requests[0]?.body).toMatch(/name="language"\r\n\r\nfr\r\n/);
    expect(server.requests[1]?.body).not.toContain('name="language"');
  });
});
