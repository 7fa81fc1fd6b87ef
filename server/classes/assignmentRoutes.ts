import { randomUUID } from 'node:crypto';
import type { Hono } from 'hono';
import { sql } from 'kysely';
import { aiUseOf, levelAllows } from '../../src/kernel/classes/aiUse';
import { approveBody, CLASS_MESSAGES, createAssignmentBody, updateAssignmentBody } from '../../src/kernel/classes/wire';
import type { ToolDeclaration } from '../../src/kernel/defineTool';
import type { AssignmentRow } from '../database/schema';
import { groupOutputs, makeMaterial, makesMaterial } from './assignmentMaterial';
import { memberAssignmentView } from './assignmentReads';
import { teacherView } from './assignmentViews';
import type { ClassRouteDeps } from './deps';
import { ClassRuleError, parsedBody, withAssignment, withClass, type ClassTransaction } from './door';
import { classBodyLimit, classHandler, signedIn } from './routeKit';
import { rosterOf, rosterPseudonyms } from './rosterNames';
import { loadServerTool } from './serverTools';
import { checkPresets, presetInputs } from './toolInputs';

/*
 * A class's assignments, for its teachers: create (the presets checked
 * against the tool, the AI-use level against what the tool does, and any
 * material made on the server before anything is stored), read, change,
 * delete and approve material; and for a member, the assignment as a
 * student may see it. Every route goes through the door.
 */

/** A tool of the registry, or a 400 naming the id. */
export async function toolOrRefuse(toolId: string): Promise<ToolDeclaration> {
  const tool = await loadServerTool(toolId);
  if (!tool) throw new ClassRuleError(400, `There is no tool "${toolId}".`);
  return tool;
}

/** The AI-use level refuses a tool that does more than it allows, wherever the check is made. */
export function checkLevel(level: AssignmentRow['ai_level'], tool: ToolDeclaration): void {
  if (!levelAllows(level, aiUseOf({ id: tool.id, category: tool.category, renderer: tool.renderer }))) throw new ClassRuleError(400, CLASS_MESSAGES.levelForbidsTool);
}

function checkTimes(opensAt: Date, dueAt: Date | null): void {
  if (dueAt !== null && dueAt.getTime() <= opensAt.getTime()) throw new ClassRuleError(400, 'The due time must be after the time the assignment opens.');
}

async function teacherViewIn(trx: ClassTransaction, row: AssignmentRow) {
  const secret = await trx.selectFrom('assignment_secrets').select('instructions').where('assignment_id', '=', row.id).executeTakeFirst();
  const material = await trx.selectFrom('assignment_material').select(['group_name', 'content', 'approved_at']).where('assignment_id', '=', row.id).execute();
  return teacherView(row, secret?.instructions ?? '', material);
}

