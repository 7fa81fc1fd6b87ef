import { describe, expect, it } from 'vitest';
import { dataDirection, firstStrongDirection, isRightToLeftLanguage, textDirection } from './textDirection';

describe('which way an answer reads', () => {
  it('is right to left for an answer asked in Arabic, Hebrew, Persian or Urdu, whatever its first letter', () => {
    for (const language of ['ar', 'he', 'fa', 'ur', 'ar-EG', 'pa-Arab']) {
      expect(textDirection('Photosynthesis: النباتات تصنع غذاءها', language), language).toBe('rtl');
    }
  });

  it('follows the first letter when the chosen language is written left to right', () => {
    expect(textDirection('## البناء الضوئي\n\nPlants make food.', 'en')).toBe('rtl');
    expect(textDirection('1. **שלום** world')).toBe('rtl');
    expect(textDirection('## Photosynthesis\n\nالنباتات', 'en')).toBe('ltr');
    expect(textDirection('Привет', 'ru')).toBe('ltr');
  });

  it('is left to right for text with no letters (numbers, symbols, nothing)', () => {
    expect(textDirection('')).toBe('ltr');
    expect(textDirection('123 — ٣٤٥ * # 42')).toBe('ltr');
    expect(firstStrongDirection('٣٤٥ ...')).toBeNull();
  });

  it('knows which languages are written right to left, by their tag', () => {
    expect(['ar', 'he', 'fa', 'ur', 'ps', 'yi', 'FA-ir'].every(isRightToLeftLanguage)).toBe(true);
    expect(['en', 'es', 'hi', 'zh', 'ar-Latn', undefined, ''].some(isRightToLeftLanguage)).toBe(false);
  });

  it('reads a structured answer by its values, never its English keys', () => {
    expect(dataDirection({ lessonTitle: 'الكسور', steps: ['خطوة'] })).toBe('rtl');
    expect(dataDirection({ title: 42, body: [{ text: 'Fractions' }, 'الكسور'] })).toBe('ltr');
    expect(dataDirection({ title: 'Fractions' }, 'ar')).toBe('rtl');
    expect(dataDirection(null)).toBe('ltr');
  });

  it('reads nesting deeper than any result has as nothing, without overflowing', () => {
    let deep: unknown = 'الكسور';
    for (let i = 0; i < 100_000; i++) deep = [deep];
    expect(dataDirection(deep)).toBe('ltr');
    expect(dataDirection(deep, 'ar')).toBe('rtl');
  });
});
