import { docxText, type DocxReader } from './docx';
import { estimatedTokens, CONTEXT_TOKENS, MAX_ATTACHED_CHARACTERS } from './limits';
import { pdfText, type PageRange, type PdfJsModule } from './pdf';
import { AttachError, sniffKind, SNIFF_BYTES, type FileKind } from './sniff';
import { cleanText, decodeTextFile, keepWithin } from './text';

/*
 * A file's text for a field, read in the browser: what kind it is
 * from its first bytes, then the reader for that kind, loaded only now. The
 * readers that need the app's set-up (pdf.js with its worker, mammoth in
 * its worker, text recognition with its language data) are given by the
 * app; the rest is here.
 * Text only ever comes out: nothing in a file is rendered or run.
 */

export interface OcrReader {
  (image: Blob, options: { signal?: AbortSignal; onProgress?(fraction: number): void }): Promise<string>;
}

export interface Readers {
  pdfjs(): Promise<PdfJsModule>;
  docx(): Promise<DocxReader>;
  ocr(): Promise<OcrReader>;
}

export interface ExtractOptions {
  /** For a long PDF, the pages to read (after a 'choosePages' answer). */
  pages?: PageRange;
  signal?: AbortSignal;
  /** Progress for the status line: "page 3 of 12", or a fraction of a photo read. */
  onProgress?(progress: { pages: { done: number; of: number } } | { fraction: number }): void;
}

export interface Extracted {
  kind: 'text';
  fileKind: FileKind | 'docx';
  text: string;
  /** Characters kept, of the text the file held. */
  kept: number;
  total: number;
  /** For a PDF: the pages read and its length. */
  pages?: PageRange & { total: number };
  /** What the user should know: macros not run, text cut. */
  notes: string[];
}

export type Extraction = Extracted | { kind: 'choosePages'; total: number };

async function readAll(file: Blob, signal: AbortSignal | undefined): Promise<Uint8Array> {
  const bytes = new Uint8Array(await file.arrayBuffer());
  signal?.throwIfAborted();
  return bytes;
}

/** A count as the messages write it: 40,000. */
export const count = (n: number) => n.toLocaleString('en-GB');

/** What the kept text costs: "about 3,100 tokens, 19% of a 16,384-token model context". */
export function budgetNote(characters: number): string {
  const tokens = estimatedTokens(characters);
  const share = Math.max(1, Math.round((tokens / CONTEXT_TOKENS) * 100));
  return `about ${count(tokens)} tokens, ${share}% of a ${count(CONTEXT_TOKENS)}-token model context`;
}

export async function extractText(file: Blob, readers: Readers, options: ExtractOptions = {}): Promise<Extraction> {
  const { signal } = options;
  signal?.throwIfAborted();
  const kind = sniffKind(new Uint8Array(await file.slice(0, SNIFF_BYTES).arrayBuffer()), file.size);
  let raw: string;
  let fileKind: Extracted['fileKind'] = kind;
  let pages: Extracted['pages'];
  const notes: string[] = [];
  switch (kind) {
    case 'text':
      raw = decodeTextFile(await readAll(file, signal));
      break;
    case 'zip': {
      const read = await docxText(await readAll(file, signal), await readers.docx(), signal);
      fileKind = 'docx';
      raw = read.text;
      notes.push(...read.notes);
      break;
    }
    case 'pdf': {
      const outcome = await pdfText(await readers.pdfjs(), await readAll(file, signal), {
        ...(options.pages ? { pages: options.pages } : {}),
        ...(signal ? { signal } : {}),
        onProgress: (done, of) => options.onProgress?.({ pages: { done, of } }),
      });
      if (outcome.kind === 'choosePages') return outcome;
      raw = outcome.text;
      pages = { ...outcome.pages, total: outcome.total };
      notes.push(...outcome.notes);
      break;
    }
    case 'image': {
      const read = await readers.ocr();
      raw = await read(file, { ...(signal ? { signal } : {}), onProgress: (fraction) => options.onProgress?.({ fraction }) });
      if (!cleanText(raw)) throw new AttachError('No text was found in this picture. Try a sharper, well-lit photo of printed text, taken straight on.');
      break;
    }
  }
  signal?.throwIfAborted();
  const clean = cleanText(raw);
  if (!clean) throw new AttachError('This file has no text in it.');
  const kept = keepWithin(clean, MAX_ATTACHED_CHARACTERS);
  if (kept.kept < kept.total) notes.push(`Only its first ${count(kept.kept)} of ${count(kept.total)} characters were added (the most one file adds is ${count(MAX_ATTACHED_CHARACTERS)}).`);
  return { kind: 'text', fileKind, text: kept.text, kept: kept.kept, total: kept.total, ...(pages ? { pages } : {}), notes };
}
