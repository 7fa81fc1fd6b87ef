import { budgetNote, count, extractText, type Extracted } from './extract';
import type { PageRange } from './pdf';
import { AttachError } from './sniff';
import { browserReaders } from './readers';

/*
 * What attaching does once a file is chosen, loaded on the first
 * attachment so a tool's page carries only the button: read the file, then
 * say what was added and what it costs of a model's context.
 */

export type AttachOutcome =
  | { kind: 'added'; text: string; message: string; notes: string[] }
  | { kind: 'choosePages'; total: number }
  | { kind: 'failed'; message: string }
  | { kind: 'cancelled' };

/** "Added the text of cells.pdf", or "Added the text into Source 2 of review.docx" when it went to another box. */
function addedMessage(name: string, read: Extracted, into: string | undefined): string {
  const pages = read.pages ? ` (${read.pages.from === read.pages.to ? `page ${read.pages.from}` : `pages ${read.pages.from} to ${read.pages.to}`} of ${read.pages.total})` : '';
  return `Added the text${into ? ` into ${into}` : ''} of ${name}${pages}: ${count(read.kept)} characters, ${budgetNote(read.kept)}. Check it before you generate.`;
}

export async function attachFile(
  file: File,
  options: { pages?: PageRange; signal: AbortSignal; onProgress(text: string): void; into?: string },
): Promise<AttachOutcome> {
  try {
    const read = await extractText(file, browserReaders, {
      ...(options.pages ? { pages: options.pages } : {}),
      signal: options.signal,
      onProgress: (p) => options.onProgress('pages' in p ? `page ${p.pages.done} of ${p.pages.of}` : `${Math.round(p.fraction * 100)}%`),
    });
    if (read.kind === 'choosePages') return read;
    return { kind: 'added', text: read.text, message: addedMessage(file.name, read, options.into), notes: read.notes };
  } catch (error) {
    if (options.signal.aborted) return { kind: 'cancelled' };
    const reason = error instanceof AttachError ? error.message : 'Something went wrong while reading it.';
    return { kind: 'failed', message: `Could not read ${file.name}: ${reason} What was in the box is unchanged.` };
  }
}
