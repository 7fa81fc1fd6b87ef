import { Document, Packer, Paragraph, HeadingLevel } from 'docx';
import { strToU8, unzipSync, zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { makePdf } from './testing/makePdf';
import { OLLAMA_DEFAULT_NUM_CTX } from '../../providers/ollama';
import { budgetNote, extractText, type Readers } from './extract';
import { mammothRawText } from './mammothReader';
import { CONTEXT_TOKENS, MAX_ATTACHED_CHARACTERS, MAX_ATTACH_BYTES, MAX_PDF_PAGES } from './limits';

/*
 * Attaching a file: real files, written by real writers (Word
 * files by the docx library, PDFs by makePdf) and read by the readers users
 * get (mammoth, pdf.js's Node build). A student would notice the file's text
 * arriving whole, a long PDF asking which pages, and every file that cannot
 * be read saying why: a program renamed .pdf, a protected or damaged PDF, a
 * scanned one, an Excel file, a 40 MB file.
 */

const readers: Readers = {
  // The Node build: the browser's needs a worker the app sets up.
  pdfjs: async () => import('pdfjs-dist/legacy/build/pdf.mjs'),
  // The browser runs the same call in a worker (src/features/sources/docxWorker.ts).
  docx: async () => mammothRawText,
  ocr: async () => async () => '',
};

const file = (bytes: Uint8Array | string, name: string) => new File([new Uint8Array(typeof bytes === 'string' ? strToU8(bytes) : bytes)], name);

async function wordFile(paragraphs: string[]): Promise<Uint8Array> {
  const doc = new Document({ sections: [{ children: [new Paragraph({ text: paragraphs[0]!, heading: HeadingLevel.HEADING_1 }), ...paragraphs.slice(1).map((text) => new Paragraph(text))] }] });
  return new Uint8Array(await (await Packer.toBlob(doc)).arrayBuffer());
}

describe('attaching a file', () => {
  it('a text file arrives as it is, line ends made one kind and control characters gone', async () => {
    const read = await extractText(file('\ufeffPhotosynthesis\r\nLight \u0007energy.\r\n\r\n\r\n\r\nGlucose.', 'notes.txt'), readers);
    expect(read).toMatchObject({ kind: 'text', fileKind: 'text', text: 'Photosynthesis\nLight energy.\n\nGlucose.', notes: [] });
  });

  it('a Word file gives its paragraphs; its macros are never run, and that is said', async () => {
    const bytes = await wordFile(['The water cycle', 'Water evaporates from the sea.', 'It condenses into clouds.']);
    expect(await extractText(file(bytes, 'cycle.docx'), readers)).toMatchObject({ fileKind: 'docx', text: 'The water cycle\n\nWater evaporates from the sea.\n\nIt condenses into clouds.', notes: [] });
    const withMacros = zipSync({ ...unzipSync(bytes), 'word/vbaProject.bin': strToU8('Attribute VB_Name = "AutoOpen"\nShell "calc.exe"') });
    const read = await extractText(file(withMacros, 'cycle.docm'), readers);
    expect(read).toMatchObject({ text: expect.stringContaining('Water evaporates'), notes: ['Its macros were not run: only its text was read.'] });
  });

  it('a PDF gives each page’s lines, pages apart; progress is told page by page', async () => {
    const progress: unknown[] = [];
    const read = await extractText(file(makePdf([['Cells', 'The nucleus holds DNA (genes).'], ['Mitochondria release energy.']]), 'cells.pdf'), readers, { onProgress: (p) => progress.push(p) });
    expect(read).toMatchObject({ fileKind: 'pdf', text: 'Cells\nThe nucleus holds DNA (genes).\n\nMitochondria release energy.', pages: { from: 1, to: 2, total: 2 } });
    expect(progress).toEqual([{ pages: { done: 1, of: 2 } }, { pages: { done: 2, of: 2 } }]);
  });

  it('a 200-page PDF asks which pages to read, then reads at most the most it reads at once', async () => {
    const pdf = file(makePdf(Array.from({ length: 200 }, (_, i) => [`Page ${i + 1} text`])), 'textbook.pdf');
    expect(await extractText(pdf, readers)).toEqual({ kind: 'choosePages', total: 200 });
    const read = await extractText(pdf, readers, { pages: { from: 150, to: 200 } });
    expect(read).toMatchObject({ pages: { from: 150, to: 150 + MAX_PDF_PAGES - 1, total: 200 } });
    expect(read.kind === 'text' && read.text.split('\n\n')).toEqual(Array.from({ length: MAX_PDF_PAGES }, (_, i) => `Page ${150 + i} text`));
  });

  it('the share of a model context is told against the smallest context we run a model with', () => {
    expect(CONTEXT_TOKENS).toBe(OLLAMA_DEFAULT_NUM_CTX);
    expect(budgetNote(40_000)).toBe('about 10,000 tokens, 61% of a 16,384-token model context');
    expect(budgetNote(10)).toBe('about 3 tokens, 1% of a 16,384-token model context');
  });

  it('long text is cut at a sentence with a note of what was kept', async () => {
    const sentence = 'Osmosis moves water across a membrane. ';
    const read = await extractText(file(sentence.repeat(2000), 'long.txt'), readers);
    if (read.kind !== 'text') throw new Error('expected text');
    expect(read.text.length).toBeLessThanOrEqual(MAX_ATTACHED_CHARACTERS);
    expect(read.text.endsWith('membrane.')).toBe(true);
    expect(read.notes).toEqual([`Only its first ${read.kept.toLocaleString('en-GB')} of ${(sentence.length * 2000 - 1).toLocaleString('en-GB')} characters were added (the most one file adds is 40,000).`]);
  });

  it.each([
    ['a program renamed .pdf', file(new Uint8Array([0x4d, 0x5a, 0x90, 0, 3, 0, 0, 0]), 'notes.pdf'), 'This file is a Windows program, not a PDF, a Word file (.docx), a text file or a photo (PNG or JPEG).'],
    ['a PDF with a password', file(makePdf([['Secret']], { password: true }), 'locked.pdf'), 'This PDF is protected by a password. Open it, save or print it as a PDF without one, and attach that.'],
    ['a damaged PDF', file('%PDF-1.7\n1 0 obj << /Type /Catalog', 'broken.pdf'), 'This PDF is damaged and cannot be read. Try saving it again from the program that made it.'],
    ['a scanned PDF with no text', file(makePdf([[], []]), 'scan.pdf'), 'This PDF has no text in it: its pages are probably scanned images. Take a photo or screenshot of a page (PNG or JPEG) and attach that to read it with text recognition.'],
    ['an Excel file', file(zipSync({ 'xl/workbook.xml': strToU8('<workbook/>'), '[Content_Types].xml': strToU8('<Types/>') }), 'marks.docx'), 'This is an Excel file, not a Word file: copy the cells you need, or save it as a PDF.'],
    ['a damaged zip', file(new Uint8Array([0x50, 0x4b, 3, 4, 1, 2, 3]), 'essay.docx'), 'This file is damaged and cannot be opened.'],
    ['a text file not in UTF-8', file(new Uint8Array([0x43, 0x61, 0x66, 0xe9, 0x20, 0x6e, 0x6f, 0x69, 0x72]), 'latin1.txt'), 'This file is not a PDF, a Word file (.docx), a text file or a photo (PNG or JPEG).'],
    ['an empty file', file('', 'empty.txt'), 'The file is empty.'],
  ])('%s is refused with a reason', async (_, input, message) => {
    await expect(extractText(input, readers)).rejects.toThrow(message);
  });

  it('a 40 MB file is refused before it is read', async () => {
    const huge = { size: 40 * 1024 * 1024, slice: () => new Blob([strToU8('plain text')]), arrayBuffer: () => Promise.reject(new Error('read whole')) } as unknown as Blob;
    await expect(extractText(huge, readers)).rejects.toThrow(`The file is 40 MB; files up to ${MAX_ATTACH_BYTES / 1024 / 1024} MB can be attached.`);
  });

  it('reading can be cancelled, in the middle of a PDF', async () => {
    const controller = new AbortController();
    const pdf = file(makePdf(Array.from({ length: 20 }, (_, i) => [`Page ${i + 1}`])), 'long.pdf');
    const reading = extractText(pdf, readers, { signal: controller.signal, onProgress: (p) => 'pages' in p && p.pages.done === 3 && controller.abort() });
    await expect(reading).rejects.toMatchObject({ name: 'AbortError' });
  });

  it('a Word file cancelled while its reader works is cancelled, not called damaged', async () => {
    const controller = new AbortController();
    // A reader as slow as a long document in the worker: it answers only by being cancelled.
    const slowWord: Readers = { ...readers, docx: async () => (_document, signal) => new Promise((_, reject) => signal?.addEventListener('abort', () => reject(signal.reason))) };
    const reading = extractText(file(await wordFile(['Long essay', 'Paragraph.']), 'essay.docx'), slowWord, { signal: controller.signal });
    setTimeout(() => controller.abort(), 20);
    await expect(reading).rejects.toMatchObject({ name: 'AbortError' });
  });
});
