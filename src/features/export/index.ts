/*
 * Export: turning a result into a file or a paste. The export formats
 * (Word, HTML, print, flashcards, calendar, spreadsheet), the export menu,
 * and the helpers a renderer uses to declare its own exports.
 *
 * Offers: the export menu, the export contract types and helpers renderers
 * build their exports with (format, document, calendar), file naming and
 * download, and loaders for what a project page's export buttons (in the
 * projects feature) run, and for rich copy (HTML for the clipboard, loaded
 * when someone copies).
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
export { downloadFile, downloadText } from './download';
export { DOCX_TYPE } from './docxType';
export { provideRendererExports, type RendererExportsLookup } from './rendererExports';
export { defineExport, type DefinedExport, type ExportReads } from './defineExport';
export { exportFileName } from '../../kernel/fileName';

/** A project as one document (each item in its renderer's layout), loaded when a project is exported. */
export const loadProjectDocument = () => import('./projectDocument');
/** The Word writer and its library, loaded when Word is chosen. */
export const loadDocx = () => import('./docx');
/** Printing a project: its document flattened, then the print dialog. */
export const loadProjectPrint = () =>
  Promise.all([import('./printDocument'), import('./document')]).then(([print, document]) => ({ printDocument: print.printDocument, flattenProject: document.flattenProject }));
/** Copy subject and Copy body, loaded with the result of a tool that declares `copy: 'email'`. */
export const loadEmailCopyButtons = () => import('./EmailCopyButtons');
/** Rich copy (the result as HTML for the clipboard), loaded when someone copies. */
export const loadRichCopy = () => import('./richCopy');
/** A renderer's own slides (deck.ts's model) as a .pptx named by topic: the writer and pptxgenjs, loaded when a deck is exported. */
export type { DeckSlide } from './deck';
export const loadPptx = () => import('./pptx');
