import { describe, expect, it } from 'vitest';
import { placeholderOf, rosterPseudonyms } from './rosterNames';

describe('roster names before the model', () => {
  const roster = rosterPseudonyms([
    { shown: 'Ana', otherNames: ['Ana Lopez'] },
    { shown: 'Sam', otherNames: ['Sam Taylor'] },
  ]);

  it('replaces whole names in any case and spacing, and leaves words that merely contain one', () => {
    expect(roster.hide('ANA lopez told sam and Samantha about bananas')).toBe('Student A told Student B and Samantha about bananas');
    expect(roster.hide('Ana   Lopez')).toBe('Student A');
  });

  it('gives the names back everywhere in an answer, text or JSON', () => {
    expect(roster.restore({ kind: 'json', data: [{ note: 'Student B helped Student A.' }] })).toEqual({ kind: 'json', data: [{ note: 'Sam helped Ana.' }] });
    expect(roster.restore('Student AB is not Student A')).toBe('Student AB is not Ana');
  });

  it('has a placeholder for every student of a large class', () => {
    expect([0, 25, 26, 27, 701].map(placeholderOf)).toEqual(['Student A', 'Student Z', 'Student AA', 'Student AB', 'Student ZZ']);
  });
});
