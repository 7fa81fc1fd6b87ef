/*
 * Transcription: turning a recording into text. The speech-to-text client,
 * converting recordings a service does not take to WAV, and the transcriber
 * the settings point at.
 *
 * Offers: the Transcriber type and a loader for the transcriber hooks, so
 * the transcription code is in no page's first load.
 */
export type { Transcriber } from './transcription';

/** The transcriber the settings point at, loaded as a recording starts. */
export const loadTranscriberHooks = () => import('./transcriberHooks');
