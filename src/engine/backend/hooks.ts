import { useMemo } from 'react';
import { useBackendSettings } from '../stores/settings';
import { resolveBackend } from './resolveBackend';
import { createContractTranscriber, createSampleTranscriber, type Transcriber } from './transcription';
import type { Backend } from './types';

/** The backend the settings point at, or the offline samples. */
export function useBackend(): Backend {
  const { backendUrl, publicKey } = useBackendSettings();
  return useMemo(() => resolveBackend({ backendUrl, publicKey }), [backendUrl, publicKey]);
}

/** The speech-to-text service the settings point at, or the offline sample transcriber. */
export function useTranscriber(): Transcriber {
  const { transcribeUrl } = useBackendSettings();
  return useMemo(() => (transcribeUrl === '' ? createSampleTranscriber() : createContractTranscriber(transcribeUrl)), [transcribeUrl]);
}
