/*
 * Math: formulas in answers. Finds TeX delimiters in text (with the kernel's
 * scanner, src/kernel/mathDelimiters.ts, which the sanitiser needs for every
 * result) and renders them with KaTeX, which loads only when a text holds a
 * formula.
 *
 * Offers: finding and splitting math in text, the markdown extension that
 * keeps it whole, a loader for the KaTeX renderer, and one for writing a
 * text's formulas as plain Unicode text (for the plain half of a copy).
 */
export { containsMath, mathExtension, splitMath, type MathRenderer, type Segment } from '../../kernel/mathDelimiters';

/** KaTeX and its renderer, loaded when a text holds math. */
export const loadKatex = () => import('./katex');

/** A text's formulas as Unicode text (C₆H₁₂O₆, x²), loaded with the rich copy that needs it. */
export const loadPlainTextMath = () => import('./plainTextMath');
