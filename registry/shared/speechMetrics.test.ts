import { describe, expect, it } from 'vitest';
import { countFillers, speechMetrics, wordsOf, wordsPerMinute } from './speechMetrics';

describe('wordsOf', () => {
  it('ignores punctuation and case, and keeps contractions whole', () => {
    expect(wordsOf("Hi everyone, um... today I'm going to talk!")).toEqual(['hi', 'everyone', 'um', 'today', "i'm", 'going', 'to', 'talk']);
    expect(wordsOf('  \n ')).toEqual([]);
  });
});

describe('wordsPerMinute', () => {
  it('is words / seconds x 60, rounded', () => {
    expect(wordsPerMinute(86, 42)).toBe(123);
    expect(wordsPerMinute(10, 4)).toBe(150);
  });

  it('is 0, not Infinity, for zero seconds', () => {
    expect(wordsPerMinute(12, 0)).toBe(0);
  });
});

describe('countFillers', () => {
  it('counts each filler whatever its case or punctuation', () => {
    expect(countFillers('Um, so... LIKE, basically: um!')).toEqual([
      { word: 'like', count: 1 },
      { word: 'um', count: 2 },
      { word: 'so', count: 1 },
      { word: 'basically', count: 1 },
    ]);
  });

  it('counts "you know" as one phrase, also across a line break, and not "you" or "know" alone', () => {
    expect(countFillers('You know, it was, you\nknow, hard. Do you know her? I know you.')).toEqual([{ word: 'you know', count: 3 }]);
  });

  it('does not count fillers inside other words', () => {
    expect(countFillers('Likewise the summer soared; errors are actual facts')).toEqual([]);
  });

  it('finds none in a clean sentence', () => {
    expect(countFillers('Bees pollinate a third of our food.')).toEqual([]);
  });
});

describe('speechMetrics', () => {
  it('puts the numbers together', () => {
    expect(speechMetrics('Um, bees matter. You know, they really do.', 6)).toEqual({
      transcript: 'Um, bees matter. You know, they really do.',
      wordCount: 8,
      durationSeconds: 6,
      wordsPerMinute: 80,
      fillerWords: [
        { word: 'um', count: 1 },
        { word: 'you know', count: 1 },
      ],
    });
  });
});
