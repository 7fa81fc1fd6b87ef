import { useEffect, useMemo, useState } from 'react';
import { containsMath, loadKatex, splitMath, type MathRenderer, type Segment } from '../../src/features/math';
import { FormulaSlices } from './formulaSlices';

/*
 * Math in results: KaTeX is loaded the first time an answer holds
 * TeX, and once loaded serves every answer after. Until it arrives, and for
 * TeX it cannot read, the formula shows as its source.
 *
 * The sanitiser that turns text and formulas into HTML (src/kernel/safeHtml.ts,
 * with marked and DOMPurify) loads with KaTeX: text without math never needs
 * it, so a quiz or a structured result without formulas or markdown loads
 * neither.
 */

interface MathKit {
  render: MathRenderer;
  toSafeHtml(segments: readonly Segment[], render: MathRenderer): string;
}

let kit: MathKit | undefined;
let loading: Promise<MathKit> | undefined;

function loadKit(): Promise<MathKit> {
  loading ??= Promise.all([loadKatex().then((m) => m.loadMathRenderer()), import('../../src/kernel/safeHtml')]).then(
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

/**
 * This view's renderer, rendering formulas a slice at a time (formulaSlices.ts):
 * those over the slice's budget show as source until rendered, then the
 * renderer changes, so that whoever lays the view out with it does so again.
 */
function useSlicedRenderer(kit: MathKit | undefined): MathRenderer {
  const slices = useMemo(() => (kit ? new FormulaSlices(kit.render) : undefined), [kit]);
  const [round, setRound] = useState(0);
  // A new renderer each round: the round is in the dependencies only to change it.
  const render = useMemo<MathRenderer>(() => (slices ? (tex, display) => slices.render(tex, display) : sourceOnly), [slices, round]);
  // After every layout: formulas it left waiting are rendered in later tasks.
  useEffect(() => {
    slices?.renderWaiting(() => setRound((r) => r + 1));
    return () => slices?.stop();
  });
  return render;
}

/** The math renderer when `needed`: sourceOnly until KaTeX has loaded; undefined when not needed. */
export function useMathRenderer(needed: boolean): MathRenderer | undefined {
  const render = useSlicedRenderer(useMathKit(needed));
  return needed ? render : undefined;
}

/** Plain text (a quiz question, a card, a field) with its formulas rendered; text without math stays a text node. */
export function MathText({ text }: { text: string }) {
  const needed = useMemo(() => containsMath(text), [text]);
  const loaded = useMathKit(needed);
  const render = useSlicedRenderer(loaded);
  // Sanitised: text escaped, each formula KaTeX's MathML through the MathML allowlist (src/kernel/safeHtml.ts).
  // Until KaTeX and the sanitiser arrive the text shows as it is, formulas as their source.
  const html = useMemo(() => (loaded ? loaded.toSafeHtml(splitMath(text), render) : null), [text, loaded, render]);
  if (html === null) return <>{text}</>;
  return <span className="math-text" dangerouslySetInnerHTML={{ __html: html }} />;
}
