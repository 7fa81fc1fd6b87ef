import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { messages } from '../messages';
import { json, startFakeContractServer, type FakeContractServer } from '../testing/fakeContractServer';
import { createContractTranscriber, createSampleTranscriber } from './transcription';

let server: FakeContractServer;
beforeAll(async () => {
  server = await startFakeContractServer();
});
afterAll(() => server.close());
beforeEach(() => {
  server.requests.length = 0;
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

  it("says the server returned an error on a non-OK answer", async () => {
    server.respond(json(500, { detail: 'model crashed' }));
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
