import { AttachError } from './sniff';

/*
 * Text made fit for a field: what a file held, as plain text. Control
 * characters go (they mean nothing to a reader and break some providers'
 * JSON), line ends become "\n", runs of blank lines one, and long text is
 * cut at a paragraph, sentence or word with the count of what was kept.
 */

/** A text file's content: UTF-8 (a byte-order mark dropped), or a reason it cannot be read. */
export function decodeTextFile(bytes: Uint8Array): string {
  try {
    return new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(bytes);
  } catch {
    throw new AttachError('This text file is not UTF-8. Open it and save it as UTF-8 text (or as .docx), then attach it again.');
  }
}

export function cleanText(text: string): string {
  return text
    .replace(/\r\n?|\u2028|\u2029/g, '\n')
    .replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f\ufffe\uffff]/g, '')
    .replace(/[ \t]+\n/g, '\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

export interface Kept {
  text: string;
  /** Characters kept, and in the whole text (both counted as the field counts them: UTF-16 units). */
  kept: number;
  total: number;
}

/** The text, or its start up to max characters, cut at the last paragraph, sentence or word break in its final fifth. */
export function keepWithin(text: string, max: number): Kept {
  if (text.length <= max) return { text, kept: text.length, total: text.length };
  const head = text.slice(0, max);
  const floor = Math.floor(max * 0.8);
  const at = [/\n\n(?![\s\S]*\n\n)/, /[.!?]\s(?![\s\S]*[.!?]\s)/, /\s(?![\s\S]*\s)/]
    .map((pattern) => {
      const match = pattern.exec(head);
      return match && match.index >= floor ? match.index + (match[0].startsWith('\n') ? 0 : 1) : -1;
    })
    .find((index) => index > 0);
  // Never end on half a surrogate pair (an emoji cut in two).
  const end = at ?? (/[\ud800-\udbff]/.test(head.at(-1) ?? '') ? max - 1 : max);
  const kept = head.slice(0, end).trimEnd();
  return { text: kept, kept: kept.length, total: text.length };
}
