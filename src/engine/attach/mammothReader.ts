/*
 * The one call into mammoth (issue 16): a Word document's raw text, the
 * paragraphs and nothing else. The browser runs it in a worker
 * (src/app/tool/attach/docxWorker.ts); Node's tests call it directly.
 */

export async function mammothRawText(document: ArrayBuffer): Promise<string> {
  const mammoth = (await import('mammoth')).default;
  // mammoth reads { arrayBuffer } in its browser build and { buffer } in Node's: both are given.
  return (await mammoth.extractRawText({ arrayBuffer: document, buffer: document } as { arrayBuffer: ArrayBuffer })).value;
}
