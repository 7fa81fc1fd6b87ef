import type { DocxReader } from './docx';
import type { Readers } from './extract';
import { READ_SECONDS } from './limits';
import { AttachError, cancelledError, tooSlowError } from './sniff';
import type { DocxWorkerAnswer } from './docxWorker';

/*
 * The readers the browser runs, each in a worker from the app's
 * own files (no CDN), so a long PDF, a Word file or a photo is read off the
 * page's thread: pdf.js, mammoth (docxWorker.ts), and text recognition
 * (ocr.ts). Loaded the first time a file of their kind is attached.
 */

/** A fresh worker per Word file, ended when it answers, when the user cancels, or after READ_SECONDS. */
const readDocxInWorker: DocxReader = (document, signal) =>
  new Promise<string>((resolve, reject) => {
    signal?.throwIfAborted();
    const worker = new Worker(new URL('./docxWorker.ts', import.meta.url), { type: 'module', name: 'docx' });
    const end = () => {
      worker.terminate();
      clearTimeout(deadline);
      signal?.removeEventListener('abort', cancel);
    };
    const deadline = setTimeout(() => {
      end();
      reject(tooSlowError('Word file'));
    }, READ_SECONDS * 1000);
    const cancel = () => {
      end();
      reject(cancelledError());
    };
    signal?.addEventListener('abort', cancel, { once: true });
    worker.onmessage = (event: MessageEvent<DocxWorkerAnswer>) => {
      end();
      if ('text' in event.data) resolve(event.data.text);
      else if ('refused' in event.data) reject(new AttachError(event.data.refused));
      else reject(new Error('mammoth could not read the document'));
    };
    worker.onerror = (event) => {
      end();
      reject(new Error(`The Word reader failed to start (${event.message}).`));
    };
    // Transferred, not copied: the page has no further use for the bytes.
    worker.postMessage(document, [document]);
  });

export const browserReaders: Readers = {
  pdfjs: async () => {
    const [pdfjs, worker] = await Promise.all([import('pdfjs-dist'), import('pdfjs-dist/build/pdf.worker.min.mjs?url')]);
    pdfjs.GlobalWorkerOptions.workerSrc = worker.default;
    return pdfjs;
  },
  docx: async () => readDocxInWorker,
  ocr: async () => (await import('./ocr')).loadOcr(),
};
