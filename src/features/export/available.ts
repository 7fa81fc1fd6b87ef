import { cardFormatsFor } from './cards';
import { datedTaskFormatsFor } from './datedTasks';
import { defaultDocument, type ExportDocument } from './document';
import { hasSlides } from './deck';
import { docxFormat, printFormat, slidesFormat } from './documentFormats';
import type { ExportContext, ExportFormat, ExportFormatKey, ExportInput, ExportSettings, OptionalExportFormatKey, RendererExports } from './format';

/*
 * Which formats a result gets, decided in one place: Word and
 * print for every result; its renderer's own (a quiz's GIFT and QTI,
 * slides' PowerPoint, sprints' calendar); PowerPoint whenever its document
 * has sections (a lesson plan, notes, a study plan: one slide each), unless
 * the renderer has a deck of its own; flashcard decks whenever the data
 * holds question/answer pairs, a calendar whenever it holds dated tasks; then
 * the registry file's `exports` settings add an optional format or remove
 * one. No registry file needs a line to get the right formats.
 */

export type OptionalFormats = Readonly<Record<OptionalExportFormatKey, () => Promise<ExportFormat>>>;

export async function availableFormats(
  data: unknown,
  renderer: RendererExports | undefined,
  settings: ExportSettings | undefined,
  optional: OptionalFormats,
  /** The result's document, to tell whether it has sections for slides (none given: no document-made slides). */
  context?: ExportContext,
): Promise<ExportFormat[]> {
  const added = await Promise.all((settings?.add ?? []).map((key) => optional[key]()));
  const slides = context && hasSlides(context.document()) ? [slidesFormat] : [];
  const all = [docxFormat, printFormat, ...(renderer?.formats ?? []), ...slides, ...cardFormatsFor(data), ...datedTaskFormatsFor(data), ...added];
  const removed = new Set<ExportFormatKey>(settings?.remove ?? []);
  const seen = new Set<ExportFormatKey>();
  // One entry per key: a renderer's own format wins over an engine one of the same key.
  return all.filter((format) => !removed.has(format.key) && !seen.has(format.key) && seen.add(format.key));
}

/** What a format is given: the result's document, laid out by its renderer when it has a layout of its own. */
export function exportContext(input: ExportInput, renderer: RendererExports | undefined): ExportContext {
  let document: ExportDocument | undefined;
  return { document: () => (document ??= withLanguage(renderer?.document?.(input) ?? defaultDocument(input), input.language)) };
}

/** Every layout's document carries the language the result was asked in, so each writer lays it out the same way round. */
function withLanguage(doc: ExportDocument, language: string | undefined): ExportDocument {
  return language ? { ...doc, language } : doc;
}
