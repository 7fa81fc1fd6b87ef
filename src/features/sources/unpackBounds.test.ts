import { afterEach, describe, expect, it, vi } from 'vitest';
import { makePdf } from './testing/makePdf';
import { pdfBomb, wordBomb } from './testing/hostileFiles';
import { docxPartsWithin } from './docxParts';
import { extractText, type Readers } from './extract';
import { InflateBudget } from './inflateWithin';
import { MAX_ATTACHED_CHARACTERS, MAX_DOCX_PARTS_BYTES, MAX_PDF_TEXT_CHARACTERS, MAX_PDF_UNPACKED_BYTES, READ_SECONDS } from './limits';
import { mammothRawText } from './mammothReader';
import { pdfText, type PdfJsModule } from './pdf';
import { checkPdfStreams } from './pdfStreams';

/*
 * An attached file that unpacks to far more than it weighs (a 300 KB Word
 * file or PDF holding 300 MB of one character) is refused with its reason,
 * having unpacked no more than its bound (counted as it is unpacked, so the
 * memory it takes is known), whether or not the file tells the truth about
 * its size. A PDF is read for at most READ_SECONDS and until its text is
 * more than one file adds; the pages read by then are kept and the note
 * says where reading stopped.
 */

const MB = 1024 * 1024;
// Unpacking up to a bound of 128 MB takes a second or two on a busy machine: the tests' own time limit is not what they check.
/** What one step of the inflater may give past the bound: 4 KB in, at most 1,032 times that out. */
const ONE_STEP = 4096 * 1032;

const readers: Readers = {
  pdfjs: async () => import('pdfjs-dist/legacy/build/pdf.mjs'),
  docx: async () => mammothRawText,
  ocr: async () => async () => '',
};

const file = (bytes: Uint8Array, name: string) => new File([new Uint8Array(bytes)], name);

const wordTooBig = `This Word file unpacks to more than ${MAX_DOCX_PARTS_BYTES / MB} MB of text and layout, more than can be read here. Save the part you need as a document of its own (or as a PDF) and attach that.`;
const pdfTooBig = `This PDF unpacks to more than ${MAX_PDF_UNPACKED_BYTES / MB} MB, more than can be read here. Print or save the pages you need as a PDF of their own and attach that.`;

describe('a Word file that unpacks to hundreds of megabytes', () => {
  it('is refused with its reason, from its own directory, before anything is unpacked', { timeout: 60_000 }, async () => {
    const bomb = wordBomb(300);
    expect(bomb.length).toBeLessThan(MB);
    await expect(extractText(file(bomb, 'essay.docx'), readers)).rejects.toThrow(wordTooBig);
    const budget = new InflateBudget(MAX_DOCX_PARTS_BYTES);
    expect(() => docxPartsWithin(bomb, budget)).toThrow(wordTooBig);
    expect(budget.inflated).toBe(0);
  });

  it('is refused just the same when its directory lies about the size, having unpacked no more than the bound', { timeout: 60_000 }, async () => {
    const bomb = wordBomb(300, { lying: true });
    await expect(extractText(file(bomb, 'essay.docx'), readers)).rejects.toThrow(wordTooBig);
    const budget = new InflateBudget(MAX_DOCX_PARTS_BYTES);
    expect(() => docxPartsWithin(bomb, budget)).toThrow(wordTooBig);
    expect(budget.inflated).toBeGreaterThan(MAX_DOCX_PARTS_BYTES);
    expect(budget.inflated).toBeLessThanOrEqual(MAX_DOCX_PARTS_BYTES + ONE_STEP);
  });
});

describe('a PDF whose page unpacks to hundreds of megabytes', () => {
  it('is refused with its reason before pdf.js reads it, having unpacked no more than the bound', { timeout: 60_000 }, async () => {
    const bomb = pdfBomb(300);
    expect(bomb.length).toBeLessThan(MB);
    await expect(extractText(file(bomb, 'handout.pdf'), readers)).rejects.toThrow(pdfTooBig);
    const budget = new InflateBudget(MAX_PDF_UNPACKED_BYTES);
    expect(() => checkPdfStreams(bomb, budget)).toThrow(pdfTooBig);
    expect(budget.inflated).toBeLessThanOrEqual(MAX_PDF_UNPACKED_BYTES + ONE_STEP);
  });

  it('within the bound is measured and handed on', () => {
    const budget = new InflateBudget(MAX_PDF_UNPACKED_BYTES);
    expect(() => checkPdfStreams(pdfBomb(3), budget)).not.toThrow();
    expect(budget.inflated).toBe(3 * MB);
  });
});

