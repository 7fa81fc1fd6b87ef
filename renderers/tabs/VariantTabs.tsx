import './tabs.css';
import { MathText } from '../shared/math';
import { lazy, Suspense, useId, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import type { ContractSchema } from '../../src/kernel/contractSchema';
import { labelOf } from '../../src/kernel/resultText';
import { defineRenderer } from '../shared/defineRenderer';
import { StructuredView } from '../structured/StructuredView';
import { tabsContract } from './contract';
import { tabAfterKey } from '../../src/ui/tabKeys';

// The markdown pipeline (marked, DOMPurify) loads only for variants written in markdown.
const MarkdownView = lazy(() => import('../markdown/MarkdownView').then((m) => ({ default: m.MarkdownView })));

/*
 * One tab per top-level text field of the result (explanations of a concept,
 * versions of a text at several levels), following the WAI-ARIA tabs pattern
 * with automatic activation: arrow keys, Home and End move the selection and
 * the focus together, and only the selected tab is in the Tab order.
 *
 * Variants written in markdown (`format: 'markdown'`: a lesson plan with its
 * table) are shown formatted. Fields that are not text (a list of tips for
 * every variant) are shown after the tabs, the generic way, rather than dropped.
 */

interface Variant {
  key: string;
  label: string;
  text: string;
}

/** The schema's string fields, in the order the author declared them, that the data fills with text. */
function variantsOf(data: Readonly<Record<string, unknown>>, schema: ContractSchema | undefined): Variant[] {
  if (schema?.type !== 'OBJECT' || !schema.properties) return [];
  return Object.entries(schema.properties).flatMap(([key, node]) => {
    const text = data[key];
    return node.type === 'STRING' && typeof text === 'string' ? [{ key, label: labelOf(key, node), text }] : [];
  });
}

type Format = 'text' | 'markdown';

function VariantText({ text, format }: { text: string; format: Format }) {
  if (format === 'text') return <p className="result-text"><MathText text={text} /></p>;
  // Until the markdown code loads, the text as it is: readable, only not yet formatted.
  return (
    <Suspense fallback={<p className="result-text">{text}</p>}>
      <MarkdownView text={text} />
    </Suspense>
  );
}

/** The result without its variants, and the schema of what is left: shown after the tabs. */
function restOf(
  data: Readonly<Record<string, unknown>>,
  schema: ContractSchema | undefined,
  variants: readonly Variant[],
): { data: Record<string, unknown>; schema: ContractSchema | undefined } | undefined {
  const tabbed = new Set(variants.map((v) => v.key));
  const rest = Object.fromEntries(Object.entries(data).filter(([key]) => !tabbed.has(key)));
  if (Object.keys(rest).length === 0) return undefined;
  const properties = schema?.properties && Object.fromEntries(Object.entries(schema.properties).filter(([key]) => !tabbed.has(key)));
  return { data: rest, schema: schema && { ...schema, properties } };
}

function Tabs({ variants, label, format }: { variants: readonly Variant[]; label: string; format: Format }) {
  const id = useId();
  const [chosen, setChosen] = useState(variants[0]?.key);
  const tabRefs = useRef(new Map<string, HTMLButtonElement>());
  // A new result may lack the chosen field: fall back to the first.
  const selected = variants.find((v) => v.key === chosen) ?? variants[0];
  if (!selected) return null;
  const tabId = (key: string) => `${id}-tab-${key}`;
  const panelId = (key: string) => `${id}-panel-${key}`;

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    const target = tabAfterKey(event.key, variants.findIndex((v) => v === selected), variants.length);
    const next = target === undefined ? undefined : variants[target];
    if (!next) return;
    event.preventDefault();
    setChosen(next.key);
    tabRefs.current.get(next.key)?.focus();
  }

  return (
    <div className="variant-tabs">
      <div role="tablist" aria-label={label} className="tabs variant-tablist" onKeyDown={onKeyDown}>
        {variants.map((v) => {
          const isSelected = v === selected;
          return (
            <button
              key={v.key}
              ref={(el) => {
                if (el) tabRefs.current.set(v.key, el);
                else tabRefs.current.delete(v.key);
              }}
              type="button"
              role="tab"
              id={tabId(v.key)}
              aria-selected={isSelected}
              aria-controls={panelId(v.key)}
              tabIndex={isSelected ? 0 : -1}
              className="tab"
              onClick={() => setChosen(v.key)}
            >
              {v.label}
            </button>
          );
        })}
      </div>
      {variants.map((v) => (
        // The panel holds only text, so it takes focus itself (the pattern's advice) to be reached by Tab.
        <div
          key={v.key}
          role="tabpanel"
          id={panelId(v.key)}
          aria-labelledby={tabId(v.key)}
          tabIndex={0}
          hidden={v !== selected}
          className="variant-panel"
        >
          <VariantText text={v.text} format={format} />
        </div>
      ))}
    </div>
  );
}

export default defineRenderer(tabsContract, function VariantTabs({ data, schema, tool, options }) {
  const variants = useMemo(() => variantsOf(data, schema), [data, schema]);
  const rest = useMemo(() => restOf(data, schema, variants), [data, schema, variants]);
  // Fewer than two versions (text fields the schema declares) is not a choice: show the result the generic way.
  if (variants.length < 2) return <StructuredView data={data} schema={schema} />;
  return (
    <>
      <Tabs variants={variants} label={schema?.description?.trim() || `${tool.title} versions`} format={options.format} />
      {rest && <StructuredView data={rest.data} schema={rest.schema} />}
    </>
  );
});
