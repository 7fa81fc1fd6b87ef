import { loadTranscriberHooks, type Transcriber } from '../../src/features/transcription';

/**
 * The transcriber the settings point at when it is needed, its code (the transcription client) loaded on
 * first use: the recording widgets call this as a recording starts, and await it to send one.
 */
export function loadTranscriber(): Promise<Transcriber> {
  return loadTranscriberHooks().then((module) => module.transcriberNow());
}
