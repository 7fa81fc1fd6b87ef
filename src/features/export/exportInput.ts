import type { ContractSchema } from '../../kernel/contractSchema';

/*
 * What every export format is given, and the cleaning every text it writes
 * gets. Apart from format.ts so the document model (document.ts) can read
 * these without importing format.ts, which names the document model.
 */

export interface ExportInput {
  /** The tool's title, for the file's name and heading. */
  toolTitle: string;
  /** What the result is about (the first text input), when known. */
  topic?: string;
  /** The result: text for a markdown tool, data for the others. */
  data: unknown;
  /** The result's schema, for its fields' labels and order. */
  schema?: ContractSchema;
  /** When the result was made or saved (ISO 8601): the date under a document's title, the year of a plan's days. */
  madeAt?: string;
  /** The inputs that made it, summarised at the top of a document (a saved item has none). */
  inputs?: readonly { label: string; value: string }[];
  /** The output language the result was asked in (BCP 47), which decides which way its document reads; unknown for a saved item. */
  language?: string;
}

/** Control characters (other than tab and newline) never reach a file: they break importers and mean nothing. */
export function withoutControlCharacters(text: string): string {
  return text.replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/g, '');
}
