import { sanitizeHtml } from '../../kernel/safeHtml';
import type { Block, ExportDocument, ListItem, Run } from './document';

/*
 * A result's document as HTML, for the rich copy: pasted into
 * Google Docs or Word, its headings, lists, bold and tables are kept. (Print
 * builds elements from the same document: features/export/printDocument.ts.) Every
 * text is escaped here, and the whole goes
 * through the app's one sanitiser as well, like every other HTML path: the
 * document holds only text, but a path that skipped the sanitiser is the
 * one a later change would break.
 */

const escape = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

function runsHtml(runs: readonly Run[]): string {
  return runs
    .map((run) => {
      let html = escape(run.text).replace(/\n/g, '<br>');
      if (run.code) html = `<code>${html}</code>`;
      if (run.italic) html = `<em>${html}</em>`;
      if (run.bold) html = `<strong>${html}</strong>`;
      return html;
    })
    .join('');
}

function listHtml(list: { ordered: boolean; items: readonly ListItem[] }): string {
  const tag = list.ordered ? 'ol' : 'ul';
  return `<${tag}>${list.items.map((item) => `<li>${runsHtml(item.runs)}${item.children ? listHtml(item.children) : ''}</li>`).join('')}</${tag}>`;
}

function blockHtml(block: Block): string {
  switch (block.kind) {
    case 'heading':
      return `<h${block.level}>${escape(block.text)}</h${block.level}>`;
    case 'paragraph':
      return `<p>${runsHtml(block.runs)}</p>`;
    case 'quote':
      return `<blockquote><p>${runsHtml(block.runs)}</p></blockquote>`;
    case 'list':
      return listHtml(block);
    case 'table':
      return `<table><thead><tr>${block.header.map((h) => `<th>${escape(h)}</th>`).join('')}</tr></thead><tbody>${block.rows
        .map((row) => `<tr>${block.header.map((_, i) => `<td>${escape(row[i] ?? '')}</td>`).join('')}</tr>`)
        .join('')}</tbody></table>`;
    case 'code':
      return `<pre><code>${escape(block.text)}</code></pre>`;
    case 'pageBreak':
      // Where a printed page would end (a quiz's answer key): a rule in the pasted document.
      return '<hr>';
  }
}

/** The result's content as HTML, without the title and date: what a paste into a document should hold. */
export function contentHtml(doc: ExportDocument): string {
  return sanitizeHtml(doc.blocks.map(blockHtml).join(''));
}
