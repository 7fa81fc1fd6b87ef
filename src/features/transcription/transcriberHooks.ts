import { effectiveSettings, useSettings } from '../settings';
import { transcriberFor, type Transcriber } from './transcription';

/*
 * Apart from backendHooks.ts, and loaded by the recording widgets when a recording starts or is sent
 * (renderers/shared/loadTranscriber.ts), so the transcription code is in no page's first load, the
 * recording tools' included.
 */

/** The speech-to-text service the settings point at now, or the offline sample transcriber. */
export function transcriberNow(): Transcriber {
  const { transcribeUrl, transcribeAccepts, transcribeKey } = effectiveSettings(useSettings.getState().stored);
  // The types our gateway's transcriber takes (Gemini, whisper.cpp): other recordings are converted to WAV first.
  return transcriberFor({ transcribeUrl, ...(transcribeAccepts ? { transcribeAccepts } : {}), ...(transcribeKey ? { transcribeKey } : {}) });
}
