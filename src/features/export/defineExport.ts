import type { z } from 'zod';
import { exportViewOf } from '../../kernel/rendererView';
import type { ExportDocument } from './document';
import type { BinaryFile, BinaryFormat, ExportContext, ExportFormatKey, ExportInput, TextFile, TextFormat } from './format';

/*
 * An export that reads one kind of data (a renderer's contract, or a plan's
 * markdown), stated once: the schema its data must fit and what a person is
 * told when it does not. Each format and document built from it receives the
 * data already parsed, so no export re-checks it, and a result that does not
 * fit fails before any library loads, with that message.
 */

/** What an export reads: a renderer contract, or anything holding the schema of its result. */
export interface ExportReads<T> {
  result: z.ZodType<T>;
}

interface FormatParts<K extends ExportFormatKey> {
  key: K;
  label: string;
}

export interface TextExport<T, K extends ExportFormatKey> extends FormatParts<K> {
  build(data: T, input: ExportInput, context?: ExportContext): TextFile;
}

export interface BinaryExport<T, K extends ExportFormatKey> extends FormatParts<K> {
  build(data: T, input: ExportInput, context: ExportContext): Promise<BinaryFile>;
}

export interface DefinedExport<T> {
  /** The input's data parsed, or an error with the message a person can act on. */
  read(input: ExportInput): T;
  text<K extends ExportFormatKey>(format: TextExport<T, K>): TextFormat<K>;
  binary<K extends ExportFormatKey>(format: BinaryExport<T, K>): BinaryFormat<K>;
  /** A renderer's own layout of a result as a document (a quiz as a worksheet). */
  document(build: (data: T, input: ExportInput) => ExportDocument): (input: ExportInput) => ExportDocument;
}

/** Exports of one kind of data: `unreadable` is what a person reads when a result does not fit. */
export function defineExport<T>(reads: ExportReads<T>, unreadable: string): DefinedExport<T> {
  const read = (input: ExportInput): T => {
    // What the answer's check already read by this contract, when the data came from it; else parsed now.
    const parsed = exportViewOf(reads.result, input.data);
    if (!parsed.success) throw new Error(unreadable);
    return parsed.data as T;
  };
  return {
    read,
    text: ({ key, label, build }) => ({ key, label, kind: 'text', build: (input, context) => build(read(input), input, context) }),
    binary: ({ key, label, build }) => ({ key, label, kind: 'binary', build: async (input, context) => build(read(input), input, context) }),
    document: (build) => (input) => build(read(input), input),
  };
}
