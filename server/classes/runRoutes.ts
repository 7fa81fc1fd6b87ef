import { randomUUID } from 'node:crypto';
import type { Hono } from 'hono';
import { isServerQuiz } from '../../src/kernel/classes/aiUse';
import { groupOutput } from '../../src/kernel/classes/groupOutput';
import { CLASS_LIMITS, CLASS_MESSAGES, runToolBody, type RunToolReply } from '../../src/kernel/classes/wire';
import type { ToolResult } from '../../src/kernel/runTool';
import type { StudyForgeDb } from '../database/database';
import type { AssignmentRow } from '../database/schema';
import { checkLevel, toolOrRefuse } from './assignmentRoutes';
import { askForClass } from './classAsk';
import { announceClass } from './classEvents';
import type { ClassRouteDeps } from './deps';
import { ClassRuleError, parsedBody, withAssignment } from './door';
import { classBodyLimit, classHandler, signedIn } from './routeKit';
import { rosterOf, rosterPseudonyms } from './rosterNames';
import { runInputs } from './toolInputs';

/*
 * A student runs an assigned tool (anything but a quiz, whose questions are
 * answered one at a time). The server, not the form, decides what is sent:
 * the teacher's locked and hidden presets over the student's inputs, the
 * AI-use level checked again, the hidden instructions and the group's
 * language and level added outside the student's data, the class's names
 * replaced before the model and put back after, and an answer that repeats
 * the hidden instructions withheld. What was made is kept as the student's
 * work in the class.
 */

/** Runs one student may start a minute: each is a model call the school pays for. */
export const RUNS_PER_MINUTE = 12;

/**
 * The hidden instructions, read by the server itself: no member may select
 * them (row-level security keeps them to teachers), yet they go into the
 * member's prompt. Read only after the door has let the member in.
 */
async function hiddenInstructions(db: StudyForgeDb, assignment: AssignmentRow): Promise<string> {
  const row = await db.system.selectFrom('assignment_secrets').select('instructions').where('assignment_id', '=', assignment.id).where('class_id', '=', assignment.class_id).executeTakeFirst();
  return row?.instructions ?? '';
}

/** The result as kept in the class's work: whole when it fits the work's limit, else its start as text. */
export function workDetail(toolId: string, result: ToolResult): unknown {
  const whole = { toolId, result };
  if (Buffer.byteLength(JSON.stringify(whole)) <= CLASS_LIMITS.workDetailBytes) return whole;
  const text = result.kind === 'text' ? result.text : JSON.stringify(result.data);
  // A quarter of the limit in characters stays under it in bytes whatever the script (at most 4 bytes a character).
  return { toolId, result: { kind: 'text', text: text.slice(0, CLASS_LIMITS.workDetailBytes / 4) }, cut: true };
}

export function addRunRoutes(app: Hono, deps: ClassRouteDeps): void {
  const { db } = deps;

  app.post('/api/classes/:classId/assignments/:assignmentId/run', deps.requireUser, classBodyLimit, classHandler(async (c) => {
    const user = signedIn(c);
    const classId = c.req.param('classId') ?? '';
    const assignmentId = c.req.param('assignmentId') ?? '';
    const access = await withAssignment(db, user, classId, assignmentId, 'member', async (_trx, found) => found, { writes: true, now: deps.now });
    const body = await parsedBody(c, runToolBody);
    const row = access.assignment;
    const tool = await toolOrRefuse(row.tool_id);
    if (isServerQuiz(tool)) throw new ClassRuleError(400, CLASS_MESSAGES.quizOnly);
    checkLevel(row.ai_level, tool);
    const values = runInputs(tool, row.presets, body.inputs);
    const decision = await deps.limitStore.consume(`class-run:${user.id}`, 60_000, RUNS_PER_MINUTE);
    if (!decision.allowed) throw new ClassRuleError(429, `Too many runs in a minute. Try again in ${decision.retryAfterSeconds} seconds.`);

    const group = row.groups.find((candidate) => candidate.name === access.groupName);
    const read = group ? groupOutput(group) : null;
    const result = await askForClass({
      tool,
      values,
      hidden: await hiddenInstructions(db, row),
      output: read && 'options' in read ? read.options : null,
      roster: rosterPseudonyms(await rosterOf(db, access.classId)),
      model: deps.model,
    });

    await withAssignment(db, user, classId, assignmentId, 'member', async (trx, again) => {
      await trx
        .insertInto('class_work')
        .values({ id: randomUUID(), assignment_id: again.assignment.id, class_id: again.classId, user_id: user.id, kind: 'generated', detail: JSON.stringify(workDetail(tool.id, result)) })
        .execute();
    }, { writes: true, now: deps.now });
    await announceClass(db, access.classId, row.id);
    const reply: RunToolReply = { result, aiGenerated: true };
    return c.json(reply);
  }));
}
