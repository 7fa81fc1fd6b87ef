import { docxPartsWithin } from './docxParts';

/*
 * The one call into mammoth: a Word document's raw text, the
 * paragraphs and nothing else. The browser runs it in a worker
 * (src/features/sources/docxWorker.ts); Node's tests call it directly.
 * mammoth is given only the document's XML parts, unpacked here within their
 * bound (docxParts.ts): an AttachError says when they would pass it.
 */

export async function mammothRawText(document: ArrayBuffer): Promise<string> {
  const parts = docxPartsWithin(new Uint8Array(document));
  const mammoth = (await import('mammoth')).default;
  const bytes = parts.buffer.slice(parts.byteOffset, parts.byteOffset + parts.byteLength) as ArrayBuffer;
  // mammoth reads { arrayBuffer } in its browser build and { buffer } in Node's: both are given.
  return (await mammoth.extractRawText({ arrayBuffer: bytes, buffer: bytes } as { arrayBuffer: ArrayBuffer })).value;
}
