/*
 * Finding formulas is kernel (src/kernel/mathDelimiters.ts): the sanitiser
 * needs it for every result. The math feature's code and the exports read it
 * from here, beside the KaTeX renderer that is the feature's own.
 */
export { containsMath, mathExtension, splitMath, type MathRenderer, type MathSegment, type Segment } from '../../kernel/mathDelimiters';
