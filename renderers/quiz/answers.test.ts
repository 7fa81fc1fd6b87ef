import { afterEach, describe, expect, it, vi } from 'vitest';
import { answersMatch, compareModeOf } from './answers';

describe('answersMatch', () => {
  describe('exact (QuizWhiz)', () => {
    it('accepts the identical answer', () => {
      expect(answersMatch('1929', '1929', 'exact')).toBe(true);
      expect(answersMatch('Buying shares with borrowed money', 'Buying shares with borrowed money', 'exact')).toBe(true);
    });

    it('keeps case', () => {
      expect(answersMatch('buying shares with borrowed money', 'Buying shares with borrowed money', 'exact')).toBe(false);
      expect(answersMatch('TRUE', 'True', 'exact')).toBe(false);
    });

    it('keeps surrounding spaces significant', () => {
      expect(answersMatch(' 1929', '1929', 'exact')).toBe(false);
      expect(answersMatch('1929 ', '1929', 'exact')).toBe(false);
    });

    it('rejects a different answer', () => {
      expect(answersMatch('1933', '1929', 'exact')).toBe(false);
    });
  });

  describe('caseInsensitive (interactive builder)', () => {
    it('ignores case', () => {
      expect(answersMatch('EQUAL', 'equal', 'caseInsensitive')).toBe(true);
      expect(answersMatch('Equal', 'equal', 'caseInsensitive')).toBe(true);
      expect(answersMatch('false', 'False', 'caseInsensitive')).toBe(true);
    });

    it('trims surrounding spaces on both sides', () => {
      expect(answersMatch('  equal \t', 'equal', 'caseInsensitive')).toBe(true);
      expect(answersMatch('equal', ' equal ', 'caseInsensitive')).toBe(true);
      expect(answersMatch('\n Equal\n', 'equal', 'caseInsensitive')).toBe(true);
    });

    it('still tells different answers apart, including inner spaces', () => {
      expect(answersMatch('unequal', 'equal', 'caseInsensitive')).toBe(false);
      expect(answersMatch('eq ual', 'equal', 'caseInsensitive')).toBe(false);
      expect(answersMatch('', 'equal', 'caseInsensitive')).toBe(false);
    });

    it('treats composed and decomposed accents alike', () => {
      expect(answersMatch('Caf\u00e9', 'cafe\u0301', 'caseInsensitive')).toBe(true);
    });
  });
});

describe('compareModeOf', () => {
  afterEach(() => vi.restoreAllMocks());

  it('reads the mode from rendererOptions', () => {
    expect(compareModeOf({ id: 'quiz-whiz', rendererOptions: { compareAnswers: 'exact' } })).toBe('exact');
    expect(compareModeOf({ id: 'interactive-quiz-builder', rendererOptions: { compareAnswers: 'caseInsensitive' } })).toBe('caseInsensitive');
  });

  it('defaults to exact when no mode is given', () => {
    expect(compareModeOf({ id: 't' })).toBe('exact');
    expect(compareModeOf({ id: 't', rendererOptions: {} })).toBe('exact');
    expect(compareModeOf({ id: 't', rendererOptions: { somethingElse: true } })).toBe('exact');
  });

  it('falls back to exact, with a warning, on an unknown mode', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    expect(compareModeOf({ id: 't', rendererOptions: { compareAnswers: 'CaseInsensitive' } })).toBe('exact');
    expect(compareModeOf({ id: 't', rendererOptions: { compareAnswers: 1 } })).toBe('exact');
    expect(warn).toHaveBeenCalledTimes(2);
  });
});
