import type { Hono } from 'hono';
import { z } from 'zod';
import type { ToolDeclaration } from '../../src/kernel/defineTool';
import { runFollowUp } from '../../src/kernel/runTool';
import { CLASS_MESSAGES, remediationBody, type Remediation } from '../../src/kernel/classes/wire';
import { groupOutput } from '../../src/kernel/classes/groupOutput';
import { outputInstruction } from '../../src/kernel/output/outputInstruction';
import type { AssignmentRow } from '../database/schema';
import type { ClassRouteDeps } from './deps';
import { ClassRuleError, parsedBody } from './door';
import { announceChange, asMemberWriting } from './memberWrites';
import { quizFor, type KeyQuestion } from './quizKey';
import { classBodyLimit, classHandler, signedIn } from './routeKit';
import { RUNS_PER_MINUTE } from './runRoutes';
import { ownAttempt } from './scoring';
import { loadServerTool } from './serverTools';

/*
 * "Show me why" after a wrong answer: the quiz tool's own 'remediation'
 * follow-up, asked on the server (the browser has no answer key to give
 * it) with what the quiz screen gives it in the browser: the question, the
 * student's answer and the right one. The student's answer is one of the
 * options (or one typed word), never free text of theirs, and goes into
 * the prompt as data like every follow-up value.
 *
 * The lesson is written in the language and reading level of the group
 * whose quiz the student took, and counts against the same per-minute
 * budget as a student's runs of an assigned tool: each is a model call.
 *
 * Three steps, so no transaction waits on the model (on the embedded
 * database one held through a model call would hold up every request):
 * read what the tutor needs as the student, ask the model, then mark the
 * answer's remediation as used. A model that fails changes nothing.
 */

const remediationReply = z.object({
  diagnosis: z.string(),
  microLesson: z.string(),
  followUpQuestion: z.object({ question: z.string(), options: z.array(z.string()), answer: z.string(), difficulty: z.string().optional() }),
});

/** The question with its options, so the tutor knows what the student chose between. */
function questionWithOptions(question: KeyQuestion): string {
  if (question.options.length === 0) return question.question;
  return `${question.question}\n\nThe options were:\n${question.options.map((option) => `- ${option}`).join('\n')}`;
}

/** The language and reading level the group's quiz was made in, as the model is told them (none: the tool's own). */
function groupInstructions(assignment: AssignmentRow, groupName: string): string[] {
  const group = assignment.groups.find((candidate) => candidate.name === groupName);
  const read = group ? groupOutput(group) : null;
  return read && 'options' in read ? [outputInstruction(read.options)] : [];
}

export const TOO_MANY_LESSONS = (seconds: number) => `Too many requests in a minute. Try again in ${seconds} seconds.`;

export type ToolLoader = (toolId: string) => Promise<ToolDeclaration | null>;

export function addRemediationRoutes(app: Hono, deps: ClassRouteDeps, loadTool: ToolLoader = loadServerTool): void {
  app.post(
    '/api/classes/:classId/assignments/:assignmentId/attempts/:attemptId/remediation',
    deps.requireUser,
    classBodyLimit,
    classHandler(async (c) => {
      const body = await parsedBody(c, remediationBody);
      const user = signedIn(c);
      const attemptId = c.req.param('attemptId');

      const asked = await asMemberWriting(deps, c, async (trx, access) => {
        const attempt = await ownAttempt(trx, access, user.id, attemptId);
        const { key } = await quizFor(trx, access, attempt.group_name, true);
        const question = key[body.question];
        if (!question) throw new ClassRuleError(400, CLASS_MESSAGES.noSuchQuestion);
        const answer = await trx.selectFrom('attempt_answers').select(['chosen', 'correct']).where('attempt_id', '=', attempt.id).where('question', '=', body.question).executeTakeFirst();
        if (!answer || answer.correct) throw new ClassRuleError(400, CLASS_MESSAGES.remediationAfterWrong);
        return { toolId: access.assignment.tool_id, question, chosen: answer.chosen, instructions: groupInstructions(access.assignment, attempt.group_name) };
      });

      const tool = await loadTool(asked.toolId);
      if (!tool?.followUps?.remediation) throw new ClassRuleError(400, CLASS_MESSAGES.notAQuiz);
      const decision = await deps.limitStore.consume(`class-run:${user.id}`, 60_000, RUNS_PER_MINUTE);
      if (!decision.allowed) throw new ClassRuleError(429, TOO_MANY_LESSONS(decision.retryAfterSeconds));
      let remediation: Remediation;
      try {
        const context = { question: questionWithOptions(asked.question), studentAnswer: asked.chosen, correctAnswer: asked.question.answer };
        const result = await runFollowUp(tool, 'remediation', context, deps.model.backend, { instructions: asked.instructions });
        remediation = remediationReply.parse(result.kind === 'json' ? result.data : null);
      } catch (error) {
        console.error('A remediation could not be made:', error instanceof Error ? error.message : error);
        throw new ClassRuleError(502, CLASS_MESSAGES.modelFailed);
      }

      await asMemberWriting(deps, c, async (trx, access) => {
        const attempt = await ownAttempt(trx, access, user.id, attemptId);
        await trx.updateTable('attempt_answers').set({ remediation_used: true }).where('attempt_id', '=', attempt.id).where('question', '=', body.question).execute();
      });
      await announceChange(deps, c);
      return c.json(remediation);
    }),
  );
}
