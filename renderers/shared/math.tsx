import { useEffect, useMemo, useState } from 'react';
import { containsMath, splitMath, type MathRenderer } from '../../src/engine/math/delimiters';
import { textWithMathToSafeHtml } from '../../src/engine/safeHtml';

/*
 * Math in results (issue 16): KaTeX is loaded the first time an answer holds
 * TeX, and once loaded serves every answer after. Until it arrives, and for
 * TeX it cannot read, the formula shows as its source.
 */

let loaded: MathRenderer | undefined;
let loading: Promise<MathRenderer> | undefined;

/** Shows every formula as its TeX source: while KaTeX loads. */
export const sourceOnly: MathRenderer = () => null;

/** The math renderer when `needed`: sourceOnly until KaTeX has loaded; undefined when not needed. */
export function useMathRenderer(needed: boolean): MathRenderer | undefined {
  const [renderer, setRenderer] = useState<MathRenderer | undefined>(() => loaded);
  useEffect(() => {
    if (!needed || renderer) return;
    let live = true;
    loading ??= import('../../src/engine/math/katex').then((m) => m.loadMathRenderer());
    void loading.then((r) => {
      loaded = r;
      if (live) setRenderer(() => r);
    });
    return () => {
      live = false;
    };
  }, [needed, renderer]);
  return needed ? (renderer ?? sourceOnly) : undefined;
}

/** Plain text (a quiz question, a card, a field) with its formulas rendered; text without math stays a text node. */
export function MathText({ text }: { text: string }) {
  const needed = useMemo(() => containsMath(text), [text]);
  const render = useMathRenderer(needed);
  // Sanitised: text escaped, each formula KaTeX's MathML through the MathML allowlist (src/engine/safeHtml.ts).
  const html = useMemo(() => (render ? textWithMathToSafeHtml(splitMath(text), render) : null), [text, render]);
  if (html === null) return <>{text}</>;
  return <span className="math-text" dangerouslySetInnerHTML={{ __html: html }} />;
}
