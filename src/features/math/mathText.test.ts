// @vitest-environment jsdom
import { beforeAll, describe, expect, it } from 'vitest';
import type { MathRenderer } from '../../kernel/mathDelimiters';
import { loadMathRenderer } from './katex';
import { texAsText } from './mathText';
import { plainTextMath } from './plainTextMath';

/*
 * The plain-text half of a copy: a formula reads as a person would type it
 * (C₆H₁₂O₆, x², ΔG, →, a/b), never as its TeX; and everything that is not a
 * formula (code, prices, escaped dollars) stays exactly as written.
 */

let render: MathRenderer;
beforeAll(async () => {
  render = await loadMathRenderer();
});

describe('a formula as Unicode text', () => {
  const cases: [string, string][] = [
    ['C_6H_{12}O_6', 'C₆H₁₂O₆'],
    ['2x^2 - 7x + 3', '2x² − 7x + 3'],
    ['\\Delta G^\\circ = \\Delta H - T\\Delta S', 'ΔG° = ΔH − TΔS'],
    ['6CO_2 + 6H_2O \\rightarrow C_6H_{12}O_6 + 6O_2', '6CO₂ + 6H₂O → C₆H₁₂O₆ + 6O₂'],
    ['x = \\frac{7 \\pm 5}{4}', 'x = (7 ± 5)/4'],
    ['\\frac{1}{2}', '1/2'],
    ['a = -6', 'a = −6'],
    ['\\sqrt{b^2 - 4ac}', '√(b² − 4ac)'],
    ['e^{i\\pi}', 'e^(iπ)'],
    ['x_{n+1}', 'xₙ₊₁'],
    ['\\bar{x}', 'x̄'],
    ['\\sum_{i=1}^{n} i', '∑ᵢ₌₁ⁿ i'],
  ];
  it.each(cases)('%s reads as %s', (tex, text) => {
    expect(texAsText(render)(tex, false)).toBe(text);
  });

  it('gives nothing for TeX KaTeX cannot read, so the caller keeps the source', () => {
    expect(texAsText(render)('\\frac{1}{', false)).toBeNull();
  });
});

describe('an answer with its formulas as text', () => {
  it('rewrites inline and display math and leaves the rest as written', () => {
    const answer = '## Photosynthesis\n\nGlucose is $C_6H_{12}O_6$.\n\n$$\\Delta G = \\Delta H - T\\Delta S$$\n\n- **Root:** $x = \\frac{1}{2}$';
    expect(plainTextMath(answer, render)).toBe('## Photosynthesis\n\nGlucose is C₆H₁₂O₆.\n\nΔG = ΔH − TΔS\n\n- **Root:** x = 1/2');
  });

  it('keeps code, prices and escaped dollars as they are', () => {
    const answer = 'It costs $5 and $10, or \\$x\\$ in cash.\n\nIn code `$x^2$` stays.\n\n```\necho "$HOME $x^2$"\n```\n\nBut $x^2$ is math.';
    expect(plainTextMath(answer, render)).toBe('It costs $5 and $10, or \\$x\\$ in cash.\n\nIn code `$x^2$` stays.\n\n```\necho "$HOME $x^2$"\n```\n\nBut x² is math.');
  });

  it('keeps a formula KaTeX cannot read as its source', () => {
    expect(plainTextMath('Broken $\\frac{1}{$ and fine $x^2$.', render)).toBe('Broken $\\frac{1}{$ and fine x².');
  });
});
