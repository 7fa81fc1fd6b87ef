import type { AssignmentForStudent, AssignmentForTeacher, AssignmentGroup, AttemptState, Preset } from '../../src/kernel/classes/wire';
import type { AssignmentRow } from '../database/schema';
import { questionsForStudent, quizKeyOf } from './quizKey';

/*
 * An assignment as each side sees it. The teacher's view has everything:
 * the hidden instructions and the material with its answers. The student's
 * is built by naming what it holds, never by copying a row and deleting
 * keys, so a column added later cannot slip through: no instructions, no
 * hidden preset, and a quiz reduced to its questions and options.
 */

export interface MaterialRow {
  group_name: string;
  content: unknown;
  approved_at: Date | string | null;
}

const iso = (time: Date | string) => new Date(time).toISOString();
const isoOrNull = (time: Date | string | null) => (time === null ? null : iso(time));

export function teacherView(row: AssignmentRow, instructions: string, material: readonly MaterialRow[]): AssignmentForTeacher {
  return {
    view: 'teacher',
    id: row.id,
    classId: row.class_id,
    toolId: row.tool_id,
    title: row.title,
    note: row.note,
    instructions,
    aiLevel: row.ai_level,
    presets: row.presets as Record<string, Preset>,
    groups: row.groups,
    opensAt: iso(row.opens_at),
    dueAt: isoOrNull(row.due_at),
    needsApproval: row.needs_approval,
    material: [...material]
      .sort((a, b) => a.group_name.localeCompare(b.group_name))
      .map((entry) => ({ group: entry.group_name, content: entry.content, approvedAt: isoOrNull(entry.approved_at) })),
  };
}

/** The material a member gets: their group's, else the one for everyone. */
export function materialForGroup(rows: readonly MaterialRow[], group: string | null): MaterialRow | undefined {
  return rows.find((row) => row.group_name === (group ?? '')) ?? rows.find((row) => row.group_name === '');
}

/** Whether the member may see this material yet: the assignment has opened, and the teacher approved it if asked to. */
export function visibleMaterial(row: AssignmentRow, material: MaterialRow | undefined, now: number): MaterialRow | undefined {
  if (!material || row.opens_at.getTime() > now) return undefined;
  if (row.needs_approval && material.approved_at === null) return undefined;
  return material;
}

export interface StudentViewParts {
  row: AssignmentRow;
  className: string;
  open: boolean;
  group: string | null;
  /** The material the member may see now (visibleMaterial), if any. */
  material: MaterialRow | undefined;
  /** The tool is answered question by question on the server (the answer key stays here). */
  serverQuiz: boolean;
  attempt: AttemptState | null;
}

function shownPresets(row: AssignmentRow): AssignmentForStudent['presets'] {
  const shown: AssignmentForStudent['presets'] = {};
  for (const [name, preset] of Object.entries(row.presets)) if (preset.shown) shown[name] = { value: preset.value, locked: preset.locked };
  return shown;
}

function groupOf(groups: readonly AssignmentGroup[], name: string | null): AssignmentGroup | undefined {
  return name === null ? undefined : groups.find((group) => group.name === name);
}

export function studentView({ row, className, open, group, material, serverQuiz, attempt }: StudentViewParts): AssignmentForStudent {
  const own = groupOf(row.groups, group);
  const view: AssignmentForStudent = {
    view: 'student',
    id: row.id,
    classId: row.class_id,
    className,
    toolId: row.tool_id,
    title: row.title,
    note: row.note,
    aiLevel: row.ai_level,
    opensAt: iso(row.opens_at),
    dueAt: isoOrNull(row.due_at),
    open,
    presets: shownPresets(row),
    hiddenFields: Object.keys(row.presets).filter((name) => row.presets[name]?.shown === false),
    group,
    ...(own?.language ? { language: own.language } : {}),
    ...(own?.readingLevel ? { readingLevel: own.readingLevel } : {}),
  };
  if (serverQuiz) {
    const key = material ? quizKeyOf(material.content) : null;
    return { ...view, quiz: key ? questionsForStudent(key) : null, attempt };
  }
  return { ...view, material: material ? material.content : null };
}
