import { z } from 'zod';

/*
 * The questions of either quiz in one shape. The tool's own schema has
 * already validated the result; the quiz contract's reading is deliberately
 * looser (any `type` string) so that an item type this screen does not know
 * reaches the screen and is reported as 'Unknown question type' instead of
 * breaking it.
 */

export type QuizItemKind = 'choice' | 'trueFalse' | 'fill' | 'unknown';

export interface QuizItem {
  kind: QuizItemKind;
  question: string;
  /** Empty for fill-in-the-blank and unknown items. */
  options: readonly string[];
  answer: string;
  /** QuizWhiz questions carry one (Easy, Medium, Hard). */
  difficulty?: string;
  /** The item's declared type, kept so an unknown one can be named in logs. */
  type?: string;
  /** Why the answer is right, when the tool's result gives one: shown when a missed question is reviewed. */
  explanation?: string;
}

export const rawQuizItem = z.object({
  question: z.string(),
  options: z.array(z.string()).default([]),
  answer: z.string().default(''),
  type: z.string().optional(),
  difficulty: z.string().optional(),
  explanation: z.string().optional(),
});


function kindOf(type: string | undefined): QuizItemKind {
  switch (type) {
    // QuizWhiz items have no type: they are all multiple choice.
    case undefined:
    case 'MCQ':
      return 'choice';
    case 'TF':
      return 'trueFalse';
    case 'FIB':
      return 'fill';
    default:
      return 'unknown';
  }
}

/** The questions in one shape, from items the quiz contract has parsed. */
export function quizItemsFrom(items: readonly z.output<typeof rawQuizItem>[]): QuizItem[] {
  return items.map(({ question, options, answer, type, difficulty, explanation }) => {
    const kind = kindOf(type);
    return {
      kind,
      question,
      options: kind === 'fill' || kind === 'unknown' ? [] : options,
      answer,
      ...(difficulty === undefined ? {} : { difficulty }),
      ...(type === undefined ? {} : { type }),
      ...(explanation === undefined || explanation.trim() === '' ? {} : { explanation }),
    };
  });
}

export const kindLabels: Record<QuizItemKind, string> = {
  choice: 'Multiple choice',
  trueFalse: 'True or false',
  fill: 'Fill in the blank',
  unknown: 'Unknown',
};
