import { sanitizeHtml } from '../../kernel/safeHtml';
import type { MathRenderer } from '../../kernel/mathDelimiters';
import type { Block, ExportDocument, ListItem, Run } from './document';
import { directedHtml } from './direction';

/*
 * A result's document as HTML, for the rich copy: pasted into
 * Google Docs or Word, its headings, lists, bold and tables are kept. (Print
 * builds elements from the same document: features/export/printDocument.ts.) Every
 * text is escaped here, and the whole goes
 * through the app's one sanitiser as well, like every other HTML path: the
 * document holds only text, but a path that skipped the sanitiser is the
 * one a later change would break.
 *
 * Formulas go as MathML (Word, LibreOffice and Google Docs read it): each
 * is a placeholder while the rest is sanitised, then its MathML, rendered
 * by KaTeX and sanitised on its own against the MathML allowlist, is put in
 * its place, as on screen (kernel/safeHtml.ts). Without a renderer, or for
 * TeX KaTeX cannot read, the formula's source is shown as text.
 */

/** U+E000 and U+E001 mark a formula's place; a model's own are dropped so none can pose as one. */
const PLACEHOLDER_CHARS = /[\ue000\ue001]/g;
const PLACEHOLDER = /\ue000(\d+)\ue001/g;

/** The formulas of one document, in order, while its HTML is built. */
type Formulas = Run[];

const escape = (text: string) => text.replace(PLACEHOLDER_CHARS, '').replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

function runsHtml(runs: readonly Run[], formulas: Formulas): string {
  return runs
    .map((run) => {
      let html = run.math && !run.code ? `\ue000${formulas.push(run) - 1}\ue001` : escape(run.text).replace(/\n/g, '<br>');
      if (run.code) html = `<code>${html}</code>`;
      if (run.italic) html = `<em>${html}</em>`;
      if (run.bold) html = `<strong>${html}</strong>`;
      return html;
    })
    .join('');
}

function listHtml(list: { ordered: boolean; items: readonly ListItem[] }, formulas: Formulas): string {
  const tag = list.ordered ? 'ol' : 'ul';
  return `<${tag}>${list.items.map((item) => `<li>${runsHtml(item.runs, formulas)}${item.children ? listHtml(item.children, formulas) : ''}</li>`).join('')}</${tag}>`;
}

function blockHtml(block: Block, formulas: Formulas): string {
  switch (block.kind) {
    case 'heading':
      return `<h${block.level}>${block.runs ? runsHtml(block.runs, formulas) : escape(block.text)}</h${block.level}>`;
    case 'paragraph':
      return `<p>${runsHtml(block.runs, formulas)}</p>`;
    case 'quote':
      return `<blockquote><p>${runsHtml(block.runs, formulas)}</p></blockquote>`;
    case 'list':
      return listHtml(block, formulas);
    case 'table': {
      // A cell with a formula is written from its runs; the others from their text.
      const cell = (text: string | undefined, runs: readonly Run[] | undefined) => (runs ? runsHtml(runs, formulas) : escape(text ?? ''));
      const { cellRuns } = block;
      return `<table><thead><tr>${block.header.map((h, i) => `<th>${cell(h, cellRuns?.header[i])}</th>`).join('')}</tr></thead><tbody>${block.rows
        .map((row, r) => `<tr>${block.header.map((_, i) => `<td>${cell(row[i], cellRuns?.rows[r]?.[i])}</td>`).join('')}</tr>`)
        .join('')}</tbody></table>`;
    }
    case 'code':
      return `<pre><code>${escape(block.text)}</code></pre>`;
    case 'pageBreak':
      // Where a printed page would end (a quiz's answer key): a rule in the pasted document.
      return '<hr>';
  }
}

/** The result's content as HTML, without the title and date: what a paste into a document should hold; its formulas as MathML when `renderMath` is given. */
export function contentHtml(doc: ExportDocument, renderMath?: MathRenderer): string {
  const formulas: Formulas = [];
  // Each block sanitised on its own, so that which way it reads can be set after (direction.ts).
  const html = directedHtml(doc, (block) => sanitizeHtml(blockHtml(block, formulas)));
  return html.replace(PLACEHOLDER, (_, n: string) => {
    const run = formulas[Number(n)];
    if (!run?.math) return '';
    return renderMath?.(run.math.tex, run.math.display) ?? escape(run.text);
  });
}
