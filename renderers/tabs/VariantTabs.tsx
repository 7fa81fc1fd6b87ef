import './tabs.css';
import { MathText } from '../shared/math';
import { useId, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import type { ContractSchema } from '../../src/engine/contractSchema';
import { labelOf } from '../../src/engine/resultText';
import { defineRenderer } from '../shared/defineRenderer';
import { StructuredView } from '../structured/StructuredResult';
import { tabsContract } from './contract';
import { tabAfterKey } from '../../src/ui/tabKeys';

/*
 * One tab per top-level text field of the result (explanations of a concept,
 * versions of a text at several levels), following the WAI-ARIA tabs pattern
 * with automatic activation: arrow keys, Home and End move the selection and
 * the focus together, and only the selected tab is in the Tab order.
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

function Tabs({ variants, label }: { variants: readonly Variant[]; label: string }) {
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
          <p className="result-text"><MathText text={v.text} /></p>
        </div>
      ))}
    </div>
  );
}

export default defineRenderer(tabsContract, function VariantTabs({ data, schema, tool }) {
  const variants = useMemo(() => variantsOf(data, schema), [data, schema]);
  // Fewer than two versions (text fields the schema declares) is not a choice: show the result the generic way.
  if (variants.length < 2) return <StructuredView data={data} schema={schema} />;
  return <Tabs variants={variants} label={schema?.description?.trim() || `${tool.title} versions`} />;
});
