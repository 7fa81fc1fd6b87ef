import { z } from 'zod';
import { rendererContract } from '../../src/kernel/rendererContract';
import { compareModes } from './answers';
import { quizItemsFrom, rawQuizItem } from './items';
import { remediationSchema } from './quizMachine';

/*
 * The quiz screen reads a list of questions, compares answers as its options
 * say, and after a wrong answer calls the tool's `remediation` follow-up with
 * the question, the student's answer and the correct one.
 */
export const quizContract = rendererContract({
  reads: 'a list of questions, each { question, answer, options?, type?, difficulty?, explanation? }',
  kind: 'json',
  result: z.array(rawQuizItem).min(1).transform(quizItemsFrom),
  options: z.strictObject({ compareAnswers: z.enum(compareModes).default('exact') }),
  followUps: {
    remediation: { context: ['question', 'studentAnswer', 'correctAnswer'], result: remediationSchema },
  },
  // The generic view of a quiz would show every answer before the first question.
  unreadable: 'invalid-format',
});
