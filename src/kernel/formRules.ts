import type { CrossFieldRule, Field, FormValues } from './fields';

/*
 * The form's rules as plain code: when Generate is enabled (blockingReason)
 * and what is sent (preparedValues). The zod schema the submit handler
 * validates with (formSchema.ts) is built on the same predicates, so the
 * button and the validation can never disagree; this half has no zod, so a
 * tool's form paints without loading it.
 */

export function isBlank(value: unknown): boolean {
  if (typeof value === 'number') return !Number.isFinite(value);
  return typeof value !== 'string' || value.trim() === '';
}

/** Fields whose blank value blocks Generate: required text, dates and numbers. */
function blocksWhenBlank(field: Field): boolean {
  return field.required === true && field.kind !== 'select' && field.kind !== 'switch';
}

/** A number input's value, or the field's default when it holds no number (spec 5). */
export function numberOrDefault(value: unknown, fallback: number): number {
  if (typeof value === 'number' && Number.isFinite(value)) return value;
  if (typeof value === 'string' && value.trim() !== '') {
    const parsed = Number(value);
    if (Number.isFinite(parsed)) return parsed;
  }
  return fallback;
}

export function ruleHolds(rule: CrossFieldRule, values: FormValues): boolean {
  switch (rule.kind) {
    case 'atLeastOne':
      return rule.fields.some((name) => !isBlank(values[name]));
  }
}

/** Why Generate is disabled, or null when the inputs are enough to send. */
export function blockingReason(fields: readonly Field[], rules: readonly CrossFieldRule[] = [], values: FormValues): string | null {
  const missing = fields.filter((f) => blocksWhenBlank(f) && isBlank(values[f.name]));
  if (missing.length > 0) return `Fill in ${missing.map((f) => f.label).join(' and ')} to generate.`;
  const broken = rules.find((rule) => !ruleHolds(rule, values));
  return broken ? broken.message : null;
}

/** What is sent: text trimmed, numbers parsed (or their default). */
export function preparedValues(fields: readonly Field[], values: FormValues): FormValues {
  return Object.fromEntries(
    fields.map((f) => {
      const value = values[f.name];
      if (f.kind === 'number') return [f.name, numberOrDefault(value, f.default)];
      if (f.kind === 'switch') return [f.name, value === true];
      return [f.name, typeof value === 'string' ? value.trim() : String(value ?? '')];
    }),
  );
}
