import { z } from 'zod';
import type { AssignmentStatus, AttemptState, QuestionForStudent } from './attemptWire';
import { CLASS_LIMITS, aiUseLevels, type AiUseLevel } from './limits';
import { isoTime, requiredText, text } from './wireFields';

/*
 * An assignment on the wire: what a teacher sends to make one, what each
 * side reads back (a student's view has no place for the hidden
 * instructions, hidden preset values or an answer key), and a student's run
 * of the assigned tool.
 */

export const presetValue = z.union([text(CLASS_LIMITS.presetChars), z.number().finite(), z.boolean(), z.array(text(500)).max(50)]);
export type PresetValue = z.infer<typeof presetValue>;

export const presetSchema = z.strictObject({
  value: presetValue,
  /** The student sees the value (a hidden preset still goes into the prompt). */
  shown: z.boolean().default(true),
  /** The student cannot change it: the server puts it back whatever is sent. */
  locked: z.boolean().default(false),
});
export type Preset = z.infer<typeof presetSchema>;

export const groupSchema = z.strictObject({
  name: requiredText(CLASS_LIMITS.groupChars),
  /** The output language's name as the language setting takes it (e.g. "Spanish"); absent: the tool's default. */
  language: text(60).optional(),
  /** A reading level as the refine feature names it (e.g. "Grade 4"); absent: as the tool writes. */
  readingLevel: text(60).optional(),
});
export type AssignmentGroup = z.infer<typeof groupSchema>;

export const createAssignmentBody = z.strictObject({
  toolId: z.string().regex(/^[a-z0-9-]{1,64}$/, 'is not a tool id'),
  title: requiredText(CLASS_LIMITS.titleChars),
  note: text(CLASS_LIMITS.noteChars).default(''),
  instructions: text(CLASS_LIMITS.instructionsChars).default(''),
  aiLevel: z.enum(aiUseLevels),
  presets: z.record(z.string().regex(/^[A-Za-z0-9_-]{1,64}$/), presetSchema).default({}),
  groups: z.array(groupSchema).max(CLASS_LIMITS.groupsPerAssignment).default([]),
  opensAt: isoTime.optional(),
  dueAt: isoTime.nullable().optional(),
  needsApproval: z.boolean().default(false),
});
export type CreateAssignmentBody = z.input<typeof createAssignmentBody>;

export const updateAssignmentBody = z.strictObject({
  title: requiredText(CLASS_LIMITS.titleChars).optional(),
  note: text(CLASS_LIMITS.noteChars).optional(),
  instructions: text(CLASS_LIMITS.instructionsChars).optional(),
  opensAt: isoTime.optional(),
  dueAt: isoTime.nullable().optional(),
});
export const approveBody = z.strictObject({ group: text(CLASS_LIMITS.groupChars).default('') });

/** What every view of an assignment says of it. */
export interface AssignmentBasics {
  id: string;
  classId: string;
  toolId: string;
  title: string;
  note: string;
  aiLevel: AiUseLevel;
  opensAt: string;
  dueAt: string | null;
}

export interface AssignmentListItem extends AssignmentBasics {
  className: string;
  /** The asker's own status (a student); absent for a teacher. */
  status?: AssignmentStatus;
  score?: { score: number; total: number } | null;
}

export interface MyAssignments {
  assignments: AssignmentListItem[];
}

export interface AssignmentForStudent extends AssignmentBasics {
  view: 'student';
  className: string;
  open: boolean;
  /** The presets the student sees, with which they may not change. Hidden presets are absent. */
  presets: Record<string, { value: PresetValue; locked: boolean }>;
  /** Fields the teacher filled in and keeps from view (names only, never values): the form leaves them out. */
  hiddenFields?: string[];
  group: string | null;
  language?: string;
  readingLevel?: string;
  /** Quiz tools: the questions without answers (null while awaiting the teacher's approval). */
  quiz?: QuestionForStudent[] | null;
  /** Other tools with material made for the class (e.g. flashcards): the material, or null while awaiting approval. */
  material?: unknown;
  attempt?: AttemptState | null;
}

export interface AssignmentForTeacher extends AssignmentBasics {
  view: 'teacher';
  instructions: string;
  presets: Record<string, Preset>;
  groups: AssignmentGroup[];
  needsApproval: boolean;
  /** By group name ('' = everyone): the material with its answers, and whether it is approved. */
  material: { group: string; content: unknown; approvedAt: string | null }[];
}

export type AssignmentView = AssignmentForStudent | AssignmentForTeacher;

export const formValue = z.union([text(CLASS_LIMITS.presetChars), z.number().finite(), z.boolean()]);
export const runToolBody = z.strictObject({
  inputs: z.record(z.string().regex(/^[A-Za-z0-9_-]{1,64}$/), formValue).refine((inputs) => Object.keys(inputs).length <= CLASS_LIMITS.presetsPerAssignment, 'has too many fields'),
});
export type RunToolBody = z.input<typeof runToolBody>;

export interface RunToolReply {
  result: { kind: 'text'; text: string } | { kind: 'json'; data: unknown };
  /** Always true: the screen labels it as AI-generated. */
  aiGenerated: true;
}
