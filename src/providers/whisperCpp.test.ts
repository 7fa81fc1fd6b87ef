import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { providerMessages } from './errors';
import { providersFromEnv } from './fromEnvironment';
import { createWhisperCppTranscriber } from './whisperCpp';

/*
 * A tiny stand-in for whisper.cpp's examples/server (README l.75-85; server.cpp l.831-885, l.1166):
 * POST /inference, multipart `file` (+ temperature, response_format...) -> {"text"}; errors {"error"}.
 * Without --convert it reads WAV only, and answers 400 "failed to read audio data" otherwise.
 */
interface Received {
  method: string;
  path: string;
  fields: Record<string, string>;
  file?: { name: string; type: string; size: number };
  authorization?: string;
}

let server: Server;
let base = '';
let received: Received[] = [];
let convert = false;
let answer: { status: number; body: string } | undefined;

beforeAll(async () => {
  server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      void (async () => {
        const entry: Received = { method: req.method ?? '', path: req.url ?? '', fields: {}, ...(req.headers.authorization ? { authorization: req.headers.authorization } : {}) };
        received.push(entry);
        if (req.url !== '/inference') {
          res.writeHead(404).end('File Not Found');
          return;
        }
        const form = await new Request('http://x/', { method: 'POST', headers: { 'content-type': req.headers['content-type'] ?? '' }, body: Buffer.concat(chunks) }).formData();
        for (const [key, value] of form.entries()) {
          if (typeof value === 'string') entry.fields[key] = value;
          else entry.file = { name: value.name, type: value.type, size: value.size };
        }
        if (!entry.file) {
          res.writeHead(400, { 'Content-Type': 'application/json' }).end(`{"error":"no 'file' field in the request"}`);
          return;
        }
        if (!convert && !entry.file.name.endsWith('.wav')) {
          res.writeHead(400, { 'Content-Type': 'application/json' }).end('{"error":"failed to read audio data"}');
          return;
        }
        if (answer) {
          res.writeHead(answer.status, { 'Content-Type': 'application/json' }).end(answer.body);
          return;
        }
        res.writeHead(200, { 'Content-Type': 'application/json' }).end('{"text":" And so my fellow Americans...\\n"}');
      })();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
beforeEach(() => {
  received = [];
  convert = false;
  answer = undefined;
});

const wav = () => new Blob(['RIFF....WAVEfmt '], { type: 'audio/wav' });

describe('the whisper.cpp transcriber', () => {
  it('posts multipart file, temperature and response_format=json to {base}/inference and returns the text', async () => {
    const transcriber = createWhisperCppTranscriber({ baseUrl: `${base}/` });
    expect(transcriber.name).toBe('whispercpp');
    await expect(transcriber.transcribe({ audio: wav(), fileName: 'lesson.bin' })).resolves.toBe('And so my fellow Americans...');
    expect(received).toEqual([
      { method: 'POST', path: '/inference', fields: { temperature: '0.0', response_format: 'json' }, file: { name: 'lesson.wav', type: 'audio/wav', size: 16 } },
    ]);
  });

  it('sends other formats as they are: a server without --convert refuses them (its 400), one with it transcribes them', async () => {
    const transcriber = createWhisperCppTranscriber({ baseUrl: base });
    const webm = new Blob(['webm'], { type: 'audio/webm' });
    await expect(transcriber.transcribe({ audio: webm, fileName: 'recording.audio' })).rejects.toMatchObject({ message: providerMessages.refused(400) });
    convert = true;
    await expect(transcriber.transcribe({ audio: webm, fileName: 'recording.audio' })).resolves.toBe('And so my fellow Americans...');
    expect(received[1]?.file?.name).toBe('recording.webm');
  });

  it('maps an empty transcript, an unreadable answer and a server error', async () => {
    const transcriber = createWhisperCppTranscriber({ baseUrl: base });
    answer = { status: 200, body: '{"text":"  "}' };
    await expect(transcriber.transcribe({ audio: wav(), fileName: 'a.wav' })).rejects.toMatchObject({ message: providerMessages.empty });
    answer = { status: 200, body: '{"segments":[]}' };
    await expect(transcriber.transcribe({ audio: wav(), fileName: 'a.wav' })).rejects.toMatchObject({ message: providerMessages.unreadable });
    answer = { status: 500, body: '{"error":"Failed to execute ffmpeg command."}' };
    await expect(transcriber.transcribe({ audio: wav(), fileName: 'a.wav' })).rejects.toMatchObject({ status: 502 });
  });

  it('bounds the answer by maxAnswerBytes', async () => {
    answer = { status: 200, body: JSON.stringify({ text: 'word '.repeat(2000) }) };
    const transcriber = createWhisperCppTranscriber({ baseUrl: base, maxAnswerBytes: 1000 });
    await expect(transcriber.transcribe({ audio: wav(), fileName: 'a.wav' })).rejects.toMatchObject({ message: providerMessages.tooLong(1000) });
  });

  it('is what TRANSCRIBE_PROVIDER=whispercpp chooses, with no key sent', async () => {
    const chosen = providersFromEnv({ OPENAI_BASE_URL: 'http://127.0.0.1:1234/v1', OPENAI_MODEL: 'm', OPENAI_API_KEY: 'sk-local', TRANSCRIBE_PROVIDER: 'whispercpp', TRANSCRIBE_BASE_URL: base });
    await expect(chosen.transcription?.transcribe({ audio: wav(), fileName: 'a.wav' })).resolves.toBe('And so my fellow Americans...');
    expect(received[0]?.path).toBe('/inference');
    expect(received[0]?.authorization).toBeUndefined();
  });
});
