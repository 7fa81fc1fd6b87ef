import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  couldNotDeleteAll,
  deleteAllStoredData,
  storedKeysOfThisApp,
} from './deleteAll';
import { UserFacingError } from '../../kernel/messages';
import { STORAGE_PREFIX, storageKeys, storageUnavailable } from '../../kernel/stored/storage';

/** A Storage as the browser's: keys in insertion order, indexes that shift as keys go. */
class MemoryStorage implements Storage {
  readonly items = new Map<string, string>();
  /** Keys whose removal throws, as a browser that refuses. */
  readonly refuse = new Set<string>();
  get length() {
    return this.items.size;
  }
  key(index: number) {
    return [...this.items.keys()][index] ?? null;
  }
  getItem(key: string) {
    return this.items.get(key) ?? null;
  }
  setItem(key: string, value: string) {
    this.items.set(key, String(value));
  }
  removeItem(key: string) {
    if (this.refuse.has(key)) throw new DOMException('The operation is insecure.', 'SecurityError');
    this.items.delete(key);
  }
  clear() {
    this.items.clear();
  }
}

const ours = {
  [storageKeys.projects]: '[]',
  [storageKeys.artifacts('proj_1')]: '[]',
  [storageKeys.toolSession('smart-notes')]: '{}',
  [storageKeys.study('proj_1')]: '{}',
  [storageKeys.recentTools]: '[]',
  [storageKeys.settings]: '{"ownKey":{"provider":"gemini","apiKey":"AIza-secret","model":"","baseUrl":""}}',
  [storageKeys.theme]: '"dark"',
  [storageKeys.privacy]: '{"replaceNames":false,"namesSentBy":[]}',
  [`${STORAGE_PREFIX}output-language`]: '"fr"',
};

const others = {
  'other-app:projects': '["theirs"]',
  studyforge: 'no colon: not ours',
  'studyforge-notes': 'a neighbour with a similar name',
  'StudyForge:projects': 'another case: not ours',
  'x:studyforge:projects': 'ours only as a suffix',
  '': 'the empty key',
};

function storageWith(...sets: Record<string, string>[]): MemoryStorage {
  const storage = new MemoryStorage();
  // Interleaved, so removing ours shifts the indexes of the others.
  const entries = sets.flatMap((set) => Object.entries(set));
  entries.sort(([a], [b]) => (a.length % 3) - (b.length % 3));
  for (const [key, value] of entries) storage.setItem(key, value);
  return storage;
}

beforeEach(() => vi.spyOn(console, 'warn').mockImplementation(() => undefined));
afterEach(() => vi.restoreAllMocks());

describe('deleteAllStoredData', () => {
  it('removes every StudyForge key and says how many', () => {
    const storage = storageWith(ours, others);
    expect(deleteAllStoredData(storage)).toBe(Object.keys(ours).length);
    expect(storedKeysOfThisApp(storage)).toEqual([]);
    expect(storage.getItem(storageKeys.settings)).toBeNull();
  });

  it("leaves other apps' keys on the same origin as they were", () => {
    const storage = storageWith(ours, others);
    deleteAllStoredData(storage);
    expect(Object.fromEntries(storage.items)).toEqual(others);
  });

  it('removes nothing else when there is nothing of ours, and says 0', () => {
    const storage = storageWith(others);
    expect(deleteAllStoredData(storage)).toBe(0);
    expect(Object.fromEntries(storage.items)).toEqual(others);
  });

  it('removes the rest when one key is refused, then says how many are left', () => {
    const storage = storageWith(ours, others);
    storage.refuse.add(storageKeys.settings);
    expect(() => deleteAllStoredData(storage)).toThrow(new UserFacingError(couldNotDeleteAll(1)));
    expect(storedKeysOfThisApp(storage)).toEqual([storageKeys.settings]);
    expect(Object.fromEntries([...storage.items].filter(([key]) => key !== storageKeys.settings))).toEqual(others);
    expect(couldNotDeleteAll(2)).toContain('refused to remove 2 stored items');
  });

  it("shows the app's storage message when the browser gives no storage or refuses to list it", () => {
    expect(() => deleteAllStoredData(undefined)).toThrow(new UserFacingError(storageUnavailable));
    const storage = storageWith(ours);
    vi.spyOn(storage, 'key').mockImplementation(() => {
      throw new DOMException('The operation is insecure.', 'SecurityError');
    });
    expect(() => deleteAllStoredData(storage)).toThrow(new UserFacingError(storageUnavailable));
  });
});
