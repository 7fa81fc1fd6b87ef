import { describe, expect, it } from 'vitest';
import { bandWords, missedIndices, rightAnswerStillShown, scoreBand } from './outcome';
import type { QuizState } from './quizMachine';

const right = (given: string) => ({ given, correct: true });
const wrong = (given: string | null) => ({ given, correct: false });

describe('rightAnswerStillShown', () => {
  it('holds while the quiz is at the question after the right answer, or finished by it', () => {
    const playing: QuizState = { status: 'playing', index: 1, answers: [right('True')] };
    expect(rightAnswerStillShown(playing, { index: 0, given: 'True' })).toBe(true);
    const finished: QuizState = { status: 'finished', answers: [wrong('x'), right(' equal ')] };
    expect(rightAnswerStillShown(finished, { index: 1, given: ' equal ' })).toBe(true);
  });

  it('lets go once the quiz is anywhere else: moved on, reset, or the answer is not the one shown', () => {
    const shown = { index: 0, given: 'True' };
    expect(rightAnswerStillShown({ status: 'idle' }, shown)).toBe(false);
    expect(rightAnswerStillShown({ status: 'playing', index: 0, answers: [] }, shown)).toBe(false);
    expect(rightAnswerStillShown({ status: 'playing', index: 2, answers: [right('True'), right('x')] }, shown)).toBe(false);
    expect(rightAnswerStillShown({ status: 'playing', index: 1, answers: [right('False')] }, shown)).toBe(false);
    expect(rightAnswerStillShown({ status: 'playing', index: 1, answers: [wrong('True')] }, shown)).toBe(false);
    expect(
      rightAnswerStillShown({ status: 'remediating', index: 1, answers: [right('True'), wrong('x')], remediation: { phase: 'loading' } }, shown),
    ).toBe(false);
  });
});

describe('missedIndices', () => {
  it('names wrong and skipped questions in order', () => {
    expect(missedIndices([right('a'), wrong('b'), right('c'), wrong(null)])).toEqual([1, 3]);
    expect(missedIndices([right('a')])).toEqual([]);
  });
});

describe('scoreBand', () => {
  it('sets all right apart from at least half, and at least half from fewer than half', () => {
    expect(scoreBand(5, 5)).toBe('all');
    expect([scoreBand(4, 5), scoreBand(3, 5), scoreBand(1, 2)]).toEqual(['most', 'most', 'most']);
    expect([scoreBand(2, 5), scoreBand(0, 5)]).toEqual(['few', 'few']);
  });

  it('gives every band its own words', () => {
    const titles = Object.values(bandWords).map((w) => w.title);
    expect(new Set(titles).size).toBe(titles.length);
  });
});
