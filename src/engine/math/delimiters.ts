import type { TokenizerAndRendererExtension } from 'marked';

/*
 * Where TeX is in a model's answer (issue 16): $$…$$ and \[…\] for display
 * math, \(…\) and $…$ inline. A lone dollar is money, not math, by pandoc's
 * rule: an opening $ has a non-space right after it, a closing $ a
 * non-space right before it and no digit right after ("costs $5 and $10"
 * stays text). \$ is a dollar sign. This module is small and loads with the
 * page; the renderer (KaTeX) loads only when containsMath says so.
 */

export interface MathSegment {
  kind: 'math';
  tex: string;
  display: boolean;
  /** The TeX as written, delimiters included: what is shown if it cannot be rendered. */
  source: string;
}
export type Segment = { kind: 'text'; text: string } | MathSegment;

/** Each pattern matches at the start of its input. */
const PATTERNS: readonly { pattern: RegExp; display: boolean }[] = [
  { pattern: /^\$\$(?!\$)([\s\S]+?)\$\$/, display: true },
  { pattern: /^\\\[([\s\S]+?)\\\]/, display: true },
  { pattern: /^\\\(([\s\S]+?)\\\)/, display: false },
  { pattern: /^\$(?=[^\s$])((?:\\\$|[^$\n])+?)(?<=[^\s\\])\$(?!\d)/, display: false },
];

/** Where math may start: a dollar not escaped, \( or \[. */
const START = /(?<!\\)\$|\\[([]/;

function mathAt(text: string): { segment: MathSegment; length: number } | null {
  for (const { pattern, display } of PATTERNS) {
    const match = pattern.exec(text);
    if (match && match[1]!.trim()) return { segment: { kind: 'math', tex: match[1]!.trim(), display, source: match[0] }, length: match[0].length };
  }
  return null;
}

/** Text and math in order; text with no math is one text segment. */
export function splitMath(text: string): Segment[] {
  const segments: Segment[] = [];
  let rest = text;
  let plain = '';
  while (rest) {
    const at = rest.search(START);
    if (at < 0) break;
    plain += rest.slice(0, at);
    rest = rest.slice(at);
    const found = mathAt(rest);
    if (found) {
      if (plain) segments.push({ kind: 'text', text: plain });
      plain = '';
      segments.push(found.segment);
      rest = rest.slice(found.length);
    } else {
      // Not math here (a price, an unclosed \(): keep the character and look further on.
      plain += rest.slice(0, rest.startsWith('$') ? 1 : 2);
      rest = rest.slice(rest.startsWith('$') ? 1 : 2);
    }
  }
  plain += rest;
  if (plain) segments.push({ kind: 'text', text: plain });
  return segments;
}

export function containsMath(text: string): boolean {
  return START.test(text) && splitMath(text).some((s) => s.kind === 'math');
}

/** Renders TeX as safe HTML (sanitised MathML), or null when it cannot (malformed TeX: the source is shown). */
export type MathRenderer = (tex: string, display: boolean) => string | null;

/**
 * A marked extension that turns math into `placeholder(n)`: the rendered
 * MathML is put in after the markdown's HTML is sanitised, so the HTML
 * sanitiser never has to allow MathML. Code spans and blocks keep their
 * dollars (marked reads them before any inline extension sees a $).
 */
export function mathExtension(found: MathSegment[], placeholder: (n: number) => string): TokenizerAndRendererExtension {
  return {
    name: 'math',
    level: 'inline',
    start: (src) => {
      const at = src.search(START);
      return at < 0 ? undefined : at;
    },
    tokenizer(src) {
      const math = mathAt(src);
      if (!math) return undefined;
      found.push(math.segment);
      return { type: 'math', raw: src.slice(0, math.length), index: found.length - 1 };
    },
    renderer: (token) => placeholder(token.index as number),
  };
}
