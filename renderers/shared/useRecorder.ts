import { useCallback, useEffect, useRef, useState } from 'react';
import { messages, UserFacingError } from '../../src/engine/messages';

/*
 * Microphone recording with MediaRecorder, as webm where the browser can
 * (spec 7: recording format webm). start() asks for the microphone; a refusal
 * becomes the spec's message. stop() resolves with the audio and its length.
 */

export interface Recording {
  audio: Blob;
  seconds: number;
  fileName: string;
}

interface Session {
  recorder: MediaRecorder;
  stream: MediaStream;
  chunks: Blob[];
  startedAt: number;
}

export function recordingSupported(): boolean {
  return typeof MediaRecorder !== 'undefined' && typeof navigator.mediaDevices?.getUserMedia === 'function';
}

export function useRecorder() {
  const [recording, setRecording] = useState(false);
  const session = useRef<Session | null>(null);

  // Leaving the page must release the microphone.
  useEffect(
    () => () => {
      session.current?.stream.getTracks().forEach((track) => track.stop());
    },
    [],
  );

  const start = useCallback(async () => {
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
    session.current = { recorder, stream, chunks, startedAt: performance.now() };
    setRecording(true);
  }, []);

  const stop = useCallback(
    () =>
      new Promise<Recording>((resolve, reject) => {
        const current = session.current;
        if (!current) return reject(new Error('Not recording.'));
        session.current = null;
        current.recorder.addEventListener(
          'stop',
          () => {
            current.stream.getTracks().forEach((track) => track.stop());
            const type = current.recorder.mimeType || 'audio/webm';
            resolve({
              audio: new Blob(current.chunks, { type }),
              seconds: (performance.now() - current.startedAt) / 1000,
              fileName: type.includes('webm') ? 'recording.webm' : 'recording.audio',
            });
          },
          { once: true },
        );
        current.recorder.stop();
        setRecording(false);
      }),
    [],
  );

  return { recording, start, stop };
}
