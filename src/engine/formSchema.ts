import { z } from 'zod';
import type { CrossFieldRule, Field, FormValues } from './fields';

/*
 * Form validation, derived from the field list. The same rules decide when
 * Generate is enabled (blockingReason) and what the submit handler accepts
 * (formSchema), so the button and the validation can never disagree.
 */

function isBlank(value: unknown): boolean {
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

function fieldSchema(field: Field): z.ZodType {
  switch (field.kind) {
    case 'text':
    case 'textarea': {
      let text = z.string();
      if (field.maxLength !== undefined) text = text.max(field.maxLength, `${field.label} can be at most ${field.maxLength} characters.`);
      return field.required ? text.refine((v) => v.trim() !== '', `Please fill in ${field.label}.`) : text;
    }
    case 'date': {
      const date = z.string().refine((v) => v.trim() === '' || /^\d{4}-\d{2}-\d{2}$/.test(v.trim()), 'Please enter a date.');
      return field.required ? date.refine((v) => v.trim() !== '', `Please fill in ${field.label}.`) : date;
    }
    case 'select':
      return z.enum(field.options as [string, ...string[]], { message: `Please choose ${field.label}.` });
    case 'number': {
      let number = z.number();
      const range =
        field.min !== undefined && field.max !== undefined
          ? `${field.label} must be from ${field.min} to ${field.max}.`
          : undefined;
      if (field.min !== undefined) number = number.min(field.min, range ?? `${field.label} must be at least ${field.min}.`);
      if (field.max !== undefined) number = number.max(field.max, range ?? `${field.label} must be at most ${field.max}.`);
      if (field.required) {
        const filled = (v: unknown) => (isBlank(v) ? undefined : Number(v));
        return z.preprocess(filled, z.number({ message: `Please fill in ${field.label}.` }).pipe(number));
      }
      return z.preprocess((v) => numberOrDefault(v, field.default), number);
    }
    case 'switch':
      return z.boolean();
  }
}

function ruleHolds(rule: CrossFieldRule, values: FormValues): boolean {
  switch (rule.kind) {
    case 'atLeastOne':
      return rule.fields.some((name) => !isBlank(values[name]));
  }
}

export function formSchema(fields: readonly Field[], rules: readonly CrossFieldRule[] = []) {
  const shape = Object.fromEntries(fields.map((f) => [f.name, fieldSchema(f)]));
  return z.object(shape).superRefine((values, ctx) => {
    for (const rule of rules) {
      if (!ruleHolds(rule, values as FormValues)) {
        ctx.addIssue({ code: 'custom', message: rule.message, path: [rule.fields[0] ?? ''] });
      }
    }
  });
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
