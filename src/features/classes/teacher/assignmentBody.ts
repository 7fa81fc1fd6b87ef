import type { FieldError, FieldErrors, Resolver } from 'react-hook-form';
import type { Field } from '../../../kernel/fields';
import { defaultValueOf } from '../../../kernel/fields';
import { tools, isTeacherTool } from '../../../kernel/catalogue';
import { aiUseOf, levelAllows } from '../../../kernel/classes/aiUse';
import { createAssignmentBody, type AiUseLevel, type CreateAssignmentBody, type PresetValue } from '../../../kernel/classes/wire';

/*
 * The "New assignment" form's values, and how they become the gateway's
 * body: the wire schema (createAssignmentBody) decides what is valid, here
 * as on the server, so the form and the gateway never disagree.
 */

export interface AssignmentFormValues {
  aiLevel: AiUseLevel;
  toolId: string;
  title: string;
  note: string;
  instructions: string;
  /** datetime-local text ("2026-11-28T09:00"), in the teacher's time zone; blank: opens now / no due time. */
  opensAt: string;
  dueAt: string;
  needsApproval: boolean;
  groups: { name: string; language: string; readingLevel: string }[];
}

export interface PresetState {
  value: PresetValue;
  shown: boolean;
  locked: boolean;
}

export const emptyAssignment: AssignmentFormValues = {
  aiLevel: 'practice',
  toolId: '',
  title: '',
  note: '',
  instructions: '',
  opensAt: '',
  dueAt: '',
  needsApproval: false,
  groups: [],
};

/** The tools a level lets students use, by title: teachers' own tools are not for assigning. */
export function toolsForLevel(level: AiUseLevel) {
  return tools.filter((tool) => !isTeacherTool(tool) && levelAllows(level, aiUseOf(tool)));
}

/** A datetime-local value as an ISO time with its offset; blank stays absent. */
export function isoFromLocal(local: string): string | undefined {
  if (local.trim() === '') return undefined;
  const time = new Date(local);
  return Number.isNaN(time.getTime()) ? local : time.toISOString();
}

/** A preset goes to the server only when it says something: a value other than the field's default, hidden or locked. */
export function presetsToSend(fields: readonly Field[], presets: Record<string, PresetState>): NonNullable<CreateAssignmentBody['presets']> {
  const sent: NonNullable<CreateAssignmentBody['presets']> = {};
  for (const field of fields) {
    const preset = presets[field.name];
    if (!preset) continue;
    const blank = typeof preset.value === 'string' && preset.value.trim() === '';
    const changed = !blank && preset.value !== defaultValueOf(field);
    if (changed || preset.locked || !preset.shown) sent[field.name] = { value: preset.value, shown: preset.shown, locked: preset.locked };
  }
  return sent;
}

export function toBody(values: AssignmentFormValues, presets: NonNullable<CreateAssignmentBody['presets']>): CreateAssignmentBody {
  const opensAt = isoFromLocal(values.opensAt);
  const dueAt = isoFromLocal(values.dueAt);
  return {
    toolId: values.toolId,
    title: values.title,
    note: values.note,
    instructions: values.instructions,
    aiLevel: values.aiLevel,
    presets,
    groups: values.groups.map((group) => ({
      name: group.name,
      ...(group.language.trim() ? { language: group.language.trim() } : {}),
      ...(group.readingLevel.trim() ? { readingLevel: group.readingLevel.trim() } : {}),
    })),
    ...(opensAt ? { opensAt } : {}),
    ...(dueAt ? { dueAt } : {}),
    needsApproval: values.needsApproval,
  };
}

const LABELS: Record<string, string> = {
  toolId: 'Tool',
  title: 'Title',
  note: 'Note for students',
  instructions: 'Instructions for the AI',
  opensAt: 'Opens',
  dueAt: 'Due',
  presets: 'Preset inputs',
  groups: 'Groups',
};

function sentence(label: string, message: string): string {
  return /^is\b/.test(message) ? `${label} ${message}.` : `${label}: ${message}.`;
}

/** Checks the form as the gateway will (the wire schema), plus what only the form can say (a tool chosen, due after opening). */
export function assignmentResolver(presets: () => NonNullable<CreateAssignmentBody['presets']>): Resolver<AssignmentFormValues> {
  return async (values) => {
    const errors: FieldErrors<AssignmentFormValues> = {};
    const groupErrors: { name: FieldError }[] = [];
    if (values.toolId === '') errors.toolId = { type: 'required', message: 'Choose a tool.' };
    const opens = isoFromLocal(values.opensAt);
    const due = isoFromLocal(values.dueAt);
    if (opens && due && Date.parse(due) <= Date.parse(opens)) errors.dueAt = { type: 'order', message: 'The due time must be after the opening time.' };
    const parsed = createAssignmentBody.safeParse(toBody(values, presets()));
    for (const issue of parsed.success ? [] : parsed.error.issues) {
      const [key, index, part] = issue.path;
      if (key === 'groups' && typeof index === 'number' && part === 'name') {
        groupErrors[index] = { name: { type: 'invalid', message: `Group ${index + 1} needs a name.` } };
      } else if (typeof key === 'string' && key in LABELS && !(key in errors)) {
        (errors as Record<string, { type: string; message: string }>)[key] = { type: 'invalid', message: sentence(LABELS[key] ?? key, issue.message) };
      }
    }
    if (groupErrors.length > 0) errors.groups = groupErrors as FieldErrors<AssignmentFormValues>['groups'];
    return Object.keys(errors).length > 0 ? { values: {}, errors } : { values, errors: {} };
  };
}
