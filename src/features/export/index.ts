/*
 * Export: turning a result into a file or a paste. The export formats
 * (Word, HTML, print, flashcards, calendar, spreadsheet), the export menu
 * and buttons, and the helpers a renderer uses to declare its own exports.
 *
 * Offers: ExportMenu and ExportButtons, the export contract types and
 * helpers renderers build their exports with (format, document, calendar),
 * file naming and download, and a loader for rich copy (HTML for the
 * clipboard, loaded when someone copies).
 */
export { ExportMenu } from './ExportMenu';
export { ExportButtons } from './ExportButtons';
export {
  baseNameOf,
  wellFormed,
  withoutControlCharacters,
  type BinaryFile,
  type BinaryFormat,
  type ExportContext,
  type ExportInput,
  type RendererExports,
  type TextFormat,
} from './format';
export { blocksText, metaLines, type Block, type ExportDocument } from './document';
export { MAX_CALENDAR_TEXT, addMinutes, calendarFile, floatingOf, shortTitle, type CalendarEvent } from './calendar';
export { downloadText } from './download';
export { provideRendererExports, type RendererExportsLookup } from './rendererExports';
export { defineExport, type DefinedExport, type ExportReads } from './defineExport';
export { exportFileName } from './fileName';

/** Rich copy (the result as HTML for the clipboard), loaded when someone copies. */
export const loadRichCopy = () => import('./richCopy');
