import { textDirection, type TextDirection } from '../../kernel/textDirection';
import { blocksText, type Block, type ExportDocument } from './documentModel';

/*
 * Which way each part of an exported document reads, for Word, print and the
 * rich copy alike: the kernel's one decision (textDirection), applied to the
 * whole document and to each block, so an English answer quoting an Arabic
 * passage lays that passage out right to left.
 */

export type { TextDirection } from '../../kernel/textDirection';

/** The direction of the document's content as a whole. */
export function documentDirection(doc: Pick<ExportDocument, 'blocks' | 'language'>): TextDirection {
  return textDirection(blocksText(doc.blocks), doc.language);
}

/** The direction of one block, in a document asked in `language`. */
export function blockDirection(block: Block, language: string | undefined): TextDirection {
  return textDirection(blocksText([block]), language);
}

/**
 * The direction of a line the app writes around the content (a title, the
 * date and inputs): its own letters decide, as it is not written in the output
 * language ("Made 27 November 2026 with StudyForge").
 */
export function lineDirection(text: string): TextDirection {
  return textDirection(text);
}

/**
 * A document's content as HTML (the rich copy): each block's HTML from
 * `blockHtml`, already sanitised, in a `<div dir>` when it reads otherwise than
 * the whole, and the whole in a `<div dir="rtl">` when it reads right to left.
 * The attribute is added after sanitising (the sanitiser keeps no `dir` a
 * model could write); its value is one of two words of ours.
 */
export function directedHtml(doc: Pick<ExportDocument, 'blocks' | 'language'>, blockHtml: (block: Block) => string): string {
  const whole = documentDirection(doc);
  const blocks = doc.blocks.map((block) => {
    const own = blockDirection(block, doc.language);
    return own === whole ? blockHtml(block) : `<div dir="${own}">${blockHtml(block)}</div>`;
  });
  return whole === 'rtl' ? `<div dir="rtl">${blocks.join('')}</div>` : blocks.join('');
}

/** A printed element laid out in a direction: `dir` set only where it reads right to left or differs from around it. */
export function withDirection<E extends HTMLElement>(element: E, direction: TextDirection, around: TextDirection = 'ltr'): E {
  if (direction !== around) element.dir = direction;
  return element;
}
