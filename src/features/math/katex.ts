import { sanitizeMathml } from '../../kernel/safeHtml';
import type { MathRenderer } from '../../kernel/mathDelimiters';

/*
 * TeX to MathML by KaTeX, loaded only when an answer holds math.
 * MathML only: browsers lay it out natively (MathML Core), so no KaTeX
 * stylesheet or font is needed, and its HTML output's inline styles would be
 * refused by our Content-Security-Policy anyway. trust: false refuses
 * \\href, \\url and \\html*; maxSize and maxExpand bound what a hostile formula
 * can cost. Malformed TeX renders nothing: the caller shows the source.
 */

export async function loadMathRenderer(): Promise<MathRenderer> {
  const katex = (await import('katex')).default;
  const cache = new Map<string, string | null>();
  return (tex, display) => {
    const key = `${display ? 'D' : 'I'}${tex}`;
    if (cache.has(key)) return cache.get(key)!;
    let html: string | null;
    try {
      const mathml = katex.renderToString(tex, { output: 'mathml', displayMode: display, throwOnError: true, trust: false, strict: 'ignore', maxSize: 20, maxExpand: 200 });
      // KaTeX wraps the <math> in a <span class="katex">: the math alone is kept.
      const math = /<math[\s\S]*<\/math>/.exec(mathml)?.[0] ?? '';
      html = sanitizeMathml(math) || null;
    } catch {
      html = null;
    }
    if (cache.size > 500) cache.clear();
    cache.set(key, html);
    return html;
  };
}
