import { describe, expect, it } from 'vitest';
import { FRENCH_TRANSCRIPT, fakeWhisperCppForFile } from './testing/fakes/whisperCpp';
import { createWhisperCppTranscriber, whisperLanguage } from './whisperCpp';

/* whisper.cpp decodes as English unless each request names the spoken language (testing/fakes/whisperCpp.ts). */

const fakeWhisper = fakeWhisperCppForFile();

const frenchLecture = () => new Blob([new Uint8Array([0x52, 0x49, 0x46, 0x46])], { type: 'audio/wav' });

describe('whisper.cpp is told the spoken language on every request', () => {
  it('asks it to detect the language when the user chose none, so a French lecture comes back in French', async () => {
    const whisper = fakeWhisper();
    const transcriber = createWhisperCppTranscriber({ baseUrl: whisper.baseUrl });
    await expect(transcriber.transcribe({ audio: frenchLecture(), fileName: 'cours.wav' })).resolves.toBe(FRENCH_TRANSCRIPT);
    expect(whisper.received[0]).toMatchObject({ language: 'auto', response_format: 'json', temperature: '0.0' });
  });

  it("sends the user's chosen language, and only a code whisper.cpp knows", async () => {
    const whisper = fakeWhisper();
    const transcriber = createWhisperCppTranscriber({ baseUrl: whisper.baseUrl });
    await transcriber.transcribe({ audio: frenchLecture(), fileName: 'cours.wav', language: 'FR' });
    expect(whisper.received.at(-1)?.language).toBe('fr');
    // Filipino is Tagalog to whisper.cpp; a language it cannot be told to decode (Hmong) is left to its detection.
    expect(['fil', 'en', 'es', 'haw'].map(whisperLanguage)).toEqual(['tl', 'en', 'es', 'haw']);
    expect(['', 'hmn', 'english', 'en-GB', 'en\r\nx', '../../', 'zh_CN'].map(whisperLanguage)).toEqual(['auto', 'auto', 'auto', 'auto', 'auto', 'auto', 'auto']);
    expect(whisperLanguage(undefined)).toBe('auto');
  });
});
