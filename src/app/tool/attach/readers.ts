import type { Readers } from '../../../engine/attach/extract';

/*
 * The readers the browser runs (issue 16), each in a worker from the app's
 * own files (no CDN), so a long PDF or a photo is read off the page's
 * thread: pdf.js, and text recognition (ocr.ts). Loaded the first time a
 * file of their kind is attached.
 */

export const browserReaders: Readers = {
  pdfjs: async () => {
    const [pdfjs, worker] = await Promise.all([import('pdfjs-dist'), import('pdfjs-dist/build/pdf.worker.min.mjs?url')]);
    pdfjs.GlobalWorkerOptions.workerSrc = worker.default;
    return pdfjs;
  },
  ocr: async () => (await import('./ocr')).loadOcr(),
};
