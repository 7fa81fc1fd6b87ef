import { useMemo } from 'react';
import { useBackendSettings } from './settings';
import { resolveBackend } from '../engine/backend/resolveBackend';
import { transcriberFor, type Transcriber } from '../engine/backend/transcription';
import type { Backend } from '../engine/backend/types';

/** The backend the settings point at, or the offline samples. */
export function useBackend(): Backend {
  const { backendUrl, publicKey, ownKey } = useBackendSettings();
  const ownKeyJson = JSON.stringify(ownKey ?? null);
  // Keyed on the settings' values, not object identity, so the backend is made once per change.
  // eslint-disable-next-line react-hooks/exhaustive-deps
  return useMemo(() => resolveBackend({ backendUrl, publicKey, ownKey }), [backendUrl, publicKey, ownKeyJson]);
}

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
