import '../shared/tables.css';
import { lazy, Suspense, useId } from 'react';
import type { ContractSchema } from '../../src/kernel/contractSchema';
import { labelOf } from '../../src/kernel/resultText';
import { MathText } from '../shared/math';
import { looksLikeMarkdown } from '../../src/kernel/looksLikeMarkdown';
import { STACK_ATTRIBUTE, STACK_MIN_COLUMNS } from '../shared/readableTables';

/*
 * Renders any structured result from its schema: object fields as labelled
 * sections, string lists as lists, lists of small flat objects as tables and
 * other object lists as cards. Values are rendered as text, except a text
 * value written in markdown (a prompt may ask for it, and models add it
 * unasked), which goes through the one sanitised markdown path: a reader
 * should see bold, not asterisks.
 */

export { looksLikeMarkdown };

// The markdown pipeline (marked, DOMPurify) loads when a value is markdown, not with every structured result.
const MarkdownView = lazy(() => import('../markdown/MarkdownView').then((m) => ({ default: m.MarkdownView })));

type Json = unknown;

function isPlainObject(value: Json): value is Record<string, Json> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

const isPrimitive = (node: ContractSchema | undefined) => node !== undefined && node.type !== 'ARRAY' && node.type !== 'OBJECT';

/** Small flat records (term/definition, word/count) read best as a table. */
function fitsTable(items: ContractSchema | undefined): items is ContractSchema & { properties: Record<string, ContractSchema> } {
  const props = items?.type === 'OBJECT' ? Object.values(items.properties ?? {}) : [];
  return props.length >= 2 && props.length <= 3 && props.every(isPrimitive);
}

function Heading({ level, id, children }: { level: number; id: string; children: string }) {
  const Tag = (`h${Math.min(level, 6)}`) as 'h3';
  return <Tag id={id} className="result-heading">{children}</Tag>;
}

/** Keys in the schema's order (the order the author declared), then any the schema does not know. */
function orderedKeys(data: Record<string, Json>, schema: ContractSchema | undefined): string[] {
  const declared = schema?.properties ? Object.keys(schema.properties).filter((k) => k in data) : [];
  return [...declared, ...Object.keys(data).filter((k) => !declared.includes(k))];
}

interface FieldsProps {
  data: Record<string, Json>;
  schema: ContractSchema | undefined;
  level: number;
  keys?: string[];
}

function Fields({ data, schema, level, keys = orderedKeys(data, schema) }: FieldsProps) {
  const baseId = useId();
  return (
    <>
      {keys.map((key) => {
        const node = schema?.properties?.[key];
        const headingId = `${baseId}-${key}`;
        return (
          <section key={key} className="result-section" aria-labelledby={headingId}>
            <Heading level={level} id={headingId}>{labelOf(key, node)}</Heading>
            <Value value={data[key]} schema={node} level={level + 1} />
          </section>
        );
      })}
    </>
  );
}

/** A card is titled by its first text field (a slide's title, a question), the rest are its sections. */
function Card({ item, schema, level }: { item: Record<string, Json>; schema: ContractSchema | undefined; level: number }) {
  const id = useId();
  const [first, ...rest] = orderedKeys(item, schema);
  const title = first === undefined ? undefined : item[first];
  if (first === undefined || schema?.properties?.[first]?.type !== 'STRING' || typeof title !== 'string') {
    return <Fields data={item} schema={schema} level={level} />;
  }
  return (
    <>
      <Heading level={level} id={id}>{title}</Heading>
      <Fields data={item} schema={schema} level={level + 1} keys={rest} />
    </>
  );
}

/**
 * A list of flat records as a table; with STACK_MIN_COLUMNS or more columns it
 * becomes one card per row on a narrow screen, each cell labelled by its
 * column (renderers/shared/tables.css), with roles that keep it a table for
 * screen readers (as makeTablesReadable gives markdown tables).
 */
function Table({ rows, items }: { rows: Json[]; items: ContractSchema & { properties: Record<string, ContractSchema> } }) {
  const columns = Object.keys(items.properties).map((key) => ({ key, label: labelOf(key, items.properties[key]) }));
  const stack = columns.length >= STACK_MIN_COLUMNS;
  const role = (name: string) => (stack ? name : undefined);
  return (
    <div className="table-scroll">
      <table className="result-table" role={role('table')} {...(stack ? { [STACK_ATTRIBUTE]: '' } : {})}>
        <thead role={role('rowgroup')}>
          <tr role={role('row')}>
            {columns.map((c) => <th key={c.key} scope="col" role={role('columnheader')}>{c.label}</th>)}
          </tr>
        </thead>
        <tbody role={role('rowgroup')}>
          {rows.map((row, i) => (
            <tr key={i} role={role('row')}>
              {columns.map((c) => (
                <td key={c.key} role={role('cell')} data-label={c.label}>{isPlainObject(row) ? String(row[c.key] ?? '') : ''}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function Value({ value, schema, level }: { value: Json; schema: ContractSchema | undefined; level: number }) {
  if (Array.isArray(value)) {
    if (value.length === 0) return <p className="result-text empty-state">None.</p>;
    if (fitsTable(schema?.items)) return <Table rows={value} items={schema.items} />;
    if (value.some(isPlainObject)) {
      return (
        <ol className="result-cards">
          {value.map((item, i) => (
            <li key={i} className="result-card-item">
              {isPlainObject(item) ? <Card item={item} schema={schema?.items} level={level} /> : String(item)}
            </li>
          ))}
        </ol>
      );
    }
    return (
      <ul className="result-list">
        {value.map((item, i) => <li key={i}><MathText text={String(item)} /></li>)}
      </ul>
    );
  }
  if (isPlainObject(value)) return <Fields data={value} schema={schema} level={level} />;
  if (typeof value === 'string' && looksLikeMarkdown(value)) {
    // Until it loads, the text as it is: readable, only not yet formatted.
    return (
      <Suspense fallback={<p className="result-text">{value}</p>}>
        <MarkdownView text={value} />
      </Suspense>
    );
  }
  return <p className="result-text"><MathText text={String(value ?? '')} /></p>;
}

/** Any value laid out by its schema; also what the streaming preview shows of a partial answer. */
export function StructuredView({ data, schema }: { data: Json; schema: ContractSchema | undefined }) {
  return (
    <div className="structured-result">
      <Value value={data} schema={schema} level={3} />
    </div>
  );
}
