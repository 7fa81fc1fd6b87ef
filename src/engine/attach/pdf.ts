import type * as PdfJs from 'pdfjs-dist';
import { MAX_PDF_PAGES } from './limits';
import { AttachError, cancelledError } from './sniff';

/*
 * A PDF's text (issue 16), read by pdf.js, which the app gives here with its
 * worker set up (reading runs off the page's thread); tests give the Node
 * build. Only text is taken: the document's scripts, forms and fonts are
 * never run or loaded (isEvalSupported off, no XFA, no font faces).
 *
 * A PDF longer than MAX_PDF_PAGES asks which pages to read; a range is cut
 * to that many. A PDF of scanned pages has no text: it says so, and how to
 * read it with text recognition instead.
 */

export type PdfJsModule = Pick<typeof PdfJs, 'getDocument'>;

export interface PageRange {
  from: number;
  to: number;
}

export interface PdfReadOptions {
  pages?: PageRange;
  signal?: AbortSignal;
  /** Pages read so far, of those asked for. */
  onProgress?(done: number, of: number): void;
}

export type PdfOutcome = { kind: 'text'; text: string; pages: PageRange; total: number } | { kind: 'choosePages'; total: number };

/** The pages read for a range asked for: within the document, at most MAX_PDF_PAGES. */
export function pagesToRead(range: PageRange | undefined, total: number): PageRange {
  const clamp = (n: number, low: number, high: number) => Math.min(Math.max(Math.round(n), low), high);
  const from = clamp(range?.from ?? 1, 1, total);
  const to = clamp(range?.to ?? total, from, Math.min(total, from + MAX_PDF_PAGES - 1));
  return { from, to };
}

interface TextPiece {
  str?: string;
  hasEOL?: boolean;
}

function pageText(items: readonly TextPiece[]): string {
  return items.map((item) => (item.str ?? '') + (item.hasEOL ? '\n' : '')).join('');
}

function reasonOf(error: unknown): Error {
  const name = error instanceof Error ? error.name : '';
  if (name === 'AbortError') return error as Error;
  if (name === 'PasswordException') return new AttachError('This PDF is protected by a password. Open it, save or print it as a PDF without one, and attach that.');
  return new AttachError('This PDF is damaged and cannot be read. Try saving it again from the program that made it.');
}

export async function pdfText(pdfjs: PdfJsModule, bytes: Uint8Array, options: PdfReadOptions = {}): Promise<PdfOutcome> {
  const { signal } = options;
  if (signal?.aborted) throw cancelledError();
  // pdf.js takes ownership of the buffer it is given: a copy keeps the caller's bytes.
  const task = pdfjs.getDocument({ data: bytes.slice(), verbosity: 0, isEvalSupported: false, enableXfa: false, disableFontFace: true, useSystemFonts: false, stopAtErrors: false });
  const cancel = () => void task.destroy();
  signal?.addEventListener('abort', cancel, { once: true });
  try {
    let doc: PdfJs.PDFDocumentProxy;
    try {
      doc = await task.promise;
    } catch (error) {
      throw signal?.aborted ? cancelledError() : reasonOf(error);
    }
    const total = doc.numPages;
    if (!options.pages && total > MAX_PDF_PAGES) return { kind: 'choosePages', total };
    const range = pagesToRead(options.pages, total);
    const texts: string[] = [];
    for (let n = range.from; n <= range.to; n++) {
      if (signal?.aborted) throw cancelledError();
      const page = await doc.getPage(n);
      texts.push(pageText((await page.getTextContent()).items as TextPiece[]).trim());
      page.cleanup();
      options.onProgress?.(n - range.from + 1, range.to - range.from + 1);
    }
    const text = texts.filter(Boolean).join('\n\n');
    if (!text.trim()) {
      throw new AttachError('This PDF has no text in it: its pages are probably scanned images. Take a photo or screenshot of a page (PNG or JPEG) and attach that to read it with text recognition.');
    }
    return { kind: 'text', text, pages: range, total };
  } catch (error) {
    throw signal?.aborted ? cancelledError() : error;
  } finally {
    signal?.removeEventListener('abort', cancel);
    await task.destroy();
  }
}
