import { z } from 'zod';

/*
 * The questions of either quiz in one shape. The tool's own schema has
 * already validated the result; this reading is deliberately looser (any
 * `type` string) so that an item type this screen does not know reaches the
 * screen and is reported as 'Unknown question type' instead of breaking it.
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
}

const rawItem = z.object({
  question: z.string(),
  options: z.array(z.string()).default([]),
  answer: z.string().default(''),
  type: z.string().optional(),
  difficulty: z.string().optional(),
});

const rawQuiz = z.array(rawItem);

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

/** The quiz in a result's data, or null when the data is not a list of questions at all. */
export function quizItemsOf(data: unknown): QuizItem[] | null {
  const parsed = rawQuiz.safeParse(data);
  if (!parsed.success) return null;
  return parsed.data.map(({ question, options, answer, type, difficulty }) => {
    const kind = kindOf(type);
    return {
      kind,
      question,
      options: kind === 'fill' || kind === 'unknown' ? [] : options,
      answer,
      ...(difficulty === undefined ? {} : { difficulty }),
      ...(type === undefined ? {} : { type }),
    };
  });
}

export const kindLabels: Record<QuizItemKind, string> = {
  choice: 'Multiple choice',
  trueFalse: 'True or false',
  fill: 'Fill in the blank',
  unknown: 'Unknown',
};
