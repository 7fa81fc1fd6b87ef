import { describe, expect, it } from 'vitest';
import { changeRequestProblem, MAX_CHANGE_REQUEST_LENGTH, refinementsOf } from './changeRequests';
import { languageName, nativeLanguageName, OUTPUT_LANGUAGES, outputInstruction, readingScaleOf } from './outputOptions';
import { measureResult, proseOfMarkdown } from './readingLevel';

describe('output languages', () => {
  it('offer at least 25 languages, each with its own English name from Intl.DisplayNames', () => {
    expect(OUTPUT_LANGUAGES.length).toBeGreaterThanOrEqual(25);
    const names = OUTPUT_LANGUAGES.map(languageName);
    expect(new Set(names).size).toBe(names.length);
    // A name, not the code echoed back.
    for (const [i, name] of names.entries()) expect(name.toLowerCase()).not.toBe(OUTPUT_LANGUAGES[i]);
    expect(languageName('es')).toBe('Spanish');
    expect(nativeLanguageName('es')).toBe('español');
  });

  it('go into the prompt as an instruction about the answer only, keeping JSON keys and fixed values', () => {
    const text = outputInstruction({ language: 'es', level: '' });
    expect(text).toContain('write every part of your answer in Spanish (es)');
    expect(text).toContain('material inside <user_input> tags');
    expect(text).toContain('keep every key and every fixed value');
    expect(text).not.toContain('Reading level');
    expect(outputInstruction({ language: 'en', level: 'grade-5' })).toContain('Reading level: write for a US grade 5 reader');
    expect(outputInstruction({ language: 'en', level: 'B1' })).toContain('CEFR level B1');
  });
});

describe('which tools get what', () => {
  it('gives student and teacher tools grades, and lets a file choose or opt out', () => {
    expect(readingScaleOf({})).toBe('grade');
    // A teacher asks for "Spanish, grade 4" as a choice, not by typing it into Ask.
    expect(readingScaleOf({ role: 'teacher' })).toBe('grade');
    expect(readingScaleOf({ role: 'teacher', refine: { readingLevel: false } })).toBeNull();
    expect(readingScaleOf({ refine: { readingLevel: 'cefr' } })).toBe('cefr');
    expect(readingScaleOf({ role: 'teacher', refine: { readingLevel: 'grade' } })).toBe('grade');
    expect(readingScaleOf({ refine: false })).toBeNull();
    expect(refinementsOf({ refine: false })).toEqual([]);
    const own = { label: 'More encouraging', instruction: 'Make it more encouraging.' };
    expect(refinementsOf({ refine: { refinements: [own] } }).map((r) => r.label)).toEqual([
      'Shorter', 'Longer', 'Simpler', 'More challenging', 'More examples', 'Friendlier', 'More formal', 'More encouraging',
    ]);
  });
});

describe('a typed change', () => {
  it('is refused when blank or over the limit, saying the limit and the length', () => {
    expect(changeRequestProblem('   ')).toBe('Type the change you want first.');
    expect(changeRequestProblem('in Spanish for grade 5')).toBeNull();
    expect(changeRequestProblem('x'.repeat(MAX_CHANGE_REQUEST_LENGTH))).toBeNull();
    expect(changeRequestProblem('x'.repeat(MAX_CHANGE_REQUEST_LENGTH + 12))).toMatch(/^A change request can be at most 500 characters; this one has 512\./);
  });
});

describe('the prose measured', () => {
  it('is markdown without markup: headings and bullets read as sentences, code and links dropped', () => {
    expect(proseOfMarkdown('## Summary\n- **Cells** divide\n- See [the book](https://x.y)\n```\ncode()\n```\nDone.')).toBe('Summary. Cells divide. See the book. Done.');
  });

  it('of a structured result is every text value; a short one gives no measurement', () => {
    expect(measureResult({ kind: 'json', data: { a: 'Short.', b: ['Also short.'] } })).toBeNull();
    const long = 'Plants make their own food from sunlight and water in their green leaves every day.';
    const measured = measureResult({ kind: 'json', data: { a: long, b: [long, { c: long }], link: 'https://example.org' } });
    expect(measured?.grade).toBeGreaterThan(0);
  });
});
