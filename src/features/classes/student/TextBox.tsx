import { useId } from 'react';

/** A labelled one-line box with the problem to fix under it, tied to it for screen readers. */
export function TextBox({
  label,
  value,
  onChange,
  problem,
  className = 'field',
  input,
}: {
  label: string;
  value: string;
  onChange(value: string): void;
  problem: string | null;
  className?: string;
  /** The box's own attributes (autocomplete, length...). */
  input?: Omit<React.InputHTMLAttributes<HTMLInputElement>, 'id' | 'type' | 'value' | 'onChange'>;
}) {
  const id = useId();
  return (
    <div className={className}>
      <label htmlFor={id}>{label}</label>
      <input
        {...input}
        id={id}
        type="text"
        value={value}
        onChange={(event) => onChange(event.target.value)}
        aria-invalid={problem ? true : undefined}
        aria-describedby={problem ? `${id}-problem` : undefined}
      />
      {problem && (
        <p id={`${id}-problem`} className="field-error">
          {problem}
        </p>
      )}
    </div>
  );
}
