import { StorageFullError } from '../../../kernel/stored/storage';
import type { LocalStore } from '../localStore';

/*
 * A device's local storage for tests: a map of JSON text, with a quota to
 * fill, the app's own writes (`appWrite`, heard by sync like writeStored's)
 * told apart from sync's, and every announcement to the stores recorded.
 */

export interface MemoryStore extends LocalStore {
  data: Map<string, string>;
  announced: string[];
  /** A write by the app (a store saving), heard by sync. */
  appWrite(key: string, value: unknown): void;
  appRemove(key: string): void;
  /** A write by another tab sharing this storage: sync hears it as the browser's storage event. */
  otherTabWrite(key: string, value: unknown): void;
  /** Total characters the storage takes before it reports itself full (undefined: no limit). */
  quota: number | undefined;
  value(key: string): unknown;
}

export function memoryStore(): MemoryStore {
  const data = new Map<string, string>();
  const listeners = new Set<(key: string) => void>();
  const otherTabListeners = new Set<(key: string) => void>();
  const used = () => [...data].reduce((sum, [key, text]) => sum + key.length + text.length, 0);
  const store: MemoryStore = {
    data,
    announced: [],
    quota: undefined,
    keys: () => [...data.keys()],
    read(key) {
      const text = data.get(key);
      return text === undefined ? undefined : JSON.parse(text);
    },
    value: (key) => store.read(key),
    write(key, value) {
      const text = JSON.stringify(value);
      const existing = data.get(key);
      const after = used() - (existing === undefined ? 0 : key.length + existing.length) + key.length + text.length;
      if (store.quota !== undefined && after > store.quota) throw new StorageFullError();
      data.set(key, text);
      for (const listener of [...listeners]) listener(key);
    },
    remove(key) {
      data.delete(key);
      for (const listener of [...listeners]) listener(key);
    },
    onWrite(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    onOtherTabWrite(listener) {
      otherTabListeners.add(listener);
      return () => otherTabListeners.delete(listener);
    },
    otherTabWrite(key, value) {
      data.set(key, JSON.stringify(value));
      for (const listener of [...otherTabListeners]) listener(key);
    },
    announce(key) {
      store.announced.push(key);
    },
    appWrite: (key, value) => store.write(key, value),
    appRemove: (key) => store.remove(key),
  };
  return store;
}
