import { sql } from 'kysely';
import { isServerQuiz } from '../../src/kernel/classes/aiUse';
import type { AssignmentForStudent } from '../../src/kernel/classes/wire';
import { materialForGroup, studentView, visibleMaterial, type MaterialRow } from './assignmentViews';
import { NotFoundError, type AssignmentAccess, type ClassTransaction } from './door';
import { quizKeyOf } from './quizKey';
import { attemptStateOf, latestAttempt } from './scoring';
import { loadServerTool } from './serverTools';

/*
 * A member's view of an assignment, read inside their own transaction: the
 * material only through studyforge_material_for_student (the table is the
 * teachers'), their latest attempt with the verdicts of what they have
 * answered, and nothing else.
 */

export async function memberAssignmentView(trx: ClassTransaction, access: AssignmentAccess, userId: string, now: number): Promise<AssignmentForStudent> {
  const row = access.assignment;
  const tool = await loadServerTool(row.tool_id);
  if (!tool) throw new NotFoundError();
  const klass = await trx.selectFrom('classes').select('name').where('id', '=', access.classId).executeTakeFirstOrThrow();
  const { rows } = await sql<MaterialRow>`select group_name, content, approved_at from studyforge_material_for_student(${row.id})`.execute(trx);
  const material = visibleMaterial(row, materialForGroup(rows, access.groupName), now);
  const serverQuiz = isServerQuiz(tool);
  let attempt = null;
  if (serverQuiz) {
    const latest = await latestAttempt(trx, row.id, userId);
    // The verdicts name the right option of answered questions only: read from the material the attempt was started on.
    const key = latest ? quizKeyOf(rows.find((entry) => entry.group_name === latest.group_name)?.content ?? material?.content) : null;
    attempt = latest && key ? await attemptStateOf(trx, latest, key) : null;
  }
  return studentView({ row, className: klass.name, open: access.open, group: access.groupName, material, serverQuiz, attempt });
}
