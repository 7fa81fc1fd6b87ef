import { InflateBudget, inflateWithin } from './inflateWithin';
import { MAX_PDF_UNPACKED_BYTES } from './limits';
import { AttachError } from './sniff';

/*
 * pdf.js unpacks a page's compressed streams whole, in memory, when the page
 * is read, with no bound: a 6 MB PDF whose one page unpacked to 1.5 GB took
 * 135 s and 4 GB. So before pdf.js sees a PDF, its compressed (FlateDecode)
 * streams are unpacked here within MAX_PDF_UNPACKED_BYTES, counted and
 * thrown away, and a PDF that would pass it is refused. Pictures are left
 * out (reading text never unpacks them, and a scan's can be large). A stream
 * this cannot unpack (encrypted, or under another filter first) is left to
 * pdf.js, whose reading is bounded in time (pdf.ts).
 */

const tooBig = () =>
  new AttachError(
    `This PDF unpacks to more than ${MAX_PDF_UNPACKED_BYTES / (1024 * 1024)} MB, more than can be read here. Print or save the pages you need as a PDF of their own and attach that.`,
  );

/** `>> stream` then one end of line: where a stream's data starts. */
const STREAM_START = />>\s*stream\r?\n/g;

/** A stream's dictionary is never this long: looking back no further keeps the scan linear. */
const MAX_DICTIONARY_CHARACTERS = 64 * 1024;

/** The dictionary that ends where `end` is (just after its `>>`), found by counting `<<` and `>>` back to its start, not before `floor`. */
function dictionaryBefore(text: string, end: number, floor: number): string {
  let depth = 0;
  for (let at = end - 2; at >= Math.max(floor, end - MAX_DICTIONARY_CHARACTERS); at--) {
    const pair = text.slice(at, at + 2);
    if (pair === '>>') depth++;
    else if (pair === '<<' && --depth === 0) return text.slice(at, end);
  }
  return '';
}

/** A zlib header's two bytes (deflate, a valid check), which pdf.js skips too. */
const hasZlibHeader = (data: Uint8Array) => data.length > 2 && (data[0]! & 0x0f) === 8 && ((data[0]! << 8) | data[1]!) % 31 === 0;

/** Throws an AttachError when the PDF's compressed streams, pictures aside, unpack past the bound; `budget` (given by the tests) counts them. */
export function checkPdfStreams(bytes: Uint8Array, budget = new InflateBudget(MAX_PDF_UNPACKED_BYTES)): void {
  // Latin-1 keeps one character per byte, so places in the text are places in the file.
  const text = new TextDecoder('latin1').decode(bytes);
  /** Where the last stream's data ended: what looks like a stream inside another's data is data. */
  let previousEnd = 0;
  for (const start of text.matchAll(STREAM_START)) {
    if (start.index < previousEnd) continue;
    const dataAt = start.index + start[0].length;
    const found = text.indexOf('endstream', dataAt);
    const end = found < 0 ? text.length : found;
    const dictionary = dictionaryBefore(text, start.index + 2, previousEnd);
    previousEnd = end;
    if (!/\/Filter\s*\[?\s*\/FlateDecode\b/.test(dictionary) || /\/Subtype\s*\/Image\b/.test(dictionary)) continue;
    let data = bytes.subarray(dataAt, end);
    if (hasZlibHeader(data)) data = data.subarray(2);
    try {
      if (inflateWithin(data, budget, false) === 'overBudget') throw tooBig();
    } catch (error) {
      if (error instanceof AttachError) throw error;
      // Not deflate as it stands (encrypted, damaged): pdf.js decides, within its time.
    }
  }
}
