import { describe, expect, it } from 'vitest';
import { FRENCH_TRANSCRIPT, fakeWhisperCppForFile } from '../src/providers/testing/fakes/whisperCpp';
import { createWhisperCppTranscriber } from '../src/providers/whisperCpp';
import { createGateway } from './app';
import { gatewaySettingsFromEnv } from './config';
import { spokenLanguage } from './spokenLanguage';

/*
 * The app sends the language the user chose with the recording; the gateway
 * hands a plain language tag on to the transcriber (whisper.cpp would decode
 * as English otherwise) and drops anything else.
 */

const fakeWhisper = fakeWhisperCppForFile();

function upload(language?: string) {
  const gateway = createGateway({ settings: gatewaySettingsFromEnv({}), text: null, transcription: createWhisperCppTranscriber({ baseUrl: fakeWhisper().baseUrl }) });
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array([0x52, 0x49, 0x46, 0x46])], { type: 'audio/wav' }), 'cours.wav');
  if (language !== undefined) form.append('language', language);
  return gateway.request('/speechtotext/speechtotext/transcribe-audio/', { method: 'POST', body: form });
}

describe('the spoken language sent with a recording', () => {
  it('reaches whisper.cpp, and a recording sent without one is left to its detection', async () => {
    expect(await (await upload('fr')).json()).toEqual({ text: FRENCH_TRANSCRIPT });
    expect(await (await upload()).json()).toEqual({ text: FRENCH_TRANSCRIPT });
    expect(fakeWhisper().received.map((fields) => fields.language)).toEqual(['fr', 'auto']);
  });

  it('is kept only as a short language tag', async () => {
    await upload('fr"; rm -rf /');
    expect(fakeWhisper().received.at(-1)?.language).toBe('auto');
    expect(['pt-BR', 'FIL', 'x'.repeat(40), 'en-', '12'].map(spokenLanguage)).toEqual(['pt', 'fil', undefined, undefined, undefined]);
  });
});
