/**
 * Input field declarations. A registry file lists its fields in order; the
 * ToolRunner picks a widget per `kind`, the form schema is derived from the
 * same list, and the prompt renderer knows from `kind` which values are free
 * text (delimited as data) and which are validated choices (inlined).
 */

import type { WidgetKey } from './widgets';

interface FieldBase<N extends string> {
  /** Key in the form values and in the prompt template: `{{name}}`. */
  name: N;
  label: string;
  placeholder?: string;
  /** Required inputs keep Generate disabled while blank after trimming. */
  required?: boolean;
  /** One line under the input, for what the label cannot say. */
  help?: string;
  /** A bespoke widget from renderers/ shown with the ordinary control. */
  widget?: WidgetKey;
}

export interface TextField<N extends string = string> extends FieldBase<N> {
  kind: 'text' | 'textarea';
  default?: string;
  maxLength?: number;
  /**
   * "Attach a file" (PDF, Word, text) beside the box, its text read into it.
   * On for a textarea with no widget of its own; `false` turns it
   * off where a file makes no sense (a short answer, a chat message).
   */
  attach?: boolean;
  /**
   * Personal data: 'name' for a box holding people's names (a
   * student's, a parent's), 'text' for notes that may name people. Before a
   * request leaves the browser, the names are replaced by placeholders
   * ("Student A") and put back in the answer.
   */
  personal?: 'name' | 'text';
  /** Whose names a 'name' box holds, for the placeholder: "Student A" (the default), "Parent A", "Teacher A". */
  person?: 'student' | 'parent' | 'teacher';
}

/** Whether a field offers "Attach a file": textareas, unless they say no or bring a widget of their own. */
export function attachable(field: Field): boolean {
  return field.kind === 'textarea' && field.attach !== false && field.widget === undefined;
}

export interface SelectField<N extends string = string, O extends string = string> extends FieldBase<N> {
  kind: 'select';
  options: readonly O[];
  default: O;
}

/**
 * A required number must be filled in (a blank keeps Generate disabled); an
 * optional one falls back to its default when the input holds no number.
 */
export interface NumberField<N extends string = string> extends FieldBase<N> {
  kind: 'number';
  min?: number;
  max?: number;
  step?: number;
  default: number;
}

export interface DateField<N extends string = string> extends FieldBase<N> {
  kind: 'date';
  default?: string;
}

export interface SwitchField<N extends string = string> extends FieldBase<N> {
  kind: 'switch';
  default?: boolean;
}

export type Field<N extends string = string> =
  | TextField<N>
  | SelectField<N>
  | NumberField<N>
  | DateField<N>
  | SwitchField<N>;

export type FieldKind = Field['kind'];

/** The value a field contributes to the form (and to the example input). */
export type FieldValue<F> = F extends SelectField<string, infer O>
  ? O
  : F extends NumberField
    ? number
    : F extends SwitchField
      ? boolean
      : string;

export type FieldValues<F extends readonly Field[]> = {
  [K in F[number] as K['name']]: FieldValue<K>;
};

/** Loosely typed values, as the engine sees them at run time (a cleared number input is ''). */
export type FormValues = Record<string, string | number | boolean>;

/**
 * Rules that span fields. Single-field rules (required, min/max) live on the
 * field itself.
 */
export interface AtLeastOneRule<N extends string = string> {
  kind: 'atLeastOne';
  fields: readonly N[];
  message: string;
}

export type CrossFieldRule<N extends string = string> = AtLeastOneRule<N>;

/** Free-text fields are the ones whose values a user types and we must delimit. */
export function isFreeText(field: Field): field is TextField {
  return field.kind === 'text' || field.kind === 'textarea';
}

/** A box declared to hold names, or notes that may name people. */
export function isPersonal(field: Field): field is TextField {
  return isFreeText(field) && field.personal !== undefined;
}

/** Whether a form declares a box that may hold a name: only then is the name finder loaded. */
export function holdsPersonalData(fields: readonly Field[]): boolean {
  return fields.some(isPersonal);
}

/**
 * What a result is about, for file names and titles: the first one-line text
 * input filled in (a topic, never a pasted essay from a textarea).
 */
export function topicOf(fields: readonly Field[], values: Readonly<Record<string, unknown>>): string | undefined {
  for (const field of fields) {
    const value = values[field.name];
    if (field.kind === 'text' && typeof value === 'string' && value.trim() !== '') return value.trim();
  }
  return undefined;
}

/** The inputs that made a result, as label and value, for the top of an exported document: blanks left out, switches as Yes or No. */
export function inputSummary(fields: readonly Field[], values: Readonly<Record<string, unknown>>): { label: string; value: string }[] {
  return fields.flatMap((field) => {
    const value = values[field.name];
    if (typeof value === 'boolean') return [{ label: field.label, value: value ? 'Yes' : 'No' }];
    if ((typeof value !== 'string' && typeof value !== 'number') || String(value).trim() === '') return [];
    return [{ label: field.label, value: String(value).trim() }];
  });
}

export function defaultValueOf(field: Field): string | number | boolean {
  switch (field.kind) {
    case 'select':
    case 'number':
      return field.default;
    case 'switch':
      return field.default ?? false;
    default:
      return field.default ?? '';
  }
}

export function defaultValues(fields: readonly Field[]): FormValues {
  return Object.fromEntries(fields.map((f) => [f.name, defaultValueOf(f)]));
}
