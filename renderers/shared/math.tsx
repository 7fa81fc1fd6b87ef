import { useEffect, useMemo, useState } from 'react';
import { containsMath, splitMath, type MathRenderer, type Segment } from '../../src/engine/math/delimiters';

/*
 * Math in results (issue 16): KaTeX is loaded the first time an answer holds
 * TeX, and once loaded serves every answer after. Until it arrives, and for
 * TeX it cannot read, the formula shows as its source.
 *
 * The sanitiser that turns text and formulas into HTML (src/engine/safeHtml.ts,
 * with marked and DOMPurify) loads with KaTeX: text without math never needs
 * it, so a quiz or a structured result without formulas or markdown loads
 * neither (issue 19).
 */

interface MathKit {
  render: MathRenderer;
  toSafeHtml(segments: readonly Segment[], render: MathRenderer): string;
}

let kit: MathKit | undefined;
let loading: Promise<MathKit> | undefined;

function loadKit(): Promise<MathKit> {
  loading ??= Promise.all([import('../../src/engine/math/katex').then((m) => m.loadMathRenderer()), import('../../src/engine/safeHtml')]).then(
    ([render, safe]) => (kit = { render, toSafeHtml: safe.textWithMathToSafeHtml }),
  );
  return loading;
}

/** Shows every formula as its TeX source: while KaTeX loads. */
export const sourceOnly: MathRenderer = () => null;

/** KaTeX and the sanitiser when `needed`, once loaded; undefined until then and when not needed. */
function useMathKit(needed: boolean): MathKit | undefined {
  const [loaded, setLoaded] = useState<MathKit | undefined>(() => kit);
  useEffect(() => {
    if (!needed || loaded) return;
    let live = true;
    void loadKit().then((k) => {
      if (live) setLoaded(k);
    });
    return () => {
      live = false;
    };
  }, [needed, loaded]);
  return needed ? loaded : undefined;
}

/** The math renderer when `needed`: sourceOnly until KaTeX has loaded; undefined when not needed. */
export function useMathRenderer(needed: boolean): MathRenderer | undefined {
  const loaded = useMathKit(needed);
  return needed ? (loaded?.render ?? sourceOnly) : undefined;
}

/** Plain text (a quiz question, a card, a field) with its formulas rendered; text without math stays a text node. */
export function MathText({ text }: { text: string }) {
  const needed = useMemo(() => containsMath(text), [text]);
  const loaded = useMathKit(needed);
  // Sanitised: text escaped, each formula KaTeX's MathML through the MathML allowlist (src/engine/safeHtml.ts).
  // Until KaTeX and the sanitiser arrive the text shows as it is, formulas as their source.
  const html = useMemo(() => (loaded ? loaded.toSafeHtml(splitMath(text), loaded.render) : null), [text, loaded]);
  if (html === null) return <>{text}</>;
  return <span className="math-text" dangerouslySetInnerHTML={{ __html: html }} />;
}
