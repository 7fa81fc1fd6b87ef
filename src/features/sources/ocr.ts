import type { OcrReader } from './extract';
import { AttachError, cancelledError } from './sniff';

/** How long text recognition may go without a word of progress before it counts as stopped. */
const STALL_MS = 45_000;
const STALLED = 'Text recognition stopped responding. Try a smaller photo, or type the text.';

/*
 * Text in a photo: tesseract.js, its worker, its engine (the
 * SIMD build with the LSTM recogniser only, which every current browser
 * runs) and its English language data (@tesseract.js-data/eng, the
 * "best_int" model: 2.9 MB, at ocr/eng.traineddata.gz) all served as the
 * app's own files, never a CDN.
 * Loaded the first time a photo is attached. Each photo gets a fresh worker,
 * ended when it is read or cancelled, so nothing stays running.
 *
 * Another language is a drop-in: install @tesseract.js-data/<code>, have
 * tooling/ocrDataPlugin.ts put its <code>.traineddata.gz beside English's,
 * and ask for 'eng+<code>'.
 */

export async function loadOcr(): Promise<OcrReader> {
  const [{ createWorker, OEM }, worker, core] = await Promise.all([
    import('tesseract.js'),
    import('tesseract.js/dist/worker.min.js?url'),
    import('tesseract.js-core/tesseract-core-simd-lstm.wasm.js?url'),
  ]);
  // Beside index.html, wherever the app is served from (tooling/ocrDataPlugin.ts puts it there).
  const langPath = new URL('ocr', document.baseURI).href;
  return async (image, { signal, onProgress }) => {
    signal?.throwIfAborted();
    // tesseract.js reports no crash of its worker's engine (an abort inside the
    // WebAssembly leaves its promises pending), so silence for STALL_MS is one.
    let stalled: (reason: Error) => void = () => undefined;
    const stall = new Promise<never>((_, reject) => (stalled = reject));
    // Raced below; a late call (after the photo is read) must not surface as an unhandled rejection.
    stall.catch(() => undefined);
    let timer = setTimeout(() => stalled(new AttachError(STALLED)), STALL_MS);
    const alive = () => {
      clearTimeout(timer);
      timer = setTimeout(() => stalled(new AttachError(STALLED)), STALL_MS);
    };
    let ocr: Awaited<ReturnType<typeof createWorker>> | undefined;
    const stop = () => {
      stalled(cancelledError());
      void ocr?.terminate();
    };
    signal?.addEventListener('abort', stop, { once: true });
    const creating = createWorker('eng', OEM.LSTM_ONLY, {
      langPath,
      workerPath: worker.default,
      corePath: core.default,
      // A worker from the app's own file, not a blob: URL (the Content-Security-Policy allows workers from 'self' only).
      workerBlobURL: false,
      cacheMethod: 'none',
      logger: (message) => {
        alive();
        if (message.status === 'recognizing text') onProgress?.(message.progress);
      },
      errorHandler: (error) => stalled(new AttachError(`Text recognition failed (${String(error)}).`)),
    });
    // A failure here is the race's, below; this only keeps a late one from going unhandled.
    creating.catch(() => undefined);
    try {
      ocr = await Promise.race([creating, stall]);
      const { data: read } = await Promise.race([ocr.recognize(image), stall]);
      return read.text;
    } finally {
      clearTimeout(timer);
      signal?.removeEventListener('abort', stop);
      if (ocr) await ocr.terminate();
      // Cancelled (or stalled) while loading: tesseract.js hands over no worker until it is ready, so it is ended then.
      else void creating.then((late) => late.terminate(), () => undefined);
    }
  };
}
