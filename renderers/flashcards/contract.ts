import { z } from 'zod';
import { rendererContract } from '../../src/kernel/rendererContract';

/** A deck of question-and-answer cards. */
export const flashcardsContract = rendererContract({
  reads: 'a list of cards, each { question: string, answer: string }',
  kind: 'json',
  result: z.array(z.object({ question: z.string(), answer: z.string() })).min(1),
  options: z.strictObject({}),
});
