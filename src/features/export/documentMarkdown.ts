import { Marked, type Token, type Tokens } from 'marked';
import { mathExtension, type MathSegment } from '../../kernel/mathDelimiters';
import { clean, headingLevel, type Block, type ListItem, type Run } from './documentModel';

/* A markdown answer as document blocks: marked's tokens read as headings, paragraphs, lists, tables, code and quotes, all as plain text. */


/** The formulas marked's math extension found while lexing, by the index each math token holds. */
type Formulas = readonly MathSegment[];

function inlineRuns(tokens: readonly Token[] | undefined, formulas: Formulas, style: Omit<Run, 'text'> = {}): Run[] {
  const runs: Run[] = [];
  for (const token of tokens ?? []) {
    switch (token.type) {
      case 'math': {
        // A run of its own, kept as written and marked, so each writer can render it (print, rich copy) or show the source.
        const formula = formulas[token.index as number];
        if (formula) runs.push({ ...style, text: clean(formula.source), math: { tex: formula.tex, display: formula.display } });
        break;
      }
      case 'strong':
        runs.push(...inlineRuns((token as Tokens.Strong).tokens, formulas, { ...style, bold: true }));
        break;
      case 'em':
        runs.push(...inlineRuns((token as Tokens.Em).tokens, formulas, { ...style, italic: true }));
        break;
      case 'del':
        runs.push(...inlineRuns((token as Tokens.Del).tokens, formulas, style));
        break;
      case 'codespan':
        runs.push({ ...style, code: true, text: clean(decodeEntities((token as Tokens.Codespan).text)) });
        break;
      case 'br':
        runs.push({ ...style, text: '\n' });
        break;
      case 'link': {
        const link = token as Tokens.Link;
        runs.push(...inlineRuns(link.tokens, formulas, style));
        // The address is kept as text: a file never holds a live link a model chose.
        if (link.href && link.text !== link.href) runs.push({ ...style, text: ` (${clean(link.href)})` });
        break;
      }
      case 'image':
        runs.push({ ...style, text: clean((token as Tokens.Image).text) });
        break;
      case 'text': {
        const text = token as Tokens.Text;
        if (text.tokens?.length) runs.push(...inlineRuns(text.tokens, formulas, style));
        else runs.push({ ...style, text: clean(decodeEntities(text.text)) });
        break;
      }
      default:
        // escape, html and anything newer: its source, as text.
        runs.push({ ...style, text: clean(decodeEntities('text' in token && typeof token.text === 'string' ? token.text : token.raw)) });
    }
  }
  return mergeRuns(runs);
}

/** marked leaves &amp; &lt; &gt; &quot; &#39; encoded in text tokens; a document holds the characters. */
function decodeEntities(text: string): string {
  return text.replace(/&(amp|lt|gt|quot|#39);/g, (_, name: string) => ({ amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'" })[name] ?? '');
}

function mergeRuns(runs: Run[]): Run[] {
  const merged: Run[] = [];
  for (const run of runs) {
    const last = merged.at(-1);
    // Formulas stay runs of their own.
    if (last && !last.math && !run.math && !!last.bold === !!run.bold && !!last.italic === !!run.italic && !!last.code === !!run.code) last.text += run.text;
    else if (run.text !== '') merged.push({ ...run });
  }
  return merged;
}

function listOf(list: Tokens.List, formulas: Formulas): { ordered: boolean; items: ListItem[] } {
  return {
    ordered: list.ordered,
    items: list.items.map((item) => {
      const nested = item.tokens.find((t): t is Tokens.List => t.type === 'list');
      const inline = item.tokens.filter((t) => t.type !== 'list');
      const runs = inline.flatMap((t) => ('tokens' in t && t.tokens ? inlineRuns(t.tokens, formulas) : inlineRuns([t], formulas)));
      const prefix: Run[] = item.task ? [{ text: item.checked ? '[x] ' : '[ ] ' }] : [];
      return { runs: mergeRuns([...prefix, ...runs]), ...(nested ? { children: listOf(nested, formulas) } : {}) };
    }),
  };
}

const runsText = (runs: readonly Run[]) => runs.map((r) => r.text).join('');
const holdsFormula = (runs: readonly Run[]) => runs.some((r) => r.math);

/** Markdown as blocks, its top headings at `baseLevel` (a "##" in a field becomes the heading just below the field's). */
export function markdownBlocks(markdown: string, baseLevel = 1): Block[] {
  const blocks: Block[] = [];
  // Formulas are read whole, as their TeX source (markdown escapes inside TeX are TeX's, not markdown's); the Word writer makes them equations.
  const formulas: MathSegment[] = [];
  const tokens = new Marked({ gfm: true, extensions: [mathExtension(formulas, () => '')] }).lexer(markdown);
  const depths = tokens.filter((t): t is Tokens.Heading => t.type === 'heading').map((t) => t.depth);
  const shift = baseLevel - (depths.length > 0 ? Math.min(...depths) : 1);
  for (const token of tokens) {
    switch (token.type) {
      case 'heading': {
        const heading = token as Tokens.Heading;
        const runs = inlineRuns(heading.tokens, formulas);
        blocks.push({ kind: 'heading', level: headingLevel(heading.depth + shift), text: runsText(runs), ...(holdsFormula(runs) ? { runs } : {}) });
        break;
      }
      case 'paragraph':
        blocks.push({ kind: 'paragraph', runs: inlineRuns((token as Tokens.Paragraph).tokens, formulas) });
        break;
      case 'list':
        blocks.push({ kind: 'list', ...listOf(token as Tokens.List, formulas) });
        break;
      case 'table': {
        const table = token as Tokens.Table;
        const header = table.header.map((cell) => inlineRuns(cell.tokens, formulas));
        const rows = table.rows.map((row) => row.map((cell) => inlineRuns(cell.tokens, formulas)));
        const cellRuns = [...header, ...rows.flat()].some(holdsFormula) ? { cellRuns: { header, rows } } : {};
        blocks.push({ kind: 'table', header: header.map(runsText), rows: rows.map((row) => row.map(runsText)), ...cellRuns });
        break;
      }
      case 'code':
        blocks.push({ kind: 'code', text: clean((token as Tokens.Code).text) });
        break;
      case 'blockquote': {
        const inner = markdownBlocks((token as Tokens.Blockquote).text, baseLevel);
        blocks.push({ kind: 'quote', runs: inner.flatMap((b) => (b.kind === 'paragraph' ? b.runs : [])) });
        break;
      }
      case 'space':
      case 'hr':
        break;
      default: {
        // html blocks and the like: their source, as a paragraph of text.
        const raw = clean(token.raw).trim();
        if (raw) blocks.push({ kind: 'paragraph', runs: [{ text: raw }] });
      }
    }
  }
  return blocks;
}
