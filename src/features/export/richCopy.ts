import type { ExportInput } from './format';
import { contentHtml } from './html';
import { preparedExport } from './exportFormats';
import { holdsMath, loadDocumentMathRenderer } from './documentMath';
import { loadPlainTextMath } from '../math';

/** What a rich copy puts on the clipboard besides the plain text: the HTML, and the plain text with its formulas readable. */
export interface RichCopy {
  html: string;
  /** The plain text as copied: each formula written as Unicode text (C₆H₁₂O₆, x², a/b) instead of its TeX. */
  plainText: (text: string) => string;
}

/**
 * A result's content as the rich copy puts it on the clipboard: the same
 * document Word and print get, as HTML with its formulas as MathML. KaTeX
 * loads only when the result holds math.
 */
export async function richCopyHtml(toolId: string, input: ExportInput): Promise<RichCopy> {
  const { context } = await preparedExport(toolId, input);
  const doc = context.document();
  const render = holdsMath(doc.blocks) ? await loadDocumentMathRenderer() : undefined;
  if (!render) return { html: contentHtml(doc), plainText: (text) => text };
  const { plainTextMath } = await loadPlainTextMath();
  return { html: contentHtml(doc, render), plainText: (text) => plainTextMath(text, render) };
}
