import type { Readers } from '../../../engine/attach/extract';
import { AttachError } from '../../../engine/attach/sniff';

/*
 * The readers the browser runs (issue 16): pdf.js with its worker, a file of
 * the app's own (no CDN), so a long PDF is read off the page's thread.
 * Loaded the first time a file is attached.
 */

export const browserReaders: Readers = {
  pdfjs: async () => {
    const [pdfjs, worker] = await Promise.all([import('pdfjs-dist'), import('pdfjs-dist/build/pdf.worker.min.mjs?url')]);
    pdfjs.GlobalWorkerOptions.workerSrc = worker.default;
    return pdfjs;
  },
  ocr: () => Promise.reject(new AttachError('Text in photos cannot be read in this version yet: attach a PDF, Word or text file, or type the text.')),
};
