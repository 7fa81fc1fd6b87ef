import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Plugin } from 'vite';

/*
 * The English text-recognition data as one of the app's own
 * files at a fixed path, ocr/eng.traineddata.gz: tesseract.js's worker
 * fetches `<langPath>/<code>.traineddata.gz` by that name, so it cannot take
 * a hashed asset name. Written into the build, and served by the dev server;
 * never fetched from a CDN. (Passing the data to the worker directly would
 * need no file, but tesseract.js 7 names the language by its data when it
 * starts the engine, and fails.)
 */

export const OCR_DATA_DIR = 'ocr';
const FILE = 'eng.traineddata.gz';

export function ocrDataPlugin(): Plugin {
  const source = () => readFileSync(createRequire(import.meta.url).resolve(`@tesseract.js-data/eng/4.0.0_best_int/${FILE}`));
  return {
    name: 'studyforge-ocr-data',
    configureServer(server) {
      server.middlewares.use(`/${OCR_DATA_DIR}/${FILE}`, (_req, res) => {
        res.setHeader('Content-Type', 'application/octet-stream');
        res.end(source());
      });
    },
    generateBundle() {
      this.emitFile({ type: 'asset', fileName: `${OCR_DATA_DIR}/${FILE}`, source: source() });
    },
  };
}
