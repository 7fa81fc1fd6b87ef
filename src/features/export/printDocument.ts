import type { MathRenderer } from '../../kernel/mathDelimiters';
import type { Block, ExportDocument, ListItem, Run } from './document';
import { holdsMath, loadDocumentMathRenderer } from './documentMath';
import { blockDirection, documentDirection, lineDirection, withDirection } from './direction';
import './print.css';

/*
 * Print / Save as PDF: the document is built as elements into a
 * print-only container, the print sheet (print.css) hides everything else
 * on the page, and the browser's print dialog does the rest, Save as PDF
 * included. Built with textContent from the document's plain text, so
 * printing parses no HTML at all; the one exception is each formula's
 * MathML, rendered by KaTeX and sanitised against the MathML allowlist (as on
 * screen), so paper shows the formula and not its TeX. KaTeX loads first,
 * only for a document with math; without it a formula prints as its source.
 * The container goes when printing ends.
 */

export const PRINT_ROOT_ID = 'print-root';

function element<K extends keyof HTMLElementTagNameMap>(tag: K, ...children: (Node | string)[]): HTMLElementTagNameMap[K] {
  const el = document.createElement(tag);
  el.append(...children);
  return el;
}

/** A formula as the MathML element KaTeX renders, or its source as text. */
function formulaNode(run: Run & { math: NonNullable<Run['math']> }, render: MathRenderer | undefined): Node {
  const mathml = render?.(run.math.tex, run.math.display);
  const math = mathml ? new DOMParser().parseFromString(mathml, 'text/html').querySelector('math') : null;
  return math ? document.importNode(math, true) : element('span', run.text);
}

function runNodes(runs: readonly Run[], render: MathRenderer | undefined): Node[] {
  return runs.map((run) => {
    if (run.math && !run.code) return formulaNode({ ...run, math: run.math }, render);
    const lines = run.text.split('\n').flatMap((line, i) => (i > 0 ? [element('br'), line] : [line]));
    let node: Node = run.code ? element('code', ...lines) : element('span', ...lines);
    if (run.italic) node = element('em', node);
    if (run.bold) node = element('strong', node);
    return node;
  });
}

function listNode(list: { ordered: boolean; items: readonly ListItem[] }, render: MathRenderer | undefined): HTMLElement {
  return element(list.ordered ? 'ol' : 'ul', ...list.items.map((item) => element('li', ...runNodes(item.runs, render), ...(item.children ? [listNode(item.children, render)] : []))));
}

function blockNode(block: Block, render: MathRenderer | undefined): HTMLElement {
  switch (block.kind) {
    case 'heading':
      return element(`h${block.level}`, ...(block.runs ? runNodes(block.runs, render) : [block.text]));
    case 'paragraph':
      return element('p', ...runNodes(block.runs, render));
    case 'quote':
      return element('blockquote', element('p', ...runNodes(block.runs, render)));
    case 'list':
      return listNode(block, render);
    case 'table': {
      // A cell with a formula is built from its runs; the others from their text.
      const cell = (text: string | undefined, runs: readonly Run[] | undefined) => (runs ? runNodes(runs, render) : [text ?? '']);
      const { cellRuns } = block;
      return element(
        'table',
        element('thead', element('tr', ...block.header.map((h, i) => element('th', ...cell(h, cellRuns?.header[i]))))),
        element('tbody', ...block.rows.map((row, r) => element('tr', ...block.header.map((_, i) => element('td', ...cell(row[i], cellRuns?.rows[r]?.[i])))))),
      );
    }
    case 'code':
      return element('pre', element('code', block.text));
    case 'pageBreak':
      // print.css breaks the page after it.
      return element('hr');
  }
}

/** Prints the document; one without math prints at once, within the click that asked for it. */
export async function printDocument(doc: ExportDocument): Promise<void> {
  const render = holdsMath(doc.blocks) ? await loadDocumentMathRenderer() : undefined;
  document.getElementById(PRINT_ROOT_ID)?.remove();
  // Which way each part reads (direction.ts): the content as a whole, each block of it, the lines the app writes around it.
  const whole = documentDirection(doc);
  const root = withDirection(
    element(
      'div',
      withDirection(element('h1', doc.title), lineDirection(doc.title), whole),
      ...doc.meta.map((line) => withDirection(element('p', element('em', line)), lineDirection(line), whole)),
      ...doc.blocks.map((block) => withDirection(blockNode(block, render), blockDirection(block, doc.language), whole)),
    ),
    whole,
  );
  root.id = PRINT_ROOT_ID;
  // Never read out on screen: it exists only on paper.
  root.setAttribute('aria-hidden', 'true');
  document.body.append(root);
  document.body.classList.add('printing');
  const done = () => {
    window.removeEventListener('afterprint', done);
    document.body.classList.remove('printing');
    root.remove();
  };
  window.addEventListener('afterprint', done);
  window.print();
}
