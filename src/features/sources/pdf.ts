import type * as PdfJs from 'pdfjs-dist';
import { MAX_PDF_PAGES, MAX_PDF_TEXT_CHARACTERS, READ_SECONDS } from './limits';
import { AttachError, cancelledError, tooSlowError } from './sniff';

/*
 * A PDF's text, read by pdf.js, which the app gives here with its
 * worker set up (reading runs off the page's thread); tests give the Node
 * build. Only text is taken: the document's scripts, forms and fonts are
 * never run or loaded (isEvalSupported off, no XFA, no font faces).
 *
 * A PDF longer than MAX_PDF_PAGES asks which pages to read; a range is cut
 * to that many. A PDF of scanned pages has no text: it says so, and how to
 * read it with text recognition instead.
 *
 * Reading is bounded: the file's compressed streams are measured before
 * pdf.js sees them (pdfStreams.ts); reading stops once the text read passes
 * MAX_PDF_TEXT_CHARACTERS (more than one file adds), and after READ_SECONDS,
 * when pdf.js's worker is ended outright (pdf.js's own destroy waits for the
 * worker to answer, which a worker deep in one page never does). The pages
 * read before either stop are kept, with a note saying where reading
 * stopped: they are what the user asked for, as far as it could go, as a long
 * text cut to its first 40,000 characters is.
 */

export type PdfJsModule = Pick<typeof PdfJs, 'getDocument' | 'PDFWorker'>;

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

export type PdfOutcome = { kind: 'text'; text: string; pages: PageRange; total: number; notes: string[] } | { kind: 'choosePages'; total: number };

class OutOfTime extends Error {}

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
  // Loaded with the first PDF: the inflater (fflate) comes with it.
  (await import('./pdfStreams')).checkPdfStreams(bytes);
  // A worker of this reading's own, so that running out of time can end it.
  const worker = new pdfjs.PDFWorker();
  // pdf.js takes ownership of the buffer it is given: a copy keeps the caller's bytes.
  const task = pdfjs.getDocument({ data: bytes.slice(), worker, verbosity: 0, isEvalSupported: false, enableXfa: false, disableFontFace: true, useSystemFonts: false, stopAtErrors: false });
  const cancel = () => void task.destroy();
  signal?.addEventListener('abort', cancel, { once: true });
  let timer: ReturnType<typeof setTimeout> | undefined;
  const outOfTime = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new OutOfTime()), READ_SECONDS * 1000);
  });
  // Handled here too: the time may run out between two steps, when no race is listening.
  outOfTime.catch(() => undefined);
  const inTime = <T>(step: Promise<T>) => Promise.race([step, outOfTime]);
  let stuck = false;
  try {
    let doc: PdfJs.PDFDocumentProxy;
    try {
      doc = await inTime(task.promise);
    } catch (error) {
      if (error instanceof OutOfTime) {
        stuck = true;
        throw tooSlowError('PDF');
      }
      throw signal?.aborted ? cancelledError() : reasonOf(error);
    }
    const total = doc.numPages;
    if (!options.pages && total > MAX_PDF_PAGES) return { kind: 'choosePages', total };
    const range = pagesToRead(options.pages, total);
    const texts: string[] = [];
    const notes: string[] = [];
    let characters = 0;
    let last = range.from - 1;
    for (let n = range.from; n <= range.to; n++) {
      if (signal?.aborted) throw cancelledError();
      if (characters >= MAX_PDF_TEXT_CHARACTERS) {
        notes.push(`Reading stopped after page ${last}: the text before it is already more than one file adds.`);
        break;
      }
      try {
        texts.push(await inTime(readPage(doc, n)));
      } catch (error) {
        if (!(error instanceof OutOfTime)) throw error;
        stuck = true;
        if (!texts.some(Boolean)) throw tooSlowError('PDF');
        notes.push(`Page ${n} took longer than ${READ_SECONDS} seconds to read, so reading stopped there: pages up to ${last} were read.`);
        break;
      }
      characters += texts.at(-1)!.length;
      last = n;
      options.onProgress?.(n - range.from + 1, range.to - range.from + 1);
    }
    const text = texts.filter(Boolean).join('\n\n');
    if (!text.trim()) {
      throw new AttachError('This PDF has no text in it: its pages are probably scanned images. Take a photo or screenshot of a page (PNG or JPEG) and attach that to read it with text recognition.');
    }
    return { kind: 'text', text, pages: { from: range.from, to: last }, total, notes };
  } catch (error) {
    throw signal?.aborted ? cancelledError() : error;
  } finally {
    clearTimeout(timer);
    signal?.removeEventListener('abort', cancel);
    // A stuck worker never answers pdf.js's destroy: it is ended first, and destroy not waited for.
    if (stuck) {
      worker.destroy();
      void task.destroy().catch(() => undefined);
    } else {
      await task.destroy();
      worker.destroy();
    }
  }
}

async function readPage(doc: PdfJs.PDFDocumentProxy, n: number): Promise<string> {
  const page = await doc.getPage(n);
  const text = pageText((await page.getTextContent()).items as TextPiece[]).trim();
  page.cleanup();
  return text;
}
