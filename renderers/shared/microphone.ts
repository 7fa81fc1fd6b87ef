import { messages, UserFacingError } from '../../src/kernel/messages';
import { recordingSupported } from './recordingSupported';

/*
 * Microphone recording with MediaRecorder, as webm where the browser can
 * (spec 7: recording format webm), with no framework: the audio widget uses
 * it through useRecorder, and the rehearsal coach loads it only in browsers
 * without live speech recognition, where it records instead (the
 * coach's route in Chromium does not carry code it never runs).
 */

export interface Recording {
  audio: Blob;
  seconds: number;
  fileName: string;
}

/** A recording under way: stop() ends it with its audio; release() drops it and frees the microphone. */
export interface ActiveRecording {
  stop(): Promise<Recording>;
  release(): void;
}

/** Asks for the microphone (a refusal becomes the spec's message) and starts recording. */
export async function startRecording(): Promise<ActiveRecording> {
  if (!recordingSupported()) throw new UserFacingError(messages.microphoneDenied);
  let stream: MediaStream;
  try {
    stream = await navigator.mediaDevices.getUserMedia({ audio: true });
  } catch {
    throw new UserFacingError(messages.microphoneDenied);
  }
  const mimeType = MediaRecorder.isTypeSupported('audio/webm') ? 'audio/webm' : '';
  const recorder = new MediaRecorder(stream, mimeType ? { mimeType } : undefined);
  const chunks: Blob[] = [];
  recorder.addEventListener('dataavailable', (event) => {
    if (event.data.size > 0) chunks.push(event.data);
  });
  recorder.start(250);
  const startedAt = performance.now();
  const freeMicrophone = () => stream.getTracks().forEach((track) => track.stop());

  return {
    stop: () =>
      new Promise<Recording>((resolve) => {
        recorder.addEventListener(
          'stop',
          () => {
            freeMicrophone();
            const type = recorder.mimeType || 'audio/webm';
            resolve({
              audio: new Blob(chunks, { type }),
              seconds: (performance.now() - startedAt) / 1000,
              fileName: type.includes('webm') ? 'recording.webm' : 'recording.audio',
            });
          },
          { once: true },
        );
        recorder.stop();
      }),
    release: freeMicrophone,
  };
}
