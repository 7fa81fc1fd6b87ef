import { AttachError } from './sniff';

/*
 * A Word file's text, read by mammoth's raw-text reader (given by
 * the app, which runs it in a worker): the paragraphs' text, nothing else.
 * Macros (a .docm's vbaProject.bin) are never run: only their presence is
 * noted. A zip that is not a Word
 * document (an Excel or PowerPoint file, an archive) is named and refused
 * before mammoth sees it; the entry names come from fflate's reader, which
 * lists a zip without unpacking it.
 */

export interface DocxText {
  text: string;
  notes: string[];
}

export const DAMAGED_ZIP = 'This file is damaged and cannot be opened.';

async function entryNames(bytes: Uint8Array): Promise<string[]> {
  const { unzipSync } = await import('fflate');
  const names: string[] = [];
  try {
    unzipSync(bytes, {
      filter: (entry) => {
        names.push(entry.name);
        return false;
      },
    });
  } catch {
    throw new AttachError(DAMAGED_ZIP);
  }
  return names;
}

function notWord(names: readonly string[]): string {
  if (names.some((n) => n.startsWith('xl/'))) return 'This is an Excel file, not a Word file: copy the cells you need, or save it as a PDF.';
  if (names.some((n) => n.startsWith('ppt/'))) return 'This is a PowerPoint file: save it as a PDF (File, Save as, PDF) and attach that.';
  return 'This zip file is not a Word document (.docx).';
}

/** Reads a Word document's raw text (mammothReader.ts), where the app runs it; rejects on a damaged one. */
export type DocxReader = (document: ArrayBuffer, signal?: AbortSignal) => Promise<string>;

export async function docxText(bytes: Uint8Array, readRawText: DocxReader, signal?: AbortSignal): Promise<DocxText> {
  const names = await entryNames(bytes);
  if (!names.includes('word/document.xml')) throw new AttachError(notWord(names));
  const document = bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer;
  let text: string;
  try {
    text = await readRawText(document, signal);
  } catch (error) {
    // Cancelled, or refused with its reason (too big to unpack, too slow): said as it is.
    if (signal?.aborted || error instanceof AttachError) throw error;
    throw new AttachError('This Word file is damaged and cannot be read. Open it in Word and save it again.');
  }
  const notes = names.some((n) => /(^|\/)vbaProject\.bin$/i.test(n)) ? ['Its macros were not run: only its text was read.'] : [];
  return { text, notes };
}
