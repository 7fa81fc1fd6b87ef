import { useCallback, useState } from 'react';
import type { z } from 'zod';
import { readStored, storageKeys, writeStored } from '../kernel/stored/storage';
import { zodReader } from '../kernel/stored/zodReader';

/**
 * useState that survives a reload, for bespoke screens' own state (where a
 * quiz is up to). The stored value is validated on read like every other.
 */
export function usePersistentState<T>(key: string, schema: z.ZodType<T>, initial: () => T): [T, (next: T) => void] {
  const storageKey = storageKeys.rendererState(key);
  const [value, setValue] = useState<T>(() => readStored(storageKey, zodReader(schema), initial()));
  const update = useCallback(
    (next: T) => {
      setValue(next);
      try {
        writeStored(storageKey, next);
      } catch (error) {
        console.warn(`[state ${key}] could not be stored`, error);
      }
    },
    [key, storageKey],
  );
  return [value, update];
}
