import type { ToolDeclaration } from '../../src/kernel/defineTool';
import { defaultValues, type Field, type FormValues } from '../../src/kernel/fields';
import { formSchema } from '../../src/kernel/formSchema';
import type { StoredPreset } from '../database/schema';
import { ClassRuleError } from './door';

/*
 * An assignment's inputs as the tool's own form would take them. The
 * teacher's presets are checked against the tool's fields when the
 * assignment is made (a field the tool does not have, or a value of the
 * wrong kind, is refused by name). When a student runs the tool, what the
 * teacher fixed wins: a locked preset, and a hidden one the student never
 * saw, replace whatever the request says, so a value pasted into the
 * request cannot change them; then the whole is validated with the form's
 * own schema, as the browser's Generate would.
 */

type FormValue = FormValues[string];
type InputValue = StoredPreset['value'] | FormValue;

function kindProblem(field: Field, value: InputValue): string | null {
  const label = `"${field.name}" (${field.label})`;
  switch (field.kind) {
    case 'text':
    case 'textarea':
    case 'date':
      return typeof value === 'string' ? null : `${label} takes text.`;
    case 'select':
      return typeof value === 'string' && field.options.includes(value) ? null : `${label} takes one of: ${field.options.join(', ')}.`;
    case 'number':
      // A cleared number box is blank, as the browser's form sends it: the form's schema gives it the default.
      return typeof value === 'number' || value === '' ? null : `${label} takes a number.`;
    case 'switch':
      return typeof value === 'boolean' ? null : `${label} takes true or false.`;
  }
}

function fieldOf(tool: ToolDeclaration, name: string): Field {
  const field = tool.fields.find((candidate) => candidate.name === name);
  if (!field) throw new ClassRuleError(400, `The tool "${tool.title}" has no field "${name}".`);
  return field;
}

/** Refuses a preset that names no field of the tool, or holds a value the field cannot take. */
export function checkPresets(tool: ToolDeclaration, presets: Readonly<Record<string, StoredPreset>>): void {
  for (const [name, preset] of Object.entries(presets)) {
    const problem = kindProblem(fieldOf(tool, name), preset.value);
    if (problem) throw new ClassRuleError(400, `Preset ${problem}`);
  }
}

/** The form's own validation (required fields, ranges, rules): its first sentence, as a 400. */
function validated(tool: ToolDeclaration, values: FormValues): FormValues {
  const parsed = formSchema(tool.fields, tool.rules).safeParse(values);
  if (!parsed.success) throw new ClassRuleError(400, parsed.error.issues[0]?.message ?? 'These inputs are not valid.');
  return values;
}

/** The inputs the teacher's presets alone make (the material a class gets is made from these). */
export function presetInputs(tool: ToolDeclaration, presets: Readonly<Record<string, StoredPreset>>): FormValues {
  return validated(tool, { ...defaultValues(tool.fields), ...valuesOf(presets, () => true) });
}

function valuesOf(presets: Readonly<Record<string, StoredPreset>>, keep: (preset: StoredPreset) => boolean): FormValues {
  const values: FormValues = {};
  for (const [name, preset] of Object.entries(presets)) {
    if (keep(preset) && !Array.isArray(preset.value)) values[name] = preset.value;
  }
  return values;
}

/** A student's run: their inputs checked field by field, then the teacher's fixed presets put over them. */
export function runInputs(tool: ToolDeclaration, presets: Readonly<Record<string, StoredPreset>>, inputs: Readonly<Record<string, FormValue>>): FormValues {
  for (const [name, value] of Object.entries(inputs)) {
    const problem = kindProblem(fieldOf(tool, name), value);
    if (problem) throw new ClassRuleError(400, problem);
  }
  const fixed = (preset: StoredPreset) => preset.locked || !preset.shown;
  return validated(tool, { ...defaultValues(tool.fields), ...valuesOf(presets, (preset) => !fixed(preset)), ...inputs, ...valuesOf(presets, fixed) });
}
