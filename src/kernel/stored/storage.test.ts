// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { UserFacingError } from '../messages';
import { readStored, StorageFullError, storageUnavailable, writeStored, writeStoredOrWarn } from './storage';
import { zodReader } from './zodReader';

const listSchema = zodReader(z.array(z.object({ id: z.string() })));

beforeEach(() => {
  localStorage.clear();
  vi.spyOn(console, 'warn').mockImplementation(() => undefined);
});
afterEach(() => vi.restoreAllMocks());

describe('readStored', () => {
  it('returns the stored value when it fits the schema', () => {
    localStorage.setItem('k', JSON.stringify([{ id: 'a' }]));
    expect(readStored('k', listSchema, [])).toEqual([{ id: 'a' }]);
  });

  it('returns the fallback for a missing key without logging', () => {
    expect(readStored('missing', listSchema, [])).toEqual([]);
    expect(console.warn).not.toHaveBeenCalled();
  });

  it('logs and discards a value that is not JSON', () => {
    localStorage.setItem('k', '{not json');
    expect(readStored('k', listSchema, [])).toEqual([]);
    expect(localStorage.getItem('k')).toBeNull();
    expect(console.warn).toHaveBeenCalledOnce();
  });

  it('logs and discards a value of the wrong shape', () => {
    localStorage.setItem('k', JSON.stringify({ id: 'not a list' }));
    expect(readStored('k', listSchema, [])).toEqual([]);
    expect(localStorage.getItem('k')).toBeNull();
    // The log says what did not fit, for whoever looks at the console.
    expect(console.warn).toHaveBeenCalledWith(expect.stringMatching(/discarding "k": it does not have the expected shape \(\(root\): .+\)/));
  });

  it('survives a browser that throws on any storage access', () => {
    vi.spyOn(Storage.prototype, 'getItem').mockImplementation(() => {
      throw new DOMException('denied', 'SecurityError');
    });
    expect(readStored('k', listSchema, [{ id: 'fallback' }])).toEqual([{ id: 'fallback' }]);
  });
});

describe('writeStored', () => {
  it('writes JSON', () => {
    writeStored('k', [{ id: 'a' }]);
    expect(localStorage.getItem('k')).toBe('[{"id":"a"}]');
  });

  it('turns a full quota into a StorageFullError with a message for the user', () => {
    vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('quota', 'QuotaExceededError');
    });
    expect(() => writeStored('k', 'x')).toThrow(StorageFullError);
    expect(() => writeStored('k', 'x')).toThrow(/storage is full/);
  });

  it('turns any other refusal (privacy settings) into a message for the user, not a crash', () => {
    vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('denied', 'SecurityError');
    });
    expect(() => writeStored('k', 'x')).toThrow(UserFacingError);
    expect(() => writeStored('k', 'x')).toThrow(storageUnavailable);
  });
});

describe('writeStoredOrWarn', () => {
  it('writes JSON and says so', () => {
    expect(writeStoredOrWarn('k', ['a'], 'could not')).toBe(true);
    expect(localStorage.getItem('k')).toBe('["a"]');
    expect(console.warn).not.toHaveBeenCalled();
  });

  it('logs a full quota with the caller\'s words instead of throwing, and says it did not store', () => {
    vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('quota', 'QuotaExceededError');
    });
    expect(writeStoredOrWarn('k', 'x', '[here] could not keep it')).toBe(false);
    expect(console.warn).toHaveBeenCalledWith('[here] could not keep it', expect.any(StorageFullError));
  });
});
