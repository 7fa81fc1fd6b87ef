import type { FieldError } from 'react-hook-form';

/** A field's validation message as a sentence that names the field ("Name is required."). */
export function fieldMessage(label: string, error: FieldError | undefined): string | undefined {
  const message = error?.message;
  if (!message) return undefined;
  return /^is\b/.test(message) ? `${label} ${message}.` : `${label}: ${message}`;
}

/** The attributes that tie an input to its error line, for screen readers. */
export function describedByError(id: string, message: string | undefined) {
  return message ? { 'aria-invalid': true as const, 'aria-describedby': `${id}-error` } : {};
}

export function FieldErrorLine({ id, message }: { id: string; message: string | undefined }) {
  if (!message) return null;
  return (
    <p id={`${id}-error`} className="field-error">
      {message}
    </p>
  );
}
