import { OUTPUT_LANGUAGE_KEY, useOutputLanguage } from '../refine';
import { effectiveSettings, useSettings } from '../settings';
import { transcriberFor, type Transcriber } from './transcription';

/*
 * Apart from backendHooks.ts, and loaded by the recording widgets when a recording starts or is sent
 * (renderers/shared/loadTranscriber.ts), so the transcription code is in no page's first load, the
 * recording tools' included.
 */

/**
 * The language the user chose for answers, when they chose one: sent with the audio as the spoken language's
 * hint (whisper.cpp decodes as English unless told). Never the default: without a choice the service detects it.
 */
export function chosenLanguage(): string | undefined {
  try {
    if (globalThis.localStorage?.getItem(OUTPUT_LANGUAGE_KEY) == null) return undefined;
  } catch {
    return undefined; // Storage refused (privacy settings): no choice can have been kept.
  }
  return useOutputLanguage.getState().language;
}

/** The speech-to-text service the settings point at now, or the offline sample transcriber. */
export function transcriberNow(): Transcriber {
  const { transcribeUrl, transcribeAccepts, transcribeKey, backendUrl, publicKey } = effectiveSettings(useSettings.getState().stored);
  // The types our gateway's transcriber takes (Gemini, whisper.cpp): other recordings are converted to WAV first.
  const transcriber = transcriberFor({
    transcribeUrl,
    backendUrl,
    publicKey,
    ...(transcribeAccepts ? { transcribeAccepts } : {}),
    ...(transcribeKey ? { transcribeKey } : {}),
  });
  return {
    kind: transcriber.kind,
    transcribe: (request) => {
      const language = request.language ?? chosenLanguage();
      return transcriber.transcribe({ ...request, ...(language ? { language } : {}) });
    },
  };
}
