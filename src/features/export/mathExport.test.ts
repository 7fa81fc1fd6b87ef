// @vitest-environment jsdom
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { MathRenderer } from '../../kernel/mathDelimiters';
import { loadKatex } from '../math';
import { defaultDocument } from './document';
import { contentHtml } from './html';
import { PRINT_ROOT_ID, printDocument } from './printDocument';

/*
 * Formulas in the rich copy and on paper: rendered as MathML, as on screen,
 * never as their TeX; code, prices and escaped dollars stay as written.
 */

let render: MathRenderer;
beforeAll(async () => {
  render = await (await loadKatex()).loadMathRenderer();
});
afterEach(() => {
  document.getElementById(PRINT_ROOT_ID)?.remove();
  vi.restoreAllMocks();
});

const answer = [
  '## Energy',
  'Glucose is $C_6H_{12}O_6$, and **$x^2$** is bold.',
  '$$\\Delta G = \\Delta H - T\\Delta S$$',
  '- The root: $x = \\frac{1}{2}$',
  'It costs $5 and $10, or \\$3 in cash.',
  'In code `$x^2$` stays.',
].join('\n\n');
const doc = () => defaultDocument({ toolTitle: 'Math Mentor', data: answer });
const parse = (html: string) => new DOMParser().parseFromString(html, 'text/html').body;
/** What a reader sees: a formula's TeX annotation (kept for apps that read it back) is never shown. */
function shownText(root: Element): string {
  const copy = root.cloneNode(true) as Element;
  copy.querySelectorAll('annotation').forEach((a) => a.remove());
  return copy.textContent ?? '';
}

describe('the rich copy with math', () => {
  it('holds each formula as MathML (a block for display math) and no TeX source', () => {
    const body = parse(contentHtml(doc(), render));
    const maths = [...body.querySelectorAll('math')];
    expect(maths).toHaveLength(4);
    expect(maths.map((m) => m.getAttribute('display'))).toEqual([null, null, 'block', null]);
    expect(body.querySelector('strong math')).not.toBeNull();
    expect(body.querySelector('li math')).not.toBeNull();
    const text = shownText(body);
    expect(text).not.toContain('C_6');
    expect(text).not.toContain('\\Delta');
    expect(text).toContain('It costs $5 and $10, or $3 in cash.');
    expect(text).toContain('In code $x^2$ stays.');
    expect(body.querySelector('code')?.textContent).toBe('$x^2$');
  });

  it('without a renderer, or for TeX KaTeX cannot read, shows the source as text', () => {
    expect(parse(contentHtml(doc())).querySelectorAll('math')).toHaveLength(0);
    expect(parse(contentHtml(doc())).textContent).toContain('Glucose is $C_6H_{12}O_6$');
    const broken = defaultDocument({ toolTitle: 'x', data: 'See $\\frac{1}{$ here' });
    expect(parse(contentHtml(broken, render)).textContent).toBe('See $\\frac{1}{$ here');
  });

  it('renders formulas in headings and table cells too, and keeps code in a cell as written', () => {
    const table = defaultDocument({ toolTitle: 'x', data: '## Solving $x^2 = 4$\n\n| Formula | Code |\n|---|---|\n| $C_6H_{12}O_6$ | `$x$` |\n' });
    const body = parse(contentHtml(table, render));
    expect(body.querySelector('h2 math')).not.toBeNull();
    expect(body.querySelector('td math')).not.toBeNull();
    expect(body.querySelectorAll('td')[1]?.textContent).toBe('$x$');
    expect(shownText(body)).not.toContain('C_6');
  });

  it("a model's own placeholder characters cannot pull a formula into another place", () => {
    const body = parse(contentHtml(defaultDocument({ toolTitle: 'x', data: '# Title \ue0000\ue001\n\nOne $x$ here.' }), render));
    expect(body.querySelector('h1, h2')?.textContent).toBe('Title 0');
    expect(body.querySelectorAll('math')).toHaveLength(1);
  });
});

describe('print with math', () => {
  it('prints each formula as MathML, after loading KaTeX, and prices and code as written', async () => {
    const print = vi.spyOn(window, 'print').mockImplementation(() => {});
    await printDocument(doc());
    expect(print).toHaveBeenCalledTimes(1);
    const root = document.getElementById(PRINT_ROOT_ID)!;
    expect(root.querySelectorAll('math')).toHaveLength(4);
    expect(root.querySelector('math')?.namespaceURI).toBe('http://www.w3.org/1998/Math/MathML');
    const text = shownText(root);
    expect(text).not.toContain('C_6');
    expect(text).not.toContain('$$');
    expect(text).toContain('It costs $5 and $10, or $3 in cash');
  });

  it('prints formulas in headings and table cells as MathML', async () => {
    vi.spyOn(window, 'print').mockImplementation(() => {});
    await printDocument(defaultDocument({ toolTitle: 'x', data: '## Solving $x^2 = 4$\n\n| Formula |\n|---|\n| $C_6H_{12}O_6$ |\n' }));
    const root = document.getElementById(PRINT_ROOT_ID)!;
    expect(root.querySelector('h2 math')).not.toBeNull();
    expect(root.querySelector('td math')).not.toBeNull();
    expect(shownText(root)).not.toContain('$');
  });

  it('prints a document without math at once, in the same task as the click', () => {
    const print = vi.spyOn(window, 'print').mockImplementation(() => {});
    void printDocument(defaultDocument({ toolTitle: 'x', data: 'No formulas, only $5.' }));
    expect(print).toHaveBeenCalledTimes(1);
  });
});
