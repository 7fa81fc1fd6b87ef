import { z } from 'zod';
import type { CrossFieldRule, Field, FormValues } from './fields';
import { isBlank, numberOrDefault, ruleHolds } from './formRules';

/*
 * Form validation, derived from the field list: what the submit handler
 * accepts. When Generate is enabled comes from the same predicates
 * (formRules.ts), so the button and the validation can never disagree. This
 * module brings zod, so a tool page loads it on the first validation, not
 * with the form.
 */

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

