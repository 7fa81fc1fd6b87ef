import { describe, expect, it } from 'vitest';
import { groupOutput } from './groupOutput';

describe('a class group’s language and reading level', () => {
  it('reads a language by its code or its English name, and a level as the refine bar names it', () => {
    expect(groupOutput({ language: 'Spanish', readingLevel: 'Grade 4' })).toEqual({ options: { language: 'es', level: 'grade-4' } });
    expect(groupOutput({ language: 'es', readingLevel: 'CEFR B1' })).toEqual({ options: { language: 'es', level: 'B1' } });
    expect(groupOutput({ readingLevel: 'adult' })).toEqual({ options: { language: 'en', level: 'adult' } });
    expect(groupOutput({})).toEqual({ options: { language: 'en', level: '' } });
  });

  it('refuses a language or level it does not know with a sentence, rather than writing English', () => {
    expect(groupOutput({ language: 'Klingon' })).toEqual({ problem: expect.stringContaining('"Klingon"') });
    expect(groupOutput({ readingLevel: 'Grade 40' })).toEqual({ problem: expect.stringContaining('"Grade 40" is not a reading level') });
  });
});
