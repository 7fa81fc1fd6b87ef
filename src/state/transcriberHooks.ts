import { useMemo } from 'react';
import { useBackendSettings } from './settings';
import { transcriberFor, type Transcriber } from '../engine/backend/transcription';

// Apart from backendHooks.ts so the transcription code loads with the recording screens only, not with every tool page.

/** The speech-to-text service the settings point at, or the offline sample transcriber. */
export function useTranscriber(): Transcriber {
  const { transcribeUrl, transcribeAccepts, transcribeKey } = useBackendSettings();
  // The types our gateway's transcriber takes (Gemini, whisper.cpp): other recordings are converted to WAV first.
  const acceptsKey = transcribeAccepts?.join(',') ?? '';
  return useMemo(
    () => transcriberFor({ transcribeUrl, ...(transcribeAccepts ? { transcribeAccepts } : {}), ...(transcribeKey ? { transcribeKey } : {}) }),
    // Keyed on the accepted types' values, not the array's identity.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [transcribeUrl, transcribeKey, acceptsKey],
  );
}
