// @vitest-environment jsdom
import { beforeAll, describe, expect, it } from 'vitest';
import { markdownToSafeHtml, textWithMathToSafeHtml } from '../../kernel/safeHtml';
import { xssPayloads } from '../../kernel/testing/xssPayloadList';
import { findDanger } from '../../kernel/testing/xssScan';
import { containsMath, splitMath, type MathRenderer } from '../../kernel/mathDelimiters';
import { loadMathRenderer } from './katex';

/*
 * Math in answers: TeX between $…$, $$…$$, \(…\) and \[…\]
 * becomes MathML a browser lays out; money stays money, code stays code,
 * malformed TeX shows as its source, and no TeX can carry HTML, a link or a
 * script into the page (the XSS corpus, wrapped in each delimiter).
 */

let render: MathRenderer;
beforeAll(async () => {
  render = await loadMathRenderer();
});

function dom(html: string): HTMLElement {
  const root = document.createElement('div');
  root.innerHTML = html;
  return root;
}

describe('finding math', () => {
  it('takes the four delimiters, and leaves prices and escaped dollars as text', () => {
    expect(splitMath('Area $A = \\pi r^2$ and \\(E = mc^2\\), then $$\\int_0^1 x\\,dx$$ or \\[a^2 + b^2 = c^2\\].').filter((s) => s.kind === 'math')).toEqual([
      { kind: 'math', tex: 'A = \\pi r^2', display: false, source: '$A = \\pi r^2$' },
      { kind: 'math', tex: 'E = mc^2', display: false, source: '\\(E = mc^2\\)' },
      { kind: 'math', tex: '\\int_0^1 x\\,dx', display: true, source: '$$\\int_0^1 x\\,dx$$' },
      { kind: 'math', tex: 'a^2 + b^2 = c^2', display: true, source: '\\[a^2 + b^2 = c^2\\]' },
    ]);
    for (const text of ['It costs $5 and $10.', 'Between $ 3 and 4 $ there.', 'A \\$5 note and a \\$10 note', 'Pay $20, get $5 back', 'No math here.']) {
      expect(containsMath(text), text).toBe(false);
    }
  });
});

describe('math in a markdown answer', () => {
  it('renders as MathML, inline and on a line of its own, with the TeX kept as its annotation', () => {
    const root = dom(markdownToSafeHtml('Solve $2x^2 - 7x + 3 = 0$:\n\n$$x = \\frac{7 \\pm 5}{4}$$', render));
    const maths = root.querySelectorAll('math');
    expect(maths).toHaveLength(2);
    expect(maths[0]!.getAttribute('display')).toBeNull();
    expect(maths[1]!.getAttribute('display')).toBe('block');
    expect(maths[1]!.querySelector('mfrac')).not.toBeNull();
    expect(maths[0]!.querySelector('annotation')!.textContent).toBe('2x^2 - 7x + 3 = 0');
    expect(root.textContent).not.toContain('$');
  });

  it('leaves code as code, and shows malformed TeX as its source', () => {
    const root = dom(markdownToSafeHtml('Type `$x^2$` to get $x^2$; broken: $\\frac{1}{$ ends.', render));
    expect(root.querySelector('code')!.textContent).toBe('$x^2$');
    expect(root.querySelectorAll('math')).toHaveLength(1);
    expect(root.textContent).toContain('$\\frac{1}{$');
  });

  it('shows every formula as source until KaTeX has loaded, never mangled by markdown', () => {
    const root = dom(markdownToSafeHtml('Here \\(a_1 * b_2 * c\\) and $x_1 + x_2$.', () => null));
    expect(root.textContent!.trim()).toBe('Here \\(a_1 * b_2 * c\\) and $x_1 + x_2$.');
    expect(root.querySelector('em, math')).toBeNull();
  });

  it('refuses links, HTML and styles written in TeX', () => {
    const root = dom(markdownToSafeHtml('$\\href{javascript:alert(1)}{x}$ $\\url{https://evil.example}$ $\\htmlClass{x}{y}$ $\\htmlStyle{color:red}{z}$ $\\includegraphics{x.png}$', render));
    expect(root.querySelector('[href], [style], [class], img')).toBeNull();
    expect(findDanger(root)).toEqual([]);
  });

  it.each([
    ['$…$', (p: string) => `$${p}$`],
    ['$$…$$', (p: string) => `$$${p}$$`],
    ['\\(…\\)', (p: string) => `\\(${p}\\)`],
    ['\\text{…}', (p: string) => `$\\text{${p}}$`],
    ['\\[…\\]', (p: string) => `\\[${p}\\]`],
  ])('the XSS corpus wrapped in %s never becomes markup', (_, wrap) => {
    const markdown = xssPayloads.map((p) => wrap(p.payload)).join('\n\n');
    const root = dom(markdownToSafeHtml(markdown, render));
    expect(findDanger(root)).toEqual([]);
    const plain = dom(textWithMathToSafeHtml(splitMath(markdown), render));
    expect(findDanger(plain)).toEqual([]);
  });
});

describe('math in plain text (a quiz question, a card)', () => {
  it('is MathML between escaped text', () => {
    const root = dom(textWithMathToSafeHtml(splitMath('If <b>$x^2 = 9$</b>, what is x?'), render));
    expect(root.querySelector('b')).toBeNull();
    expect(root.querySelector('math msup')).not.toBeNull();
    expect(root.textContent!.startsWith('If <b>')).toBe(true);
  });
});
