import type { ContractSchema } from '../../kernel/contractSchema';
import { looksLikeMarkdown } from '../../kernel/looksLikeMarkdown';
import { labelOf, MAX_ITEM_DEPTH, TOO_DEEP_TEXT } from '../../kernel/resultText';
import type { ExportInput } from './exportInput';
import { markdownBlocks } from './documentMarkdown';
import { clean, headingLevel, metaLines, type Block, type ExportDocument } from './documentModel';

/*
 * A result as a document: headings, paragraphs, lists and tables,
 * made once from a result of any kind, then written out by each format that
 * keeps structure: Word (.docx), print / Save as PDF, and the rich copy for
 * Google Docs and Word. The layout follows the structured renderer's (fields
 * as sections in the schema's order, small flat records as tables, other
 * records as cards titled by their first text), so a file reads like the
 * screen. Everything in it is plain text: writers escape it for their format,
 * and nothing from a model is ever passed on as markup.
 */

// The parts and the text helpers live in documentModel.ts (no markdown library: renderers' exports load it); the writers read them from here too.
export { blocksText, metaLines, type Block, type ExportDocument, type ListItem, type Run } from './documentModel';

/* ---------- Structured data ---------- */

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

const isPrimitiveValue = (value: unknown) => value === null || ['string', 'number', 'boolean'].includes(typeof value);

function orderedKeys(data: Record<string, unknown>, schema: ContractSchema | undefined): string[] {
  const declared = schema?.properties ? Object.keys(schema.properties).filter((k) => k in data) : [];
  return [...declared, ...Object.keys(data).filter((k) => !declared.includes(k))];
}

/** The columns of a list that reads best as a table: 2 to 4 flat fields shared by every row (the renderer's rule, from the data when there is no schema). */
function tableColumns(rows: readonly unknown[], schema: ContractSchema | undefined): string[] | null {
  const props = schema?.items?.type === 'OBJECT' ? schema.items.properties : undefined;
  if (props) {
    const nodes = Object.values(props);
    return nodes.length >= 2 && nodes.length <= 3 && nodes.every((n) => n.type !== 'ARRAY' && n.type !== 'OBJECT') ? Object.keys(props) : null;
  }
  if (!rows.every(isRecord)) return null;
  const first = rows[0] as Record<string, unknown>;
  const keys = Object.keys(first);
  const flat = (row: Record<string, unknown>) => Object.keys(row).length === keys.length && keys.every((k) => k in row && isPrimitiveValue(row[k]));
  return keys.length >= 2 && keys.length <= 4 && (rows as Record<string, unknown>[]).every(flat) ? keys : null;
}

function textOf(value: unknown): string {
  return clean(value === null || value === undefined ? '' : String(value));
}

function valueBlocks(value: unknown, schema: ContractSchema | undefined, level: number, depth: number): Block[] {
  if (depth >= MAX_ITEM_DEPTH && typeof value === 'object' && value !== null) return [{ kind: 'paragraph', runs: [{ text: TOO_DEEP_TEXT }] }];
  if (Array.isArray(value)) {
    if (value.length === 0) return [{ kind: 'paragraph', runs: [{ text: 'None.' }] }];
    const columns = tableColumns(value, schema);
    if (columns) {
      const props = schema?.items?.properties;
      return [{
        kind: 'table',
        header: columns.map((c) => labelOf(c, props?.[c])),
        rows: value.map((row) => columns.map((c) => (isRecord(row) ? textOf(row[c]) : ''))),
      }];
    }
    if (value.some(isRecord)) {
      return value.flatMap((item, i) => (isRecord(item) ? cardBlocks(item, schema?.items, level, depth + 1, i + 1) : [{ kind: 'paragraph', runs: [{ text: textOf(item) }] }]));
    }
    return [{ kind: 'list', ordered: false, items: value.map((item) => ({ runs: [{ text: textOf(item) }] })) }];
  }
  if (isRecord(value)) return fieldBlocks(value, schema, level, depth + 1);
  if (typeof value === 'string' && looksLikeMarkdown(value)) return markdownBlocks(clean(value), level);
  return [{ kind: 'paragraph', runs: [{ text: textOf(value) }] }];
}

function fieldBlocks(data: Record<string, unknown>, schema: ContractSchema | undefined, level: number, depth: number, keys = orderedKeys(data, schema)): Block[] {
  return keys.flatMap((key) => {
    const node = schema?.properties?.[key];
    return [{ kind: 'heading', level: headingLevel(level), text: clean(labelOf(key, node)) } satisfies Block, ...valueBlocks(data[key], node, level + 1, depth)];
  });
}

/** A record in a list: titled by its first text field (a slide's title, a question), else numbered. */
function cardBlocks(item: Record<string, unknown>, schema: ContractSchema | undefined, level: number, depth: number, n: number): Block[] {
  const [first, ...rest] = orderedKeys(item, schema);
  const title = first === undefined ? undefined : item[first];
  if (first !== undefined && typeof title === 'string' && !looksLikeMarkdown(title) && title.length <= 200) {
    return [{ kind: 'heading', level: headingLevel(level), text: clean(title) }, ...fieldBlocks(item, schema, level + 1, depth, rest)];
  }
  return [{ kind: 'heading', level: headingLevel(level), text: `Item ${n}` }, ...fieldBlocks(item, schema, level + 1, depth)];
}

/** Any result's content as blocks, its top headings at `level`. */
export function resultBlocks(data: unknown, schema?: ContractSchema, level = 2): Block[] {
  if (typeof data === 'string') return markdownBlocks(data, level);
  return valueBlocks(data, schema, level, 0);
}

/** A result as a document in the generic layout: the tool's title, the date and inputs, then the result. */
export function defaultDocument(input: ExportInput): ExportDocument {
  return { title: clean(input.toolTitle), meta: metaLines(input), blocks: resultBlocks(input.data, input.schema) };
}

/** A project as one document: its name, then its items, each on a new page under a level-1 heading. */
export interface ProjectDocument {
  title: string;
  meta: string[];
  sections: ExportDocument[];
}

/** A project's sections run together, for printing: each item starts a new page. */
export function flattenProject(project: ProjectDocument): ExportDocument {
  return {
    title: project.title,
    meta: project.meta,
    blocks: project.sections.flatMap((section, i): Block[] => [
      ...(i > 0 ? [{ kind: 'pageBreak' } as const] : []),
      { kind: 'heading', level: 1, text: section.title },
      ...section.meta.map((line): Block => ({ kind: 'paragraph', runs: [{ text: line, italic: true }] })),
      ...section.blocks,
    ]),
  };
}
