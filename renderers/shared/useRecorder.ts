import { useCallback, useEffect, useRef, useState } from 'react';
import { startRecording, type ActiveRecording, type Recording } from './microphone';

/*
 * The microphone recorder (./microphone) as a hook: whether it is recording,
 * start() and stop(). Leaving the page frees the microphone, also when it
 * was granted after the person left.
 */
export function useRecorder() {
  const [recording, setRecording] = useState(false);
  const active = useRef<ActiveRecording | null>(null);
  const mounted = useRef(true);

  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
      active.current?.release();
      active.current = null;
    };
  }, []);

  const start = useCallback(async () => {
    const started = await startRecording();
    if (!mounted.current) return started.release();
    active.current = started;
    setRecording(true);
  }, []);

  const stop = useCallback(async (): Promise<Recording> => {
    const current = active.current;
    if (!current) throw new Error('Not recording.');
    active.current = null;
    setRecording(false);
    return current.stop();
  }, []);

  return { recording, start, stop };
}
