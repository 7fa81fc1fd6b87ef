/*
 * A finished quiz and an attempt as the quiz history keeps it:
 * the plain types, for the tool page, which records attempts without
 * loading the schema that reads them back (quizAttempts.ts).
 */

export interface FinishedQuiz {
  score: number;
  total: number;
  /** Indexes of the questions answered wrongly or skipped, in the quiz that was taken. */
  missed: number[];
}

export interface QuizAttempt extends FinishedQuiz {
  /** Random, one per attempt: copies from two tabs or a file are told apart by it. */
  id: string;
  at: string;
}

/** At most this many attempts are kept per saved quiz (the oldest go first). */
export const MAX_ATTEMPTS = 100;
