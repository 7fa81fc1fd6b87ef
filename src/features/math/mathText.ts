import type { MathRenderer } from '../../kernel/mathDelimiters';

/*
 * A formula as plain Unicode text, for the plain-text half of a copy: what a
 * person would type (C₆H₁₂O₆, x², ΔG° = −RT ln K, (7 ± 5)/4), not its TeX.
 * Read from KaTeX's MathML rather than from the TeX, so every command KaTeX
 * knows (\Delta, \rightarrow, \times...) arrives as its character already,
 * and this module only lays the tree out on one line.
 */

const SUPERSCRIPT: Record<string, string> = {
  '0': '⁰', '1': '¹', '2': '²', '3': '³', '4': '⁴', '5': '⁵', '6': '⁶', '7': '⁷', '8': '⁸', '9': '⁹',
  '+': '⁺', '-': '⁻', '−': '⁻', '=': '⁼', '(': '⁽', ')': '⁾', n: 'ⁿ', i: 'ⁱ', '∘': '°', '°': '°', '′': '′', '″': '″',
};
const SUBSCRIPT: Record<string, string> = {
  '0': '₀', '1': '₁', '2': '₂', '3': '₃', '4': '₄', '5': '₅', '6': '₆', '7': '₇', '8': '₈', '9': '₉',
  '+': '₊', '-': '₋', '−': '₋', '=': '₌', '(': '₍', ')': '₎',
  a: 'ₐ', e: 'ₑ', o: 'ₒ', x: 'ₓ', h: 'ₕ', k: 'ₖ', l: 'ₗ', m: 'ₘ', n: 'ₙ', p: 'ₚ', s: 'ₛ', t: 'ₜ', i: 'ᵢ', j: 'ⱼ', r: 'ᵣ', u: 'ᵤ', v: 'ᵥ',
};
/** Accents drawn over a letter (\bar, \vec, \hat, \tilde, \dot) as the combining mark Unicode has for each. */
const COMBINING: Record<string, string> = { 'ˉ': '\u0304', '¯': '\u0304', '‾': '\u0304', '→': '\u20d7', '^': '\u0302', 'ˆ': '\u0302', '~': '\u0303', '˜': '\u0303', '˙': '\u0307', '¨': '\u0308' };

/** Operators read with a space either side (a = b, x → y); others (brackets, a leading minus) sit against their neighbours. */
const SPACED = new Set(['=', '+', '−', '-', '±', '∓', '×', '÷', '·', '⋅', '→', '←', '↔', '⇌', '⇒', '⇔', '⟶', '⟵', '≤', '≥', '<', '>', '≠', '≈', '≡', '∝', '∼', '≅', '∈', '∉', '⊂', '⊆', '∪', '∩']);
/** Function application and the invisible times: MathML's silent operators. */
const INVISIBLE = /[\u2061-\u2064]/g;
/** Sums, products and integrals: what follows them is their operand, set apart by a space. */
const LARGE_OPERATOR = /^[∑∏∐∫∬∭∮⋃⋂⋁⋀]/;

/** A script as Unicode super- or subscript characters when each has one, else marked with ^ or _ (in brackets when longer than one character). */
function script(text: string, table: Record<string, string>, mark: '^' | '_'): string {
  const chars = [...text.replace(/\s+/g, '')];
  if (chars.length > 0 && chars.every((c) => table[c] !== undefined)) return chars.map((c) => table[c]).join('');
  const written = text.trim();
  return chars.length === 1 ? `${mark}${written}` : `${mark}(${written})`;
}

/** A fraction's part, in brackets when it is more than one number or name. */
const grouped = (text: string) => (/^[\p{L}\p{N}.,′]+$/u.test(text) || /^\(.*\)$/.test(text) ? text : `(${text})`);

function rowText(children: readonly Element[]): string {
  return children
    .map((child, i) => {
      const text = nodeText(child);
      if (child.localName === 'mo' && SPACED.has(text)) {
        // A minus or plus with nothing before it (or after another operator) is a sign, not an operation.
        const before = children[i - 1];
        const isSign = !before || (before.localName === 'mo' && !/[)\]}|]/.test(before.textContent ?? ''));
        return isSign ? text : ` ${text} `;
      }
      if (child.localName === 'mo' && (text === ',' || text === ';')) return `${text} `;
      // A name of more than one letter (ln, sin, lim) stands apart from what it applies to.
      if (child.localName === 'mi' && text.length > 1) return ` ${text} `;
      return LARGE_OPERATOR.test(text) ? `${text} ` : text;
    })
    .join('');
}

function nodeText(el: Element): string {
  const kids = Array.from(el.children);
  const [a, b, c] = kids.map(nodeText);
  switch (el.localName) {
    case 'math':
    case 'mrow':
    case 'mstyle':
    case 'mpadded':
    case 'menclose':
    case 'merror':
      return rowText(kids);
    case 'semantics':
      // The formula; its TeX annotation is not shown.
      return kids[0] ? nodeText(kids[0]) : '';
    case 'annotation':
      return '';
    case 'mspace':
      return ' ';
    case 'mphantom':
      return '';
    case 'mfrac':
      return `${grouped(a ?? '')}/${grouped(b ?? '')}`;
    case 'msqrt':
      return `√${grouped(rowText(kids))}`;
    case 'mroot':
      return `${script(b ?? '', SUPERSCRIPT, '^')}√${grouped(a ?? '')}`;
    case 'msup':
      return `${a ?? ''}${script(b ?? '', SUPERSCRIPT, '^')}`;
    case 'msub':
      return `${a ?? ''}${script(b ?? '', SUBSCRIPT, '_')}`;
    case 'msubsup':
      return `${a ?? ''}${script(b ?? '', SUBSCRIPT, '_')}${script(c ?? '', SUPERSCRIPT, '^')}`;
    case 'munder':
      return `${a ?? ''}${script(b ?? '', SUBSCRIPT, '_')}`;
    case 'mover': {
      const mark = COMBINING[b ?? ''];
      return mark && [...(a ?? '')].length === 1 ? `${a}${mark}` : `${a ?? ''}${script(b ?? '', SUPERSCRIPT, '^')}`;
    }
    case 'munderover':
      return `${a ?? ''}${script(b ?? '', SUBSCRIPT, '_')}${script(c ?? '', SUPERSCRIPT, '^')}`;
    case 'mtable':
      return kids.map(nodeText).join('; ');
    case 'mtr':
    case 'mlabeledtr':
      return kids.map(nodeText).join(' ');
    case 'mtd':
      return rowText(kids);
    default:
      // Tokens (mi, mn, mo, mtext, ms) and anything newer: their text.
      return (el.textContent ?? '').replace(INVISIBLE, '');
  }
}

/** The text of a <math> element, on one line. */
export function mathmlText(math: Element): string {
  return nodeText(math).replace(INVISIBLE, '').replace(/\s+/g, ' ').trim();
}

/** TeX as Unicode text through KaTeX's MathML, or null when KaTeX cannot read it (the caller keeps the source). */
export function texAsText(render: MathRenderer): (tex: string, display: boolean) => string | null {
  return (tex, display) => {
    const mathml = render(tex, display);
    if (!mathml) return null;
    const math = new DOMParser().parseFromString(mathml, 'text/html').querySelector('math');
    return math ? mathmlText(math) || null : null;
  };
}
