import { describe, expect, it } from 'vitest';
import { partialJson } from './partialAnswer';

describe('partialJson (the streaming preview of a structured answer)', () => {
  it('reads what a partial object holds so far, strings included as they are written', () => {
    expect(partialJson('{"thesis": "Phones dist')).toEqual({ thesis: 'Phones dist' });
    expect(partialJson('{"thesis": "T", "structure": [{"heading": "Intro", "points": ["a", "b')).toEqual({
      thesis: 'T',
      structure: [{ heading: 'Intro', points: ['a', 'b'] }],
    });
  });

  it('shows numbers, booleans and null only once complete', () => {
    expect(partialJson('{"title": "Quiz", "score": 12')).toEqual({ title: 'Quiz' });
    expect(partialJson('{"title": "Quiz", "done": tr')).toEqual({ title: 'Quiz' });
    expect(partialJson('{"title": "Quiz", "score": 125, ')).toEqual({ title: 'Quiz', score: 125 });
  });

  it('has nothing to show before the first readable piece, or for text that is not JSON', () => {
    expect(partialJson('')).toBeUndefined();
    expect(partialJson('   ')).toBeUndefined();
    expect(partialJson('{')).toEqual({});
    expect(partialJson('Sure! Here is')).toBeUndefined();
  });

  it('reads through a markdown fence, open or closed', () => {
    expect(partialJson('```json\n{"thesis": "Fen')).toEqual({ thesis: 'Fen' });
    expect(partialJson('```json\n{"thesis": "Fenced"}\n```')).toEqual({ thesis: 'Fenced' });
    expect(partialJson('```')).toBeUndefined();
  });

  it('equals JSON.parse on a complete answer', () => {
    const whole = { a: [1, 2, { b: 'c' }], d: null, e: false, f: 'g\n"h"' };
    expect(partialJson(JSON.stringify(whole))).toEqual(whole);
  });
});
