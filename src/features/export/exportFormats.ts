import { loadTool } from '../../kernel/catalogue';
import { availableFormats, exportContext, type OptionalFormats } from './available';
import { exportFileName } from '../../kernel/fileName';
import { knownTopic } from '../../kernel/resultTopic';
import { contractSchemaOf } from '../../kernel/runTool';
import type { ExportContext, ExportFormat, ExportInput } from './format';
import { downloadFile } from './download';
import { printDocument } from './printDocument';
import { rendererExportsFor } from './rendererExports';

/*
 * The Export menu's code, loaded when a menu first opens: which
 * formats a result has, and carrying one out. Each format's own library
 * (docx, pptxgenjs, ics) loads only when that format is chosen.
 */

const optionalFormats: OptionalFormats = {
  ics: () => import('./studyPlanCalendar').then((m) => m.studyPlanCalendarFormat),
};


/** A result made ready to export: its input completed (its schema from the tool, a date) and its document's layout. */
export interface PreparedExport {
  /** The input, completed: its schema from the tool, and the date it is exported on when it has none. */
  input: ExportInput;
  context: ExportContext;
}

async function prepare(toolId: string, input: ExportInput) {
  const tool = await loadTool(toolId).catch(() => undefined);
  const renderer = tool ? await rendererExportsFor(tool) : undefined;
  const schema = input.schema ?? (tool && tool.result !== 'markdown' ? contractSchemaOf(tool.result) : undefined);
  // One topic for every format's file name, title and properties: typed in, else the result's own (a saved item has no inputs).
  const topic = knownTopic(input);
  const full: ExportInput = { ...input, ...(schema ? { schema } : {}), ...(topic ? { topic } : {}), madeAt: input.madeAt ?? new Date().toISOString() };
  return { tool, renderer, prepared: { input: full, context: exportContext(full, renderer) } };
}

/**
 * A result's document in its renderer's layout, for what needs the document
 * alone (the rich copy, a project's Word file and print): no format is
 * looked up. A saved item whose tool is gone gets the generic layout.
 */
export async function preparedExport(toolId: string, input: ExportInput): Promise<PreparedExport> {
  return (await prepare(toolId, input)).prepared;
}

export interface ResultExports extends PreparedExport {
  formats: readonly ExportFormat[];
}

/** Every format a result of this tool can be exported as (the Export menu), with what they share. */
export async function exportsFor(toolId: string, input: ExportInput): Promise<ResultExports> {
  const { tool, renderer, prepared } = await prepare(toolId, input);
  return { ...prepared, formats: await availableFormats(input.data, renderer, tool?.exports, optionalFormats, prepared.context) };
}

/** Carries the format out: downloads its file and returns its name, or opens the print dialog. Throws, with the reason, when it cannot. */
export async function exportAs(format: ExportFormat, input: ExportInput, context: ExportContext): Promise<string | null> {
  if (format.kind === 'print') {
    printDocument(context.document());
    return null;
  }
  const file = format.kind === 'text' ? format.build(input, context) : await format.build(input, context);
  const name = exportFileName(file.baseName, file.extension);
  downloadFile(name, 'text' in file ? file.text : file.bytes, file.type);
  return name;
}
