import { z } from 'zod';
import type { FollowUpCall } from '../../src/kernel/defineTool';

/*
 * The call both quizzes make after a wrong answer (spec 4): a diagnosis, a
 * micro-lesson and an Easy follow-up question. Files in registry/shared/ are
 * not tools; they hold what several registry files declare alike.
 */

const followUpQuestion = z
  .object({
    question: z.string().min(1).describe('Question'),
    options: z.array(z.string().min(1)).length(4).describe('Options'),
    answer: z.string().min(1).describe('Answer'),
    difficulty: z.literal('Easy').describe('Difficulty'),
  })
  .refine((q) => q.options.includes(q.answer), { message: 'The answer must be one of the options.', path: ['answer'] });

export const remediationResult = z.object({
  diagnosis: z.string().min(1).describe('What went wrong'),
  microLesson: z.string().min(1).describe('Micro-lesson'),
  followUpQuestion: followUpQuestion.describe('Try this one'),
});

export type Remediation = z.output<typeof remediationResult>;

/** @param quiz how the student's quiz is described to the tutor, e.g. 'a multiple-choice revision quiz'. */
export function remediationCall(quiz: string, example: z.input<typeof remediationResult>): FollowUpCall<typeof remediationResult> {
  return {
    prompt: `You are a kind, encouraging tutor. A student taking ${quiz} just answered a question wrongly.

Help them in three parts:
- What went wrong: one or two short, kind sentences naming the most likely misunderstanding behind their answer. Do not scold, and do not just repeat that the answer was wrong.
- A micro-lesson of 60 to 100 words that fixes that misunderstanding, with one concrete example. Plain language, no headings.
- A question to try: one new, Easy multiple-choice question on the same idea (not a copy of the original), with the answer copied exactly from its options.

Be accurate. If the student's answer is actually also defensible, say so kindly in the diagnosis and use the micro-lesson to explain why the expected answer is the better one.

The question:
{{question}}

The student's answer:
{{studentAnswer}}

The correct answer:
{{correctAnswer}}`,
    result: remediationResult,
    example,
  };
}
