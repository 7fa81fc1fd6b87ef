import { MAX_ATTACH_BYTES, READ_SECONDS } from './limits';

/*
 * What an attached file is, from its first bytes (its signature), never from
 * its name alone: an .exe renamed .pdf is still a program, and is refused
 * before any parser sees it. The name only tells a Word file from another
 * zip once the zip is open, and decides nothing on its own.
 */

export type FileKind = 'pdf' | 'zip' | 'image' | 'text';

/** A file that cannot be read, with the reason shown to the user. */
export class AttachError extends Error {
  override name = 'AttachError';
}

/** How much of a file's start is enough to tell what it is. */
export const SNIFF_BYTES = 4096;

/** What a cancelled reading rejects with: an AbortError, as fetch and AbortSignal give. */
export function cancelledError(): DOMException {
  return new DOMException('Reading the file was cancelled.', 'AbortError');
}

/** What a reading stopped at its time bound (READ_SECONDS) says: what took too long, and what to attach instead. */
export function tooSlowError(what: 'PDF' | 'Word file'): AttachError {
  const instead = what === 'PDF' ? 'Attach fewer pages, or save the pages you need as a PDF of their own' : 'Save the part you need as a document of its own (or as a PDF)';
  return new AttachError(`Reading this ${what} took longer than ${READ_SECONDS} seconds, so it was stopped. ${instead} and attach that.`);
}

const megabytes = (bytes: number) => `${Math.round((bytes / (1024 * 1024)) * 10) / 10} MB`;

/** The kinds a box reads, as its messages name them. */
export const ACCEPTED_DESCRIPTION = 'a PDF, a Word file (.docx), a text file or a photo (PNG or JPEG)';

const startsWith = (bytes: Uint8Array, signature: readonly number[], at = 0) => signature.every((b, i) => bytes[at + i] === b);

const PDF = [0x25, 0x50, 0x44, 0x46, 0x2d]; // %PDF-
const ZIP = [0x50, 0x4b, 0x03, 0x04]; // PK\3\4
const PNG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const JPEG = [0xff, 0xd8, 0xff];
const UTF8_BOM = [0xef, 0xbb, 0xbf];

/** Signatures of files that are certainly not documents, named in the refusal. */
const KNOWN_OTHERS: readonly { signature: readonly number[]; what: string }[] = [
  { signature: [0x4d, 0x5a], what: 'a Windows program' }, // MZ
  { signature: [0x7f, 0x45, 0x4c, 0x46], what: 'a program' }, // ELF
  { signature: [0xcf, 0xfa, 0xed, 0xfe], what: 'a program' }, // Mach-O
  { signature: [0xd0, 0xcf, 0x11, 0xe0], what: 'an old Office file (.doc, .xls or .ppt); save it as .docx or PDF' },
  { signature: [0x1f, 0x8b], what: 'a compressed archive' },
  { signature: [0x52, 0x61, 0x72, 0x21], what: 'a compressed archive' },
  { signature: [0x47, 0x49, 0x46, 0x38], what: 'a GIF image; save it as PNG or JPEG' },
];

/** The file's kind from its first bytes (at least SNIFF_BYTES of them, or the whole file), or an AttachError saying why it cannot be read. */
export function sniffKind(bytes: Uint8Array, size: number): FileKind {
  if (size === 0) throw new AttachError('The file is empty.');
  if (size > MAX_ATTACH_BYTES) throw new AttachError(`The file is ${megabytes(size)}; files up to ${megabytes(MAX_ATTACH_BYTES)} can be attached. Attach the chapter you need, or a PDF of fewer pages.`);
  // PDF readers accept the header anywhere in the first kilobyte.
  const head = bytes.subarray(0, 1024);
  for (let i = 0; i + PDF.length <= head.length; i++) if (startsWith(head, PDF, i)) return 'pdf';
  if (startsWith(bytes, ZIP)) return 'zip';
  if (startsWith(bytes, PNG) || startsWith(bytes, JPEG)) return 'image';
  const other = KNOWN_OTHERS.find((k) => startsWith(bytes, k.signature));
  if (other) throw new AttachError(`This file is ${other.what}, not ${ACCEPTED_DESCRIPTION}.`);
  if (startsWith(bytes, UTF8_BOM) || looksLikeText(bytes)) return 'text';
  throw new AttachError(`This file is not ${ACCEPTED_DESCRIPTION}.`);
}

/** No NUL byte, and valid UTF-8 in the sample (whose last character may be cut: up to three bytes are let go). */
function looksLikeText(sample: Uint8Array): boolean {
  if (sample.includes(0)) return false;
  const decoder = new TextDecoder('utf-8', { fatal: true });
  for (let cut = 0; cut <= Math.min(3, sample.length - 1); cut++) {
    try {
      decoder.decode(sample.subarray(0, sample.length - cut));
      return true;
    } catch {
      // A cut character, or not UTF-8: try a byte shorter.
    }
  }
  return false;
}
