import { describe, expect, it } from 'vitest';
import { answersMatch } from './answers';
import { quizContract } from './contract';

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

describe('the quiz contract\'s compareAnswers option', () => {
  const compareOf = (options: unknown) => quizContract.options.safeParse(options);

  it('reads the mode a registry file gives', () => {
    expect(compareOf({ compareAnswers: 'exact' }).data?.compareAnswers).toBe('exact');
    expect(compareOf({ compareAnswers: 'caseInsensitive' }).data?.compareAnswers).toBe('caseInsensitive');
  });

  it('defaults to exact when no mode is given', () => {
    expect(compareOf({}).data?.compareAnswers).toBe('exact');
  });

  it('refuses an unknown mode or key rather than silently accepting near-misses as right', () => {
    expect(compareOf({ compareAnswers: 'CaseInsensitive' }).success).toBe(false);
    expect(compareOf({ compareAnswers: 1 }).success).toBe(false);
    expect(compareOf({ somethingElse: true }).success).toBe(false);
  });
});

describe('case-insensitive answers in the language the quiz is written in', () => {
  it('folds case by that language\u2019s rules', () => {
    // Turkish dotted capital I lowercases to a plain i only under Turkish rules.
    expect(answersMatch('İstanbul', 'istanbul', 'caseInsensitive', 'tr')).toBe(true);
    expect(answersMatch('İstanbul', 'istanbul', 'caseInsensitive', 'en')).toBe(false);
    expect(answersMatch('ÉCOLE', 'école', 'caseInsensitive', 'fr')).toBe(true);
    expect(answersMatch('Straße', 'straße', 'caseInsensitive', 'de')).toBe(true);
  });
});
