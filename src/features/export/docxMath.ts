import type { MathComponent } from 'docx';
import type { MathRenderer } from '../../kernel/mathDelimiters';

/*
 * Formulas as Word equations: KaTeX's MathML, already sanitised,
 * turned into Office Math (OMML) through the docx library's math elements,
 * so Word shows and edits them as equations. MathML's presentation elements
 * map one to one: tokens to runs, fractions, scripts, roots; rows and styles
 * are flattened. A formula with an element Word's library has no form for
 * (a matrix, an enclosure) is written as its TeX source instead, whole.
 */

type Docx = typeof import('docx');
type WordMath = InstanceType<Docx['Math']>;

class NoWordForm extends Error {}

function converter(docx: Docx) {
  const { MathRun, MathFraction, MathSuperScript, MathSubScript, MathSubSuperScript, MathRadical } = docx;
  const kids = (el: Element) => Array.from(el.children);

  function all(elements: readonly Element[]): MathComponent[] {
    return elements.flatMap(convert);
  }
  function part(el: Element | undefined): MathComponent[] {
    if (!el) throw new NoWordForm();
    return convert(el);
  }

  function convert(el: Element): MathComponent[] {
    const [a, b, c] = kids(el);
    switch (el.localName) {
      case 'math':
      case 'mrow':
      case 'mstyle':
      case 'mpadded':
        return all(kids(el));
      case 'semantics':
        // The first child is the formula; the others (the TeX annotation) are not shown.
        return part(a);
      case 'mi':
      case 'mn':
      case 'mo':
      case 'mtext':
      case 'ms':
        return el.textContent ? [new MathRun(el.textContent)] : [];
      case 'mspace':
      case 'mphantom':
        return [new MathRun(' ')];
      case 'mfrac':
        return [new MathFraction({ numerator: part(a), denominator: part(b) })];
      case 'msup':
      case 'mover':
        return [new MathSuperScript({ children: part(a), superScript: part(b) })];
      case 'msub':
      case 'munder':
        return [new MathSubScript({ children: part(a), subScript: part(b) })];
      case 'msubsup':
      case 'munderover':
        return [new MathSubSuperScript({ children: part(a), subScript: part(b), superScript: part(c) })];
      case 'msqrt':
        return [new MathRadical({ children: all(kids(el)) })];
      case 'mroot':
        return [new MathRadical({ children: part(a), degree: part(b) })];
      default:
        throw new NoWordForm();
    }
  }
  return convert;
}

/** A formula writer for the Word export: a Word equation, or null when the TeX source must be written instead. */
export function wordMathWriter(docx: Docx, render: MathRenderer): (tex: string, display: boolean) => WordMath | null {
  const convert = converter(docx);
  return (tex, display) => {
    const mathml = render(tex, display);
    if (!mathml) return null;
    const root = new DOMParser().parseFromString(mathml, 'text/html').querySelector('math');
    if (!root) return null;
    try {
      return new docx.Math({ children: convert(root) });
    } catch (error) {
      if (error instanceof NoWordForm) return null;
      throw error;
    }
  };
}
