/*
 * An export format: what a result can be taken out as, declared
 * once. Formats that fit any result of a kind live in the engine (cards.ts:
 * flashcard decks from any result holding pairs); formats that read one
 * renderer's data live beside that renderer (renderers/quiz/exports.ts).
 * Each builds its file from the result alone, in the browser.
 */

import type { ExportDocument } from './document';
import type { ExportInput } from './exportInput.ts';

export { withoutControlCharacters, type ExportInput } from './exportInput.ts';

/** Every format a result can leave in, by key: what a registry file names to add or remove one. */
export const exportFormatKeys = ['docx', 'print', 'pptx', 'quizlet', 'anki', 'csv', 'gift', 'qti', 'ics'] as const;
export type ExportFormatKey = (typeof exportFormatKeys)[number];

/** Formats off by default that a registry file may turn on: a calendar from a Markdown plan with dated days (study-plan-ai). */
export const optionalExportFormatKeys = ['ics'] as const satisfies readonly ExportFormatKey[];
export type OptionalExportFormatKey = (typeof optionalExportFormatKeys)[number];

/**
 * A registry file's export settings: every tool gets the formats of its
 * result kind and renderer with no line; `add` turns on an optional one,
 * `remove` takes one away (e.g. remove: ['csv']).
 */
export interface ExportSettings {
  add?: readonly OptionalExportFormatKey[];
  remove?: readonly ExportFormatKey[];
}

interface FileBase {
  /** Without the extension. */
  baseName: string;
  extension: string;
  type: string;
}
export interface TextFile extends FileBase {
  text: string;
}
export interface BinaryFile extends FileBase {
  bytes: Uint8Array;
}
export type ExportFile = TextFile | BinaryFile;

/** What a format is given besides the input: the result as a document, in its renderer's layout when it has one (a quiz as a worksheet). */
export interface ExportContext {
  document(): ExportDocument;
}

interface FormatBase<K extends ExportFormatKey> {
  key: K;
  /** The menu entry: what it is for, and the file it makes. */
  label: string;
}
/** A text file built at once from the result (a deck, a GIFT quiz, a calendar). */
export interface TextFormat<K extends ExportFormatKey = ExportFormatKey> extends FormatBase<K> {
  kind: 'text';
  build(input: ExportInput, context?: ExportContext): TextFile;
}
/** A zipped file built by a library loaded when it is chosen (Word, PowerPoint). */
export interface BinaryFormat<K extends ExportFormatKey = ExportFormatKey> extends FormatBase<K> {
  kind: 'binary';
  build(input: ExportInput, context: ExportContext): Promise<BinaryFile>;
}
/** The result printed, or saved as PDF from the print dialog. */
export interface PrintFormat extends FormatBase<'print'> {
  kind: 'print';
}
export type ExportFormat = TextFormat | BinaryFormat | PrintFormat;

/** What a renderer adds (renderers/<key>/exports.ts): its own formats, and its own layout of a result as a document. */
export interface RendererExports {
  formats?: readonly ExportFormat[];
  document?: (input: ExportInput) => ExportDocument;
}

/**
 * "Flashcard Generator - Photosynthesis": the tool, then the topic when one is
 * known. The export menu fills the topic in before any format runs (typed in,
 * or the result's own title: resultTopic.ts), so this stays light enough for
 * the first load every importer of the export entry carries.
 */
export function baseNameOf(input: ExportInput): string {
  const topic = input.topic?.trim().slice(0, 60);
  return topic ? `${input.toolTitle} - ${topic}` : input.toolTitle;
}

/** Half a surrogate pair cannot be written as UTF-8 (or held by XML): it becomes U+FFFD, as TextEncoder would make it anyway. */
export function wellFormed(text: string): string {
  return text.replace(/[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g, '\ufffd');
}
