import { containsMath, type MathRenderer } from '../../kernel/mathDelimiters';
import { loadKatex } from '../math';
import { blocksText, type Block } from './documentModel';

/*
 * KaTeX for a document's writers (print, rich copy), loaded only when the
 * document holds a formula, so a result without math never fetches it. A
 * renderer that cannot load leaves each formula as its source: printing and
 * copying still work.
 */

/** Whether the document's text holds TeX: only then is KaTeX worth loading. */
export const holdsMath = (blocks: readonly Block[]) => containsMath(blocksText(blocks));

export async function loadDocumentMathRenderer(): Promise<MathRenderer | undefined> {
  try {
    return await (await loadKatex()).loadMathRenderer();
  } catch {
    return undefined;
  }
}
