import { Suspense } from 'react';
import type { FieldError, UseFormRegister } from 'react-hook-form';
import { loadedWidget, widgetMap } from '../../../renderers';
import { attachable, type Field, type FormValues } from '../../kernel/fields';
import { loadedAttachFile } from '../sources';
import type { FieldWidgetProps } from '../../../renderers/widgetProps';
import { numberOrDefault } from '../../kernel/formRules';

/** A required number keeps its blank, so Generate can stay disabled until it is filled. */
function blankOrNumber(value: unknown): number | string {
  return typeof value === 'string' && value.trim() === '' ? '' : Number(value);
}

/*
 * One widget per field kind, in the manner of react-jsonschema-form's widget
 * registry: the registry file says what the input is, this says how it looks.
 */

interface FieldControlProps {
  field: Field;
  register: UseFormRegister<FormValues>;
  error?: FieldError;
  idPrefix: string;
  /** What a bespoke widget needs, when the field names one. */
  widget: Omit<FieldWidgetProps, 'field' | 'children'>;
}

/** Wraps the ordinary control in the field's bespoke widget, if it names one. */
function WithWidget({ field, widget, children }: { field: Field; widget: FieldControlProps['widget']; children: React.ReactNode }) {
  if (!field.widget) return <>{children}</>;
  // Preloaded with the tool (ToolPage), so the control is never swapped while someone types in it.
  const Loaded = loadedWidget(field.widget);
  if (Loaded) {
    return (
      <Loaded {...widget} field={field}>
        {children}
      </Loaded>
    );
  }
  const Widget = widgetMap[field.widget];
  return (
    <Suspense fallback={children}>
      <Widget {...widget} field={field}>
        {children}
      </Widget>
    </Suspense>
  );
}

export function FieldControl({ field, register, error, idPrefix, widget }: FieldControlProps) {
  const id = `${idPrefix}-${field.name}`;
  const helpId = field.help ? `${id}-help` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const optional = !field.required && (field.kind === 'text' || field.kind === 'textarea' || field.kind === 'date');
  const optionalId = optional ? `${id}-optional` : undefined;
  const describedBy = [optionalId, helpId, errorId].filter(Boolean).join(' ') || undefined;
  const common = {
    id,
    'aria-describedby': describedBy,
    'aria-invalid': error ? true : undefined,
    'aria-required': field.required ? true : undefined,
  } as const;

  let control: React.ReactNode;
  switch (field.kind) {
    case 'textarea':
      control = <textarea {...common} rows={8} placeholder={field.placeholder} maxLength={field.maxLength} {...register(field.name)} />;
      break;
    case 'text':
      control = <input {...common} type="text" placeholder={field.placeholder} maxLength={field.maxLength} {...register(field.name)} />;
      break;
    case 'date':
      control = <input {...common} type="date" {...register(field.name)} />;
      break;
    case 'number':
      control = (
        <input
          {...common}
          type="number"
          inputMode="numeric"
          min={field.min}
          max={field.max}
          step={field.step ?? 1}
          placeholder={field.placeholder}
          {...register(field.name, { setValueAs: (v: unknown) => (field.required ? blankOrNumber(v) : numberOrDefault(v, field.default)) })}
        />
      );
      break;
    case 'select':
      control = (
        <select {...common} {...register(field.name)}>
          {field.options.map((option) => (
            <option key={option} value={option}>{option}</option>
          ))}
        </select>
      );
      break;
    case 'switch':
      return (
        <div className="field field-switch">
          <input {...common} type="checkbox" role="switch" {...register(field.name)} />
          <label htmlFor={id}>{field.label}</label>
          {field.help && <p id={helpId} className="field-help">{field.help}</p>}
        </div>
      );
  }

  const AttachFile = attachable(field) ? loadedAttachFile() : undefined;
  return (
    <div className="field">
      {/* The marks sit beside the label, not in it: the accessible name stays the label itself,
          required is announced through aria-required and "optional" through the description. */}
      <div className="label-row">
        <label htmlFor={id}>{field.label}</label>
        {field.required && <span className="required-mark" aria-hidden="true">*</span>}
        {optional && <span id={optionalId} className="optional-mark">(optional)</span>}
      </div>
      <WithWidget field={field} widget={widget}>
        {AttachFile ? (
          <AttachFile
            id={id}
            targets={widget.tool.fields.slice(widget.tool.fields.indexOf(field)).filter(attachable)}
            valueOf={(name) => String(widget.valueOf(name) ?? '')}
            setValue={(name, value) => widget.setValue(name, value)}
            disabled={widget.busy}
          >
            {control}
          </AttachFile>
        ) : (
          control
        )}
      </WithWidget>
      {field.help && <p id={helpId} className="field-help">{field.help}</p>}
      {error?.message && <p id={errorId} className="field-error">{error.message}</p>}
    </div>
  );
}
