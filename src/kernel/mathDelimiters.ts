import type { Token, TokenizerAndRendererExtension } from 'marked';

/*
 * Where TeX is in a model's answer: $$…$$ and \[…\] for display
 * math, \(…\) and $…$ inline. A lone dollar is money, not math, by pandoc's
 * rule: an opening $ has a non-space right after it, a closing $ a
 * non-space right before it and no digit right after ("costs $5 and $10"
 * stays text). \$ is a dollar sign. This module is small and loads with the
 * page; the renderer (KaTeX) loads only when containsMath says so.
 *
 * The scan is linear in the answer's length, whatever the answer holds: a
 * model's answer is untrusted, and one made of thousands of openers with no
 * closer (`\( \( \( …`) would otherwise be searched to its end once per
 * opener, freezing the page for seconds. Each closer's next place is looked
 * up once and remembered (CloserIndex), so every opener after it is answered
 * from memory.
 *
 * Kernel, not the math feature: any result may hold math, and safeHtml.ts
 * must know where each formula is before the markdown is parsed, so that TeX
 * is neither read as markdown nor passed to the sanitiser as markup. Only
 * the rendering of a formula (KaTeX, features/math/katex.ts) is the
 * feature's, and reaches the kernel as an argument (MathRenderer).
 */

export interface MathSegment {
  kind: 'math';
  tex: string;
  display: boolean;
  /** The TeX as written, delimiters included: what is shown if it cannot be rendered. */
  source: string;
}
export type Segment = { kind: 'text'; text: string } | MathSegment;

/** Delimiters that close with a fixed string, anything (newlines too) between; tried in this order. */
const PAIRED: readonly { open: string; close: string; display: boolean }[] = [
  { open: '$$', close: '$$', display: true },
  { open: '\\[', close: '\\]', display: true },
  { open: '\\(', close: '\\)', display: false },
];

/** $…$ from the lastIndex it is given: ends at the next unescaped dollar or line end at the latest, so it stays linear. */
const INLINE_DOLLAR = /\$(?=[^\s$])((?:\\\$|[^$\n])+?)(?<=[^\s\\])\$(?!\d)/y;

/** Where math may start: a dollar not escaped, \( or \[. */
const START = /(?<!\\)\$|\\[([]/;
const START_FROM = new RegExp(START.source, 'g');

/** A place remembered as its distance from the end of the text, so that it still holds in any later suffix of that text. */
interface Remembered {
  searchedFrom: number;
  foundAt: number | null;
}

/**
 * The next place of each closer, searched for once and remembered: asked
 * again from a later place it answers from memory until that place is passed.
 * Places are kept as distances from the text's end, so the same index serves
 * the shrinking suffixes marked hands an inline extension.
 */
class CloserIndex {
  private readonly remembered = new Map<string, Remembered>();

  /** The first `closer` in `text` at or after `from`, or -1. */
  next(text: string, closer: string, from: number): number {
    const start = text.length - from;
    const known = this.remembered.get(closer);
    if (known && known.searchedFrom >= start) {
      if (known.foundAt === null) return -1;
      const at = text.length - known.foundAt;
      // A place that is not (or no longer) this closer means the text is not the one remembered: search it afresh.
      if (known.foundAt <= start && text.startsWith(closer, at)) return at;
    }
    const at = text.indexOf(closer, from);
    this.remembered.set(closer, { searchedFrom: start, foundAt: at < 0 ? null : text.length - at });
    return at;
  }
}

function mathAt(text: string, at: number, closers: CloserIndex): { segment: MathSegment; end: number } | null {
  const found = (tex: string, display: boolean, end: number) => ({ segment: { kind: 'math' as const, tex, display, source: text.slice(at, end) }, end });
  for (const { open, close, display } of PAIRED) {
    if (!text.startsWith(open, at) || (open === '$$' && text[at + 2] === '$')) continue;
    // At least one character between the delimiters.
    const closeAt = closers.next(text, close, at + open.length + 1);
    if (closeAt < 0) continue;
    const tex = text.slice(at + open.length, closeAt).trim();
    if (tex) return found(tex, display, closeAt + close.length);
  }
  INLINE_DOLLAR.lastIndex = at;
  const match = INLINE_DOLLAR.exec(text);
  const tex = match ? match[1]!.trim() : '';
  return match && tex ? found(tex, false, at + match[0].length) : null;
}

/** Each piece of math in `text` in order, with where it starts; stops early when `each` says so. */
function scan(text: string, each: (segment: MathSegment, start: number, end: number) => boolean | void): void {
  const closers = new CloserIndex();
  START_FROM.lastIndex = 0;
  for (let start = START_FROM.exec(text); start; start = START_FROM.exec(text)) {
    const math = mathAt(text, start.index, closers);
    // Not math here (a price, an unclosed \(): the scan goes on after the opener.
    if (!math) START_FROM.lastIndex = start.index + start[0].length;
    else if (each(math.segment, start.index, math.end) === false) return;
    else START_FROM.lastIndex = math.end;
  }
}

/** Text and math in order; text with no math is one text segment. */
export function splitMath(text: string): Segment[] {
  const segments: Segment[] = [];
  let textFrom = 0;
  scan(text, (segment, start, end) => {
    if (start > textFrom) segments.push({ kind: 'text', text: text.slice(textFrom, start) });
    segments.push(segment);
    textFrom = end;
  });
  if (textFrom < text.length) segments.push({ kind: 'text', text: text.slice(textFrom) });
  return segments;
}

export function containsMath(text: string): boolean {
  let found = false;
  scan(text, () => {
    found = true;
    return false;
  });
  return found;
}

/** Renders TeX as safe HTML (sanitised MathML), or null when it cannot (malformed TeX: the source is shown). */
export type MathRenderer = (tex: string, display: boolean) => string | null;

/**
 * A marked extension that turns math into `placeholder(n)`: the rendered
 * MathML is put in after the markdown's HTML is sanitised, so the HTML
 * sanitiser never has to allow MathML. Code spans and blocks keep their
 * dollars (marked reads them before any inline extension sees a $).
 *
 * marked hands the tokenizer what is left of one run of inline text, a
 * shorter suffix each time, with that run's token list: one CloserIndex per
 * list keeps the run's closers remembered across its openers.
 */
export function mathExtension(found: MathSegment[], placeholder: (n: number) => string): TokenizerAndRendererExtension {
  const closersOfRun = new WeakMap<Token[], CloserIndex>();
  return {
    name: 'math',
    level: 'inline',
    start: (src) => {
      const at = src.search(START);
      return at < 0 ? undefined : at;
    },
    tokenizer(src, tokens) {
      if (src[0] !== '$' && src[0] !== '\\') return undefined;
      let closers = closersOfRun.get(tokens);
      if (!closers) closersOfRun.set(tokens, (closers = new CloserIndex()));
      const math = mathAt(src, 0, closers);
      if (!math) return undefined;
      found.push(math.segment);
      return { type: 'math', raw: math.segment.source, index: found.length - 1 };
    },
    renderer: (token) => placeholder(token.index as number),
  };
}
