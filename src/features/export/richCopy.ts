import type { ExportInput } from './format';
import { contentHtml } from './html';
import { preparedExport } from './exportFormats';

/** A result's content as the HTML a rich copy puts on the clipboard: the same document Word and print get. */
export async function richCopyHtml(toolId: string, input: ExportInput): Promise<string> {
  const { context } = await preparedExport(toolId, input);
  return contentHtml(context.document());
}
