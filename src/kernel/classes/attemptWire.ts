import { z } from 'zod';
import { CLASS_LIMITS } from './limits';
import { text } from './wireFields';

/*
 * A student's quiz attempt, progress and help requests, and the teacher's
 * results: the bodies and replies of the class routes that carry work back.
 * A question reaches a student without its answer; a verdict names the right
 * option only once that question is answered.
 */

/** Where a student is with an assignment. */
export type AssignmentStatus = 'not-started' | 'started' | 'finished';

/** A quiz question as a student sees it before answering: no answer. */
export interface QuestionForStudent {
  question: string;
  options: string[];
  difficulty?: string;
}

export interface AnswerVerdict {
  question: number;
  chosen: string;
  correct: boolean;
  /** Sent only once this question is answered. */
  correctOption: string;
  score: AttemptScore;
}

export interface AttemptScore {
  score: number;
  total: number;
  answered: number;
  finishedAt: string | null;
}

export interface AttemptState {
  attemptId: string;
  verdicts: AnswerVerdict[];
  score: AttemptScore;
}

export const startAttemptBody = z.strictObject({ attemptId: z.uuid() });
export const answerBody = z.strictObject({
  question: z.number().int().min(0).max(CLASS_LIMITS.questions - 1),
  chosen: z.string().max(CLASS_LIMITS.chosenChars),
});
export const remediationBody = z.strictObject({ question: z.number().int().min(0).max(CLASS_LIMITS.questions - 1) });
export const finishBody = z.strictObject({});

export interface Remediation {
  diagnosis: string;
  microLesson: string;
  followUpQuestion: { question: string; options: string[]; answer: string; difficulty?: string };
}

export const progressBody = z.discriminatedUnion('kind', [
  z.strictObject({ kind: z.literal('study'), reviewed: z.number().int().min(0).max(10_000), remembered: z.number().int().min(0).max(10_000) }),
  z.strictObject({ kind: z.literal('time'), seconds: z.number().int().min(1).max(CLASS_LIMITS.timeSecondsPerReport) }),
  z.strictObject({ kind: z.literal('refined'), detail: z.strictObject({ change: text(200), versions: z.number().int().min(1).max(100) }) }),
]);
export type ProgressBody = z.input<typeof progressBody>;

export const helpBody = z.strictObject({ note: text(CLASS_LIMITS.helpNoteChars).default('') });
export const resolveHelpBody = z.strictObject({ resolved: z.literal(true) });

// ---- results -------------------------------------------------------------

export interface StudentResult {
  userId: string;
  name: string;
  group: string | null;
  status: AssignmentStatus;
  score: number | null;
  total: number | null;
  answers: { question: number; chosen: string; correct: boolean; remediationUsed: boolean }[];
  timeSeconds: number;
  studied: { reviewed: number; remembered: number };
  workCount: number;
}

export interface QuestionResult {
  question: number;
  text: string;
  correctOption: string;
  answered: number;
  correct: number;
  /** Wrong options by how often they were chosen, most first. */
  wrongOptions: { option: string; count: number }[];
}

export interface HelpRequest {
  id: string;
  userId: string;
  name: string;
  note: string;
  createdAt: string;
  resolved: boolean;
}

export interface ClassResults {
  assignmentId: string;
  students: StudentResult[];
  questions: QuestionResult[];
  /** Question indexes, most missed first (only questions someone missed). */
  mostMissed: number[];
  help: HelpRequest[];
}

/** The live stream's one event: something changed for this assignment (fetch the results again). */
export interface ClassChangedEvent {
  assignmentId: string;
}
