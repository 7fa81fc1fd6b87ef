// @vitest-environment jsdom
import { beforeEach, describe, expect, it } from 'vitest';
import { OUTPUT_LANGUAGE_KEY, useOutputLanguage } from '../refine';
import { chosenLanguage } from './transcriberHooks';

/*
 * The language sent with a recording: the one the user chose for answers, so a
 * transcriber that assumes English (whisper.cpp) decodes the right one; never
 * the default, which would stop a service detecting the language itself.
 */

beforeEach(() => {
  localStorage.clear();
});

describe('the spoken language sent with a recording', () => {
  it('is none until the user chooses an answer language, then that language', () => {
    expect(localStorage.getItem(OUTPUT_LANGUAGE_KEY)).toBeNull();
    expect(chosenLanguage()).toBeUndefined();
    useOutputLanguage.getState().setLanguage('fr');
    expect(chosenLanguage()).toBe('fr');
  });
});
