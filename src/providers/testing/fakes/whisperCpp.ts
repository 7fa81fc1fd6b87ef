import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach } from 'vitest';

/*
 * whisper.cpp's server as its source has it (ggml-org/whisper.cpp
 * examples/server/server.cpp at 233fe1f): POST /inference, multipart; the
 * spoken language is the request's `language` field, and without one the
 * server's own default, `en` (l.113, l.558-561). The fake answers a French
 * lecture: in French when told `fr` or `auto`, as an English guess when the
 * language is left to the default, and with nothing for another language.
 */

export const FRENCH_TRANSCRIPT = 'Je suis désolé, la leçon du jour.';
export const ENGLISH_GUESS = 'I am sorry, the lesson of today.';

export interface FakeWhisperCpp {
  baseUrl: string;
  /** The text fields of every request, in order. */
  received: Record<string, string>[];
  close(): Promise<void>;
}

export async function startFakeWhisperCpp(): Promise<FakeWhisperCpp> {
  const received: Record<string, string>[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const request = new Request('http://whisper.local/inference', { method: 'POST', headers: { 'content-type': req.headers['content-type'] ?? '' }, body: Buffer.concat(chunks) });
      request.formData().then(
        (form) => {
          const fields: Record<string, string> = {};
          for (const [name, value] of form) if (typeof value === 'string') fields[name] = value;
          received.push(fields);
          const language = fields.language ?? 'en';
          const text = language === 'en' ? ENGLISH_GUESS : language === 'auto' || language === 'fr' ? FRENCH_TRANSCRIPT : '';
          res.writeHead(200, { 'Content-Type': 'application/json' }).end(JSON.stringify({ text }));
        },
        () => res.writeHead(400, { 'Content-Type': 'application/json' }).end(JSON.stringify({ error: 'failed to read the form' })),
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** One fake for a test file, its record emptied before each test; call the returned function inside a test. */
export function fakeWhisperCppForFile(): () => FakeWhisperCpp {
  let whisper: FakeWhisperCpp | undefined;
  beforeAll(async () => {
    whisper = await startFakeWhisperCpp();
  });
  afterAll(() => whisper?.close());
  beforeEach(() => {
    if (whisper) whisper.received.length = 0;
  });
  return () => {
    if (!whisper) throw new Error('The fake whisper.cpp server has not started.');
    return whisper;
  };
}
