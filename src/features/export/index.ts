/*
 * Export: turning a result into a file or a paste. The export formats
 * (Word, HTML, print, flashcards, calendar, spreadsheet), the export menu
 * and buttons, and the helpers a renderer uses to declare its own exports.
 *
 * Offers: the export menu, the export contract types and helpers renderers
 * build their exports with (format, document, calendar), file naming and
 * download, and loaders for a project page's export buttons and for rich
 * copy (HTML for the clipboard, loaded when someone copies).
 *
 * The bundler puts every module an entry re-exports into the first load of
 * each importer of the entry once any code uses it, so what is heavy and
 * wanted later is offered as a loader.
 */
export { ExportMenu } from './ExportMenu';
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
export { blocksText, metaLines, type Block, type ExportDocument } from './documentModel';
export { MAX_CALENDAR_TEXT, addMinutes, calendarFile, floatingOf, shortTitle, type CalendarEvent } from './calendar';
export { downloadText } from './download';
export { provideRendererExports, type RendererExportsLookup } from './rendererExports';
export { defineExport, type DefinedExport, type ExportReads } from './defineExport';
export { exportFileName } from './fileName';

/** A project page's export buttons (they bring the project file's zod schemas). */
export const loadExportButtons = () => import('./ExportButtons');
/** Rich copy (the result as HTML for the clipboard), loaded when someone copies. */
export const loadRichCopy = () => import('./richCopy');
