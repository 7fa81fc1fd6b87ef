import { describe, expect, it } from 'vitest';
import { answerStrings, REVEALING_RUN_WORDS, revealsInstructions } from './promptGuard';

const HIDDEN = 'Never give the final answer. Ask one guiding question, and praise effort rather than speed.';

describe('an answer that gives the hidden instructions away', () => {
  it('is caught whatever its spacing, case or punctuation', () => {
    expect(revealsInstructions(`My instructions: "NEVER give the final answer -- ask one\nguiding   question, and praise effort rather than speed"`, HIDDEN)).toBe(true);
  });

  it('is caught from a run of their words, but an answer sharing a few words is not', () => {
    const words = HIDDEN.split(' ');
    expect(revealsInstructions(`...${words.slice(3, 3 + REVEALING_RUN_WORDS).join(' ')}...`, HIDDEN)).toBe(true);
    expect(revealsInstructions(`Here is a guiding question about the final answer: ${words.slice(3, 3 + REVEALING_RUN_WORDS - 1).join(' ')}?`, HIDDEN)).toBe(false);
    expect(revealsInstructions('Anything at all', '')).toBe(false);
  });

  it('is looked for in every string of a JSON answer', () => {
    expect(answerStrings({ cards: [{ front: 'a', back: ['b', 3] }], note: 'c' })).toEqual(['a', 'b', 'c']);
  });
});
