// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { storageKeys } from '../../kernel/stored/storage';
import { rememberSampleNoticeHidden, sampleNoticeHidden } from './sampleNoticePreference';

beforeEach(() => {
  localStorage.clear();
  vi.spyOn(console, 'warn').mockImplementation(() => undefined);
});
afterEach(() => vi.restoreAllMocks());

describe('the sample notice hidden', () => {
  it('shows until hidden, then stays hidden in this browser', () => {
    expect(sampleNoticeHidden()).toBe(false);
    rememberSampleNoticeHidden();
    expect(sampleNoticeHidden()).toBe(true);
  });

  for (const [what, raw] of [['not JSON', '{tru'], ['not true or false', '"yes"']] as const) {
    it(`shows the notice when what is stored is ${what}, and discards it`, () => {
      localStorage.setItem(storageKeys.sampleNoticeHidden, raw);
      expect(sampleNoticeHidden()).toBe(false);
      expect(localStorage.getItem(storageKeys.sampleNoticeHidden)).toBeNull();
    });
  }

  it('a browser refusing storage still hides it for the page, without an error', () => {
    vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('denied', 'SecurityError');
    });
    expect(() => rememberSampleNoticeHidden()).not.toThrow();
    expect(sampleNoticeHidden()).toBe(false);
  });
});
