import type { Field } from '../../../kernel/fields';

/*
 * One field of an assigned tool, as a plain control per kind (the runner's
 * own controls are not offered through its entry). A field the teacher
 * locked shows its value read-only, said in words, whatever its kind.
 */

export type InputValue = string | number | boolean;

/** A value as text, for a locked field's read-only box. */
function shownValue(value: InputValue): string {
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  return String(value);
}

export function ToolFieldInput({
  field,
  value,
  locked,
  problem,
  idPrefix,
  onChange,
}: {
  field: Field;
  value: InputValue;
  locked: boolean;
  problem: string | undefined;
  idPrefix: string;
  onChange(value: InputValue): void;
}) {
  const id = `${idPrefix}-${field.name}`;
  const noteId = `${id}-note`;
  const problemId = `${id}-problem`;
  const note = locked ? 'Set by your teacher' : field.help;
  const describedBy = [note ? noteId : '', problem ? problemId : ''].filter(Boolean).join(' ') || undefined;
  const common = { id, 'aria-describedby': describedBy, 'aria-invalid': problem ? true : undefined } as const;
  const label = (
    <label htmlFor={id}>
      {field.label}
      {field.required && !locked && <span className="required-mark"> (required)</span>}
    </label>
  );

  let control: React.ReactNode;
  if (locked) {
    control =
      field.kind === 'textarea' ? (
        <textarea {...common} value={shownValue(value)} readOnly />
      ) : (
        <input {...common} type="text" value={shownValue(value)} readOnly />
      );
  } else if (field.kind === 'switch') {
    return (
      <div className="field field-switch">
        <input {...common} type="checkbox" checked={value === true} onChange={(event) => onChange(event.target.checked)} />
        {label}
        {note && <p id={noteId} className="field-help">{note}</p>}
      </div>
    );
  } else if (field.kind === 'select') {
    control = (
      <select {...common} value={String(value)} onChange={(event) => onChange(event.target.value)}>
        {field.options.map((option) => (
          <option key={option} value={option}>
            {option}
          </option>
        ))}
      </select>
    );
  } else if (field.kind === 'number') {
    control = (
      <input {...common} type="number" value={String(value)} min={field.min} max={field.max} step={field.step} onChange={(event) => onChange(event.target.value)} />
    );
  } else if (field.kind === 'textarea') {
    control = <textarea {...common} value={String(value)} maxLength={field.maxLength} placeholder={field.placeholder} onChange={(event) => onChange(event.target.value)} />;
  } else {
    control = (
      <input
        {...common}
        type={field.kind === 'date' ? 'date' : 'text'}
        value={String(value)}
        maxLength={field.kind === 'text' ? field.maxLength : undefined}
        placeholder={field.placeholder}
        onChange={(event) => onChange(event.target.value)}
      />
    );
  }

  return (
    <div className={locked ? 'field class-field-locked' : 'field'}>
      {label}
      {control}
      {note && <p id={noteId} className="field-help">{note}</p>}
      {problem && <p id={problemId} className="field-error">{problem}</p>}
    </div>
  );
}
