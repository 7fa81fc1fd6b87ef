import { describe, expect, it } from 'vitest';
import { tools } from '../../kernel/catalogue';
import { editDistance, normalised, paletteSearch, projectEntry, startingEntries, toolEntry, type PaletteEntry } from './paletteSearch';

const screens: PaletteEntry[] = [
  { key: 'screen:dashboard', kind: 'screen', title: 'Dashboard', href: '/dashboard', icon: 'dashboard' },
  { key: 'screen:projects', kind: 'screen', title: 'Projects', href: '/projects', icon: 'folder' },
  { key: 'screen:settings', kind: 'screen', title: 'Settings', href: '/settings', icon: 'settings' },
];
const entries = [...tools.map(toolEntry), ...screens, projectEntry({ id: 'proj_1', name: 'Year 10 Chemistry' })];
const search = paletteSearch(entries);
const titles = (query: string) => search(query).map((entry) => entry.title);

describe('the command palette search', () => {
  it('finds a tool by a misspelt title, first', () => {
    expect(titles('flaschard')[0]).toBe('Flashcard Generator');
    expect(titles('rubrik')[0]).toBe('Rubric Builder');
    expect(titles('esay buddy')[0]).toBe('Essay Buddy');
  });

  it('ranks titles above descriptions, and finds screens and projects by name', () => {
    expect(titles('quiz').slice(0, 2).sort()).toEqual(['Interactive Quiz Builder', 'QuizWhiz']);
    expect(titles('setings')[0]).toBe('Settings');
    expect(titles('chemistry')[0]).toBe('Year 10 Chemistry');
    expect(search('chemistry')[0]?.href).toBe('/projects/proj_1');
  });

  it('finds a tool from a partly typed, misspelt word, and ignores accents and case', () => {
    expect(titles('flasc')[0]).toBe('Flashcard Generator');
    expect(titles('RÉSUMÉ')[0]).toBe('Resume Rewriter');
    expect(titles('lesson plan')[0]).toBe('Lesson Plan Variator');
    // Every word must fit: a second word that fits nothing leaves nothing.
    expect(titles('lesson zzzz')).toEqual([]);
  });

  it('answers nothing for a blank query, and copes with very long and non-Latin ones', () => {
    expect(search('')).toEqual([]);
    expect(search('   ')).toEqual([]);
    expect(Array.isArray(search('flashcard '.repeat(500)))).toBe(true);
    expect(search('математика')).toEqual([]);
    expect(search('数学の問題')).toEqual([]);
    expect(search('x'.repeat(10_000)).length).toBeLessThanOrEqual(20);
  });

  it('starts with favourites, then recent tools, each once, then the screens; unknown tools are dropped', () => {
    const start = startingEntries(entries, ['quiz-whiz', 'no-such-tool'], ['essay-buddy', 'quiz-whiz']);
    expect(start.map((entry) => entry.key)).toEqual(['tool:quiz-whiz', 'tool:essay-buddy', 'screen:dashboard', 'screen:projects', 'screen:settings']);
  });
});

describe("the ranking's parts", () => {
  it('counts an adjacent swap as one edit, and gives up past the limit', () => {
    expect(editDistance('flaschard', 'flashcard', 2)).toBe(1);
    expect(editDistance('rubrik', 'rubric', 1)).toBe(1);
    expect(editDistance('kitten', 'sitting', 3)).toBe(3);
    expect(editDistance('abcdef', 'uvwxyz', 2)).toBe(3);
    expect(editDistance('', 'abc', 5)).toBe(3);
  });

  it('normalises case, accents and punctuation to single spaces', () => {
    expect(normalised('  Résumé -- Rewriter! ')).toBe('resume rewriter');
    expect(normalised('QuizWhiz')).toBe('quizwhiz');
    expect(normalised('数学 の 問題')).toBe('数学 の 問題');
  });
});
