import { describe, expect, it } from 'vitest';
import { searchTools, tools } from '../../kernel/catalogue';
import type { ToolMeta } from '../../kernel/defineTool';
import { searchTerms, searchWithIndex } from './searchIndex';
import { rankTools } from './toolSearch';

/*
 * Search by need, over the real catalogue and the search index the
 * registry plugin generates from registry/: what students and teachers type
 * ("biology", "revise", "homework", "test") finds the tools they need, best
 * first, and no query breaks the search.
 */

const ids = (query: string) => searchWithIndex(tools, query).map((t) => t.id);

describe('search by need', () => {
  it.each([
    ['biology', ['lab-helper', 'textbook-buddy', 'concept-cracker', 'smart-notes', 'flashcard-generator']],
    ['revise', ['quiz-whiz', 'flashcard-generator', 'study-plan-ai', 'smart-notes', 'interactive-quiz-builder']],
    ['science', ['lab-helper', 'math-mentor', 'concept-cracker', 'doubt-bot']],
    ['homework', ['math-mentor', 'doubt-bot', 'assignment-deconstructor', 'time-estimator']],
    ['test', ['quiz-whiz', 'smart-notes', 'study-plan-ai', 'interactive-quiz-builder', 'flashcard-generator']],
  ])('"%s" finds the tools made for it', (query, expected) => {
    const found = ids(query);
    expect(found.length).toBeGreaterThanOrEqual(3);
    expect(found).toEqual(expect.arrayContaining(expected));
  });

  it('finds biology tools by their subject only: nothing unrelated comes along', () => {
    for (const id of ids('biology')) expect(searchTerms[id]?.subjects, id).toContain('biology');
  });

  it('is case-insensitive and ignores spaces around the query', () => {
    expect(ids('  BIOLOGY ')).toEqual(ids('biology'));
    expect(ids('Revise')).toEqual(ids('revise'));
  });

  it('lists title matches first, then subject and keyword matches, then description matches', () => {
    const found = ids('notes');
    // "Audio Notes" has a word starting with the query; "SmartNotes" holds it inside a word.
    expect(found.slice(0, 2)).toEqual(['audio-notes', 'smart-notes']);
    // Keyword Extractor lists "notes" as a keyword; Flashcard Generator only says "Turn your notes" in its description.
    expect(found.indexOf('keyword-extractor')).toBeLessThan(found.indexOf('flashcard-generator'));
    expect(found.indexOf('flashcard-generator')).toBeGreaterThan(-1);
    const quiz = ids('quiz');
    expect(quiz.slice(0, 2).sort()).toEqual(['interactive-quiz-builder', 'quiz-whiz']);
  });

  it('puts the tool whose file lists the term first ahead of tools listing it further down', () => {
    // QuizWhiz lists "test" and "revise" among its first keywords: it is what Enter opens for "revise".
    expect(ids('revise')[0]).toBe('quiz-whiz');
  });

  it('finds a tool by its category, as the catalogue lists it', () => {
    const inCategory = tools.filter((t) => t.category === 'Math and science').map((t) => t.id);
    // The category holds the whole query; tools with maths and science among their subjects follow, matched word by word.
    expect(ids('math and science').slice(0, inCategory.length).sort()).toEqual(inCategory.sort());
    expect(ids('math and science')).toContain('concept-cracker');
  });

  it('matches a query of several words when each word matches somewhere, after whole-query matches', () => {
    const found = ids('biology homework');
    expect(found).toContain('concept-cracker');
    for (const id of found) expect(searchTerms[id]?.subjects).toContain('biology');
    // Filler words do not rule a tool out.
    expect(ids('help with my biology homework')).toEqual(found);
    // A word nothing matches does.
    expect(ids('biology zzqqxx')).toEqual([]);
  });

  it('keeps the whole list, in its order, for a blank query', () => {
    expect(searchWithIndex(tools, '')).toBe(tools);
    expect(searchWithIndex(tools, '   ')).toBe(tools);
  });

  it.each([
    ['Cyrillic', 'биология'],
    ['Chinese', '生物学 考试'],
    ['Arabic', 'مراجعة الأحياء'],
    ['emoji', '📚🧪'],
    ['a lone surrogate', '\ud83d'],
  ])('does not break on %s text', (_, query) => {
    expect(() => searchWithIndex(tools, query)).not.toThrow();
    expect(searchWithIndex(tools, query)).toEqual([]);
  });

  it('reads an accented letter as the letter under it, so "éxam" and "RÉSUMÉ" find what "exam" and "resume" find', () => {
    expect(ids('e\u0301xam')).toEqual(ids('exam'));
    expect(ids('exam').length).toBeGreaterThan(0);
    expect(ids('RÉSUMÉ')[0]).toBe('resume-rewriter');
  });

  it('answers a very long query quickly, without matching everything', () => {
    for (const query of ['a'.repeat(100_000), 'biology '.repeat(20_000), Array.from({ length: 5_000 }, (_, i) => `word${i}`).join(' ')]) {
      const start = performance.now();
      const found = searchWithIndex(tools, query);
      expect(performance.now() - start).toBeLessThan(250);
      expect(found.length).toBeLessThan(tools.length);
    }
    expect(ids('biology '.repeat(20_000))).toEqual(ids('biology'));
  });
});

describe('search before the index has loaded', () => {
  it('matches titles, descriptions and categories, ignoring case, but not subjects or keywords', () => {
    const found = (query: string) => searchTools(tools, query).map((t) => t.id);
    expect(found('ESSAY BUDDY')).toEqual(['essay-buddy']);
    expect(found('pomodoro')).toEqual(['focus-sprint-planner']);
    expect(found('MATH AND SCIENCE').sort()).toEqual(['lab-helper', 'math-mentor']);
    expect(found('biology')).toEqual([]);
    expect(found('')).toHaveLength(tools.length);
  });
});

describe('rankTools', () => {
  const tool = (id: string, title: string, description = 'A tool.'): ToolMeta => ({ id, title, description, icon: 'quiz', category: 'Writing' });
  const list = [tool('a', 'Alpha', 'Helps you revise.'), tool('b', 'Beta'), tool('c', 'Revise Right'), tool('d', 'Delta')];

  it('ranks a title, then a keyword (earlier listed first), then a description', () => {
    const terms = { b: { keywords: ['exam', 'revise'] }, d: { subjects: ['revise'] } };
    expect(rankTools(list, 'revise', terms).map((t) => t.id)).toEqual(['c', 'd', 'b', 'a']);
  });

  it('works with no index at all', () => {
    expect(rankTools(list, 'revise', {}).map((t) => t.id)).toEqual(['c', 'a']);
  });
});