describe('reading a PDF stops in time and once it has enough text', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('stops once its text is more than one file adds, keeping the pages read and saying so', async () => {
    // Forty full lines a page, about 4,000 characters: 30 pages hold far more than reading needs.
    const pages = Array.from({ length: 30 }, (_, p) => Array.from({ length: 40 }, (_, l) => `Page ${p + 1} line ${l + 1}: cells divide by mitosis, then by cytokinesis, into two cells.`));
    const read = await extractText(file(makePdf(pages), 'biology.pdf'), readers);
    if (read.kind !== 'text') throw new Error('expected text');
    // Pages are read until their text (each page's lines, a line end apart) passes the bound.
    let lastRead = 0;
    for (let text = 0; text < MAX_PDF_TEXT_CHARACTERS; lastRead++) text += pages[lastRead]!.join('\n').length;
    expect(lastRead).toBeLessThan(30);
    expect(read.pages).toEqual({ from: 1, to: lastRead, total: 30 });
    expect(read.text.length).toBeLessThanOrEqual(MAX_ATTACHED_CHARACTERS);
    expect(read.text).toContain('Page 1 line 1:');
    expect(read.notes).toContain(`Reading stopped after page ${lastRead}: the text before it is already more than one file adds.`);
  });

  /**
   * pdf.js stand-in whose page `stuckAt` (0: the document itself) never comes back, as a worker deep
   * in a hostile page does not; its destroy, like pdf.js's, waits for that
   * worker to answer, so only ending the worker stops it. (pdf.js's Node
   * build reads on the test's own thread, where no clock can interrupt it.)
   */
  function stuckPdfjs(stuckAt: number) {
    const ended = vi.fn();
    const page = (n: number) => ({ getTextContent: async () => ({ items: [{ str: `Page ${n} text` }] }), cleanup: () => undefined });
    const doc = { numPages: 5, getPage: (n: number) => (n === stuckAt ? new Promise(() => undefined) : Promise.resolve(page(n))) };
    const pdfjs = {
      PDFWorker: class {
        destroy = ended;
      },
      getDocument: () => ({ promise: stuckAt === 0 ? new Promise(() => undefined) : Promise.resolve(doc), destroy: () => new Promise(() => undefined) }),
    } as unknown as PdfJsModule;
    return { pdfjs, ended };
  }

  it(`stops a page that takes more than ${READ_SECONDS} seconds, ends pdf.js's worker and keeps the pages read before it`, async () => {
    vi.useFakeTimers();
    const { pdfjs, ended } = stuckPdfjs(3);
    const reading = pdfText(pdfjs, makePdf([['x']]));
    await vi.advanceTimersByTimeAsync(READ_SECONDS * 1000);
    await expect(reading).resolves.toEqual({
      kind: 'text',
      text: 'Page 1 text\n\nPage 2 text',
      pages: { from: 1, to: 2 },
      total: 5,
      notes: [`Page 3 took longer than ${READ_SECONDS} seconds to read, so reading stopped there: pages up to 2 were read.`],
    });
    expect(ended).toHaveBeenCalled();
  });

  it.each([
    ['its first page', 1],
    ['the document itself', 0],
  ])('refuses with its reason when not even %s could be read in time', async (_, stuckAt) => {
    vi.useFakeTimers();
    const { pdfjs, ended } = stuckPdfjs(stuckAt);
    const reading = pdfText(pdfjs, makePdf([['x']]));
    const refused = expect(reading).rejects.toThrow(`Reading this PDF took longer than ${READ_SECONDS} seconds, so it was stopped. Attach fewer pages, or save the pages you need as a PDF of their own and attach that.`);
    await vi.advanceTimersByTimeAsync(READ_SECONDS * 1000);
    await refused;
    expect(ended).toHaveBeenCalled();
  });
});
