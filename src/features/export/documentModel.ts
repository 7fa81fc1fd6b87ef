import { withoutControlCharacters } from './exportInput';

/*
 * The export document's parts (runs, blocks, list items), which the markdown
 * and structured layouts (document.ts, documentMarkdown.ts) build and each
 * writer (Word, print, rich copy) reads.
 */

export interface Run {
  text: string;
  bold?: boolean;
  italic?: boolean;
  code?: boolean;
}

export type Block =
  | { kind: 'heading'; level: 1 | 2 | 3 | 4 | 5 | 6; text: string }
  | { kind: 'paragraph'; runs: Run[] }
  | { kind: 'list'; ordered: boolean; items: ListItem[] }
  | { kind: 'table'; header: string[]; rows: string[][] }
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
}

export type HeadingLevel = Extract<Block, { kind: 'heading' }>['level'];

/** Control characters never reach a document: writers would pass them on into files that then fail to open. */
export const clean = (text: string) => withoutControlCharacters(text);

export function headingLevel(level: number): HeadingLevel {
  return Math.min(6, Math.max(1, level)) as HeadingLevel;
}
