import * as z from 'zod/mini';
import { MAX_ATTEMPTS, type FinishedQuiz, type QuizAttempt } from './attempt';

/*
 * A finished quiz, as its history keeps it: when, the score, and
 * which questions were missed (by their place in the saved quiz), so the
 * project page can show attempts over time and replay only the missed ones.
 */

export type { FinishedQuiz, QuizAttempt } from './attempt';
export { MAX_ATTEMPTS } from './attempt';

export const quizAttemptSchema = z.object({
  id: z.string().check(z.minLength(1), z.maxLength(40)),
  at: z.string().check(z.refine((s) => !Number.isNaN(Date.parse(s)), 'is not a date')),
  score: z.number().check(z.int(), z.minimum(0), z.maximum(1000)),
  total: z.number().check(z.int(), z.minimum(1), z.maximum(1000)),
  missed: z.array(z.number().check(z.int(), z.minimum(0), z.maximum(999))).check(z.maxLength(1000)),
});
// The schema reads exactly the plain type of attempt.ts (which tool pages use without loading this schema): a compile-time check.
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
export const schemaMatchesAttempt: Same<z.infer<typeof quizAttemptSchema>, QuizAttempt> = true;

/** The attempts that can be read, oldest first, without repeats; each unreadable one is logged and left out. */
export function readableAttempts(values: readonly unknown[], where: string): QuizAttempt[] {
  const byId = new Map<string, QuizAttempt>();
  for (const value of values) {
    const parsed = z.safeParse(quizAttemptSchema, value);
    if (parsed.success) byId.set(parsed.data.id, parsed.data);
    else console.warn(`[quiz history] ${where}: discarding an unreadable attempt`, parsed.error.issues);
  }
  // By time only: the sort is stable, so attempts in the same millisecond keep the order they were made in.
  return [...byId.values()].sort((a, b) => a.at.localeCompare(b.at)).slice(-MAX_ATTEMPTS);
}

/** A retry of some questions, reported in the saved quiz's own numbering. */
export function inOriginalNumbering(finished: FinishedQuiz, asked: readonly number[]): FinishedQuiz {
  return { ...finished, missed: finished.missed.map((i) => asked[i] ?? i) };
}
