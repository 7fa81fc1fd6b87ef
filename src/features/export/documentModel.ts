import { withoutControlCharacters, type ExportInput } from './exportInput';

/*
 * The export document's parts (runs, blocks, list items), which the markdown
 * and structured layouts (document.ts, documentMarkdown.ts) build and each
 * writer (Word, print, rich copy) reads; with the lines under a title and the
 * blocks as text. No markdown library here: the export feature's entry offers
 * these to renderers, and an entry's modules join its importers' first load.
 */

export interface Run {
  text: string;
  bold?: boolean;
  italic?: boolean;
  code?: boolean;
  /** A formula: `text` is its TeX as written (delimiters included), what a writer shows when it cannot render the math. */
  math?: { tex: string; display: boolean };
}

export type Block =
  /** `runs` only when the heading holds a formula: print and the rich copy render it from them, other writers use `text`. */
  | { kind: 'heading'; level: 1 | 2 | 3 | 4 | 5 | 6; text: string; runs?: Run[] }
  | { kind: 'paragraph'; runs: Run[] }
  | { kind: 'list'; ordered: boolean; items: ListItem[] }
  /** `cellRuns` only when a cell holds a formula: each cell's runs, in the shape of `header` and `rows`. */
  | { kind: 'table'; header: string[]; rows: string[][]; cellRuns?: { header: Run[][]; rows: Run[][][] } }
  | { kind: 'code'; text: string }
  | { kind: 'quote'; runs: Run[] }
  /** The next block starts a new page (sections of a project, a quiz's answer key). */
  | { kind: 'pageBreak' };

export interface ListItem {
  runs: Run[];
  /** A nested list under the item. */
  children?: { ordered: boolean; items: ListItem[] };
}

export interface ExportDocument {
  title: string;
  /** Lines under the title: the date, the inputs that made the result. */
  meta: string[];
  blocks: Block[];
  /** The output language it was asked in, when known: a right-to-left one lays the whole document out right to left. */
  language?: string;
}

export type HeadingLevel = Extract<Block, { kind: 'heading' }>['level'];

/** Control characters never reach a document: writers would pass them on into files that then fail to open. */
export const clean = (text: string) => withoutControlCharacters(text);

export function headingLevel(level: number): HeadingLevel {
  return Math.min(6, Math.max(1, level)) as HeadingLevel;
}

/** Blocks as plain text, one block a paragraph: how tests read a document, as a person would. */
export function blocksText(blocks: readonly Block[]): string {
  const runsText = (runs: readonly Run[]) => runs.map((r) => r.text).join('');
  const listText = (list: { ordered: boolean; items: ListItem[] }, indent: string): string =>
    list.items
      .map((item, i) => `${indent}${list.ordered ? `${i + 1}.` : '-'} ${runsText(item.runs)}${item.children ? `\n${listText(item.children, `${indent}  `)}` : ''}`)
      .join('\n');
  return blocks
    .flatMap((block) => {
      switch (block.kind) {
        case 'heading':
          return [block.text];
        case 'paragraph':
          return [runsText(block.runs)];
        case 'quote':
          return [`> ${runsText(block.runs)}`];
        case 'list':
          return [listText(block, '')];
        case 'table':
          return [[block.header, ...block.rows].map((row) => row.join('\t')).join('\n')];
        case 'code':
          return [block.text];
        case 'pageBreak':
          return [];
      }
    })
    .join('\n\n');
}

/** An input longer than this is summarised by its start: the document is about the result, not a pasted essay. */
const INPUT_SUMMARY_CHARS = 200;

function summary(value: string): string {
  const flat = clean(value).replace(/\s+/g, ' ').trim();
  return flat.length > INPUT_SUMMARY_CHARS ? `${flat.slice(0, INPUT_SUMMARY_CHARS - 1).trimEnd()}…` : flat;
}

/** "Made 26 November 2026", in the reader's own date style; nothing when the date is unknown or unreadable. */
function madeLine(madeAt: string | undefined): string[] {
  const date = madeAt ? new Date(madeAt) : undefined;
  if (!date || Number.isNaN(date.getTime())) return [];
  return [`Made ${new Intl.DateTimeFormat(undefined, { dateStyle: 'long' }).format(date)} with StudyForge`];
}

/** The lines under a document's title: when it was made, then each input filled in. */
export function metaLines(input: ExportInput): string[] {
  const inputs = (input.inputs ?? []).filter((line) => line.value.trim() !== '').map((line) => `${clean(line.label)}: ${summary(line.value)}`);
  return [...madeLine(input.madeAt), ...inputs];
}