export function addAssignmentRoutes(app: Hono, deps: ClassRouteDeps): void {
  const { db } = deps;
  const base = '/api/classes/:classId/assignments';

  app.post(base, deps.requireUser, classBodyLimit, classHandler(async (c) => {
    const user = signedIn(c);
    const classId = c.req.param('classId') ?? '';
    // The door first: another's class is "Not found." before anything is read or any model is asked.
    await withClass(db, user, classId, 'teacher', async () => undefined, { writes: true });
    const body = await parsedBody(c, createAssignmentBody);
    const tool = await toolOrRefuse(body.toolId);
    checkLevel(body.aiLevel, tool);
    checkPresets(tool, body.presets);
    groupOutputs(body.groups);
    const opensAt = body.opensAt ? new Date(body.opensAt) : new Date(deps.now());
    const dueAt = body.dueAt ? new Date(body.dueAt) : null;
    checkTimes(opensAt, dueAt);
    const material = makesMaterial(tool, body.needsApproval)
      ? await makeMaterial({ tool, values: presetInputs(tool, body.presets), hidden: body.instructions, groups: body.groups, roster: rosterPseudonyms(await rosterOf(db, classId)), model: deps.model })
      : [];
    const id = randomUUID();
    const view = await withClass(db, user, classId, 'teacher', async (trx, access) => {
      const row = await trx
        .insertInto('assignments')
        .values({
          id,
          class_id: access.classId,
          tool_id: tool.id,
          title: body.title,
          note: body.note,
          ai_level: body.aiLevel,
          presets: JSON.stringify(body.presets),
          groups: JSON.stringify(body.groups),
          opens_at: opensAt,
          due_at: dueAt,
          needs_approval: body.needsApproval,
          created_by: user.id,
        })
        .returningAll()
        .executeTakeFirstOrThrow();
      await trx.insertInto('assignment_secrets').values({ assignment_id: id, class_id: access.classId, instructions: body.instructions }).execute();
      const approvedAt = body.needsApproval ? null : new Date(deps.now());
      for (const { group, content } of material) {
        await trx.insertInto('assignment_material').values({ assignment_id: id, class_id: access.classId, group_name: group, content: JSON.stringify(content), approved_at: approvedAt }).execute();
      }
      return teacherViewIn(trx, row);
    }, { writes: true });
    return c.json(view);
  }));

  app.get(`${base}/:assignmentId`, deps.requireUser, classHandler(async (c) => {
    const view = await withAssignment(db, signedIn(c), c.req.param('classId') ?? '', c.req.param('assignmentId') ?? '', 'either', async (trx, access) =>
      access.role === 'teacher' ? teacherViewIn(trx, access.assignment) : memberAssignmentView(trx, access, signedIn(c).id, deps.now()),
    { now: deps.now });
    return c.json(view);
  }));

  app.patch(`${base}/:assignmentId`, deps.requireUser, classBodyLimit, classHandler(async (c) => {
    const user = signedIn(c);
    const view = await withAssignment(db, user, c.req.param('classId') ?? '', c.req.param('assignmentId') ?? '', 'teacher', async (trx, access) => {
      const body = await parsedBody(c, updateAssignmentBody);
      const row = access.assignment;
      const opensAt = body.opensAt ? new Date(body.opensAt) : row.opens_at;
      const dueAt = body.dueAt === undefined ? row.due_at : body.dueAt === null ? null : new Date(body.dueAt);
      checkTimes(opensAt, dueAt);
      const changed = await trx
        .updateTable('assignments')
        .set({ ...(body.title === undefined ? {} : { title: body.title }), ...(body.note === undefined ? {} : { note: body.note }), opens_at: opensAt, due_at: dueAt })
        .where('id', '=', row.id)
        .returningAll()
        .executeTakeFirstOrThrow();
      if (body.instructions !== undefined) {
        await trx
          .insertInto('assignment_secrets')
          .values({ assignment_id: row.id, class_id: access.classId, instructions: body.instructions })
          .onConflict((conflict) => conflict.column('assignment_id').doUpdateSet({ instructions: body.instructions }))
          .execute();
      }
      return teacherViewIn(trx, changed);
    }, { writes: true, now: deps.now });
    return c.json(view);
  }));

  app.delete(`${base}/:assignmentId`, deps.requireUser, classBodyLimit, classHandler(async (c) => {
    await withAssignment(db, signedIn(c), c.req.param('classId') ?? '', c.req.param('assignmentId') ?? '', 'teacher', async (trx, access) => {
      await trx.deleteFrom('assignments').where('id', '=', access.assignment.id).execute();
    }, { writes: true, now: deps.now });
    return c.json({ ok: true as const });
  }));

  app.post(`${base}/:assignmentId/approve`, deps.requireUser, classBodyLimit, classHandler(async (c) => {
    const view = await withAssignment(db, signedIn(c), c.req.param('classId') ?? '', c.req.param('assignmentId') ?? '', 'teacher', async (trx, access) => {
      const body = await parsedBody(c, approveBody);
      const approved = await trx
        .updateTable('assignment_material')
        // Approving again keeps the first approval's time.
        .set({ approved_at: sql<Date>`coalesce(approved_at, ${new Date(deps.now())})` })
        .where('assignment_id', '=', access.assignment.id)
        .where('group_name', '=', body.group)
        .returning('group_name')
        .execute();
      if (approved.length === 0) throw new ClassRuleError(400, body.group === '' ? 'This assignment has no material to approve.' : `This assignment has no material for the group "${body.group}".`);
      return teacherViewIn(trx, access.assignment);
    }, { writes: true, now: deps.now });
    return c.json(view);
  }));
}
