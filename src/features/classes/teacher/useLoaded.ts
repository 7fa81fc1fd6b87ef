import { useCallback, useEffect, useRef, useState } from 'react';
import { messageOf } from './useViewer';

export type Loaded<T> = { kind: 'loading' } | { kind: 'ready'; value: T } | { kind: 'failed'; message: string };

/**
 * A value the screen asks the gateway for: loading, ready or failed (with
 * the server's sentence). `set` takes a newer copy a change returned, so
 * the screen never asks again for what it was just given.
 */
export function useLoaded<T>(load: () => Promise<T>, key: string) {
  const [state, setState] = useState<Loaded<T>>({ kind: 'loading' });
  const loadRef = useRef(load);
  loadRef.current = load;
  // Only the latest request may write: an older answer arriving late is dropped.
  const generation = useRef(0);

  /** Asks again, keeping what is shown until the answer comes; true once a newer copy is shown. */
  const reload = useCallback((): Promise<boolean> => {
    const mine = ++generation.current;
    return loadRef.current().then(
      (value) => {
        if (mine !== generation.current) return false;
        setState({ kind: 'ready', value });
        return true;
      },
      (error: unknown) => {
        if (mine === generation.current) setState({ kind: 'failed', message: messageOf(error) });
        return false;
      },
    );
  }, []);

  useEffect(() => {
    setState({ kind: 'loading' });
    void reload();
    return () => {
      generation.current++;
    };
  }, [key, reload]);

  const set = useCallback((value: T) => {
    generation.current++;
    setState({ kind: 'ready', value });
  }, []);

  return { state, reload, set };
}
