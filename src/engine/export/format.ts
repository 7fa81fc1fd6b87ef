/*
 * An export format (issue 15): what a result can be taken out as, declared
 * once. Formats that fit any result of a kind live in the engine (cards.ts:
 * flashcard decks from any result holding pairs); formats that read one
 * renderer's data live beside that renderer (renderers/quiz/exports.ts).
 * Each builds its file from the result alone, in the browser.
 */

export interface ExportInput {
  /** The tool's title, for the file's name and heading. */
  toolTitle: string;
  /** What the result is about (the first text input), when known. */
  topic?: string;
  /** The result: text for a markdown tool, data for the others. */
  data: unknown;
}

export interface ExportFile {
  /** Without the extension. */
  baseName: string;
  extension: string;
  type: string;
  text: string;
}

export interface ExportFormat {
  key: string;
  /** The menu entry: what it is for, and the file it makes. */
  label: string;
  build(input: ExportInput): ExportFile;
}

/** "Flashcard Generator - Photosynthesis": the tool, then the topic when there is one. */
export function baseNameOf(input: ExportInput): string {
  const topic = input.topic?.trim().slice(0, 60);
  return topic ? `${input.toolTitle} - ${topic}` : input.toolTitle;
}

/** Control characters (other than tab and newline) never reach a file: they break importers and mean nothing. */
export function withoutControlCharacters(text: string): string {
  return text.replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/g, '');
}
