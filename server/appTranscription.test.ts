import { describe, expect, it, vi } from 'vitest';
import { type TranscriptionProvider } from '../src/providers/types';
import { SAMPLE_HEADER } from './app';
import { call, gateway, stubProvider } from './testing/gatewayStubs';

/*
 * The gateway's transcription contract and its CORS answers, through its fetch
 * handler, with stand-in providers (continued from app.test.ts).
 */

describe('the transcription contract (spec 7.2)', () => {
  function upload(file: Blob | null, key = 'anon-key') {
    const form = new FormData();
    if (file) form.append('file', file, 'lecture.webm');
    return new Request('http://gateway.test/speechtotext/speechtotext/transcribe-audio/', {
      method: 'POST',
      headers: { Authorization: `Bearer ${key}`, Accept: 'application/json' },
      body: form,
    });
  }

  const transcriber = (): TranscriptionProvider & { files: string[] } => {
    const files: string[] = [];
    return {
      name: 'openai',
      files,
      async transcribe({ audio, fileName }) {
        files.push(`${fileName}:${audio.size}`);
        return 'Today: the Reign of Terror.';
      },
    };
  };

  it('transcribes the multipart `file` field into {text}', async () => {
    const provider = transcriber();
    const response = await gateway(null, {}, provider).fetch(upload(new Blob([new Uint8Array(32)], { type: 'audio/webm' })));
    expect(await response.json()).toEqual({ text: 'Today: the Reign of Terror.' });
    expect(provider.files).toEqual(['lecture.webm:32']);
  });

  it('refuses a request without a file, or over the audio limit', async () => {
    expect((await gateway(null, {}, transcriber()).fetch(upload(null))).status).toBe(400);
    const big = await gateway(null, { STUDYFORGE_MAX_AUDIO_BYTES: '1000' }, transcriber()).fetch(upload(new Blob([new Uint8Array(5000)])));
    expect(big.status).toBe(413);
  });

  it('takes in maxAudioUploads at once, queues four per slot unread, and tells the rest to retry', async () => {
    const releases: (() => void)[] = [];
    const held: TranscriptionProvider = {
      name: 'openai',
      transcribe: () => new Promise<string>((resolve) => releases.push(() => resolve('Done.'))),
    };
    const app = gateway(null, { STUDYFORGE_MAX_AUDIO_UPLOADS: '1' }, held);
    const audio = () => upload(new Blob([new Uint8Array(16)], { type: 'audio/webm' }));
    const taken = [app.fetch(audio()), app.fetch(audio()), app.fetch(audio()), app.fetch(audio()), app.fetch(audio())];
    const refused = await app.fetch(audio());
    expect(refused.status).toBe(503);
    expect(refused.headers.get('retry-after')).toBe('5');
    expect(((await refused.json()) as { error: string }).error).toMatch(/busy with other recordings/);
    // One at a time: each finished transcription lets the next in.
    for (let done = 0; done < 5; done++) {
      await vi.waitFor(() => expect(releases.length).toBe(done + 1));
      releases[done]?.();
    }
    expect((await Promise.all(taken)).map((r) => r.status)).toEqual([200, 200, 200, 200, 200]);
  });

  it('refuses audio that is not multipart with 415', async () => {
    const response = await gateway(null, {}, transcriber()).fetch(
      new Request('http://gateway.test/speechtotext/speechtotext/transcribe-audio/', {
        method: 'POST',
        headers: { Authorization: 'Bearer anon-key', 'Content-Type': 'audio/webm' },
        body: new Uint8Array(8),
      }),
    );
    expect(response.status).toBe(415);
  });

  it('answers a sample transcript without a service, and says so', async () => {
    const response = await gateway(null).fetch(upload(new Blob([new Uint8Array(8)])));
    expect(response.headers.get(SAMPLE_HEADER)).toBe('true');
    expect(((await response.json()) as { text: string }).text).toMatch(/sample transcript/);
  });
});

describe('CORS', () => {
  const app = () => gateway(stubProvider({ answer: 'ok' }), { STUDYFORGE_ALLOWED_ORIGINS: 'https://school.example' });
  const preflight = (origin: string) =>
    new Request('http://gateway.test/functions/v1/gemini', {
      method: 'OPTIONS',
      headers: { Origin: origin, 'Access-Control-Request-Method': 'POST', 'Access-Control-Request-Headers': 'authorization, content-type' },
    });

  it('lets configured origins call from the browser', async () => {
    const response = await app().fetch(preflight('https://school.example'));
    expect(response.headers.get('access-control-allow-origin')).toBe('https://school.example');
    const answered = await app().fetch(call({ contents: 'x' }, { origin: 'https://school.example' }));
    expect(answered.headers.get('access-control-allow-origin')).toBe('https://school.example');
  });

  it('gives other origins no CORS grant', async () => {
    const response = await app().fetch(preflight('https://evil.example'));
    expect(response.headers.get('access-control-allow-origin')).toBeNull();
  });
});
