import { useEffect, useId, useState } from 'react';
import { loadToolForm } from '../../../kernel/catalogue';
import { defaultValueOf, type Field } from '../../../kernel/fields';
import { CLASS_LIMITS } from '../../../kernel/classes/wire';
import type { PresetState } from './assignmentBody';

type Presets = Record<string, PresetState>;

/** The value control for one of the tool's fields, as the tool's own form would offer it. */
function PresetValueControl({ field, id, value, onValue }: { field: Field; id: string; value: PresetState['value']; onValue: (value: PresetState['value']) => void }) {
  const text = typeof value === 'string' ? value : String(value);
  switch (field.kind) {
    case 'textarea':
      return <textarea id={id} rows={3} maxLength={field.maxLength ?? CLASS_LIMITS.presetChars} placeholder={field.placeholder} value={text} onChange={(event) => onValue(event.target.value)} />;
    case 'select':
      return (
        <select id={id} value={text} onChange={(event) => onValue(event.target.value)}>
          {field.options.map((option) => (
            <option key={option}>{option}</option>
          ))}
        </select>
      );
    case 'number':
      return <input id={id} type="number" min={field.min} max={field.max} step={field.step} value={text} onChange={(event) => onValue(event.target.value === '' ? field.default : Number(event.target.value))} />;
    case 'switch':
      return <input id={id} type="checkbox" checked={value === true} onChange={(event) => onValue(event.target.checked)} />;
    case 'date':
      return <input id={id} type="date" value={text} onChange={(event) => onValue(event.target.value)} />;
    default:
      return <input id={id} type="text" maxLength={field.maxLength ?? CLASS_LIMITS.presetChars} placeholder={field.placeholder} value={text} onChange={(event) => onValue(event.target.value)} />;
  }
}

function PresetRow({ field, preset, onPreset }: { field: Field; preset: PresetState; onPreset: (preset: PresetState) => void }) {
  const id = useId();
  const isSwitch = field.kind === 'switch';
  return (
    <fieldset className="preset-row">
      <legend>{field.label}</legend>
      <div className={isSwitch ? 'field field-check' : 'field'}>
        {!isSwitch && <label htmlFor={`${id}-value`}>Value</label>}
        <PresetValueControl field={field} id={`${id}-value`} value={preset.value} onValue={(value) => onPreset({ ...preset, value })} />
        {isSwitch && <label htmlFor={`${id}-value`}>On</label>}
      </div>
      <div className="preset-flags">
        <span className="field-check">
          <input id={`${id}-shown`} type="checkbox" checked={preset.shown} onChange={(event) => onPreset({ ...preset, shown: event.target.checked })} />
          <label htmlFor={`${id}-shown`}>Students see it</label>
        </span>
        <span className="field-check">
          <input id={`${id}-locked`} type="checkbox" checked={preset.locked} onChange={(event) => onPreset({ ...preset, locked: event.target.checked })} />
          <label htmlFor={`${id}-locked`}>Locked</label>
        </span>
      </div>
    </fieldset>
  );
}

/**
 * The chosen tool's inputs, set in advance: each with whether students see it
 * and whether they may change it. The tool's form loads when it is chosen.
 */
export function PresetFields({ toolId, presets, onPresets, onFields }: { toolId: string; presets: Presets; onPresets: (presets: Presets) => void; onFields: (fields: readonly Field[]) => void }) {
  const [fields, setFields] = useState<readonly Field[] | 'loading' | 'failed'>('loading');
  useEffect(() => {
    let live = true;
    setFields('loading');
    loadToolForm(toolId).then(
      (form) => {
        if (!live) return;
        setFields(form.fields);
        onFields(form.fields);
        onPresets(Object.fromEntries(form.fields.map((field) => [field.name, { value: defaultValueOf(field), shown: true, locked: false }])));
      },
      () => live && setFields('failed'),
    );
    return () => {
      live = false;
    };
    // The callbacks are the form's setters; the tool alone decides what loads.
  }, [toolId]);

  if (fields === 'loading') return <p className="hint" role="status">Loading the tool’s inputs…</p>;
  if (fields === 'failed') return <p className="inline-error" role="alert">The tool’s inputs could not load. Check your connection and choose the tool again.</p>;
  return (
    <div className="preset-fields">
      <p className="hint">Set any of the tool’s inputs in advance. A hidden value still goes to the AI; a locked one cannot be changed by students.</p>
      {fields.map((field) => {
        const preset = presets[field.name];
        return preset ? <PresetRow key={field.name} field={field} preset={preset} onPreset={(next) => onPresets({ ...presets, [field.name]: next })} /> : null;
      })}
    </div>
  );
}
