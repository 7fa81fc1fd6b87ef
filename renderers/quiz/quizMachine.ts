import { z } from 'zod';
import { answersMatch, type CompareMode } from './answers';

/*
 * The quiz screen's state machine (spec 4), pure so that every transition is
 * unit-tested without a browser:
 *
 *   idle --start--> playing(0)
 *   playing --answer right--> playing(next) | finished
 *   playing --answer wrong--> remediating(loading)
 *   playing --skip (unknown item type)--> playing(next) | finished
 *   remediating(loading) --remediationLoaded--> remediating(ready)
 *   remediating(loading) --remediationFailed--> remediating(failed) --retry--> remediating(loading)
 *   remediating(ready) --followUpAnswered--> remediating(ready, locked)
 *   remediating --continue--> playing(next) | finished
 *   any --reset--> idle
 *
 * Events that make no sense in the current state leave it unchanged, so a
 * late reply or a double click can never corrupt the quiz. The state is
 * stored between reloads, hence the zod schema.
 */

const answerRecord = z.object({
  /** What the student answered first time; null when the question was skipped. */
  given: z.string().nullable(),
  correct: z.boolean(),
});
export type AnswerRecord = z.infer<typeof answerRecord>;

export const remediationSchema = z.object({
  diagnosis: z.string(),
  microLesson: z.string(),
  followUpQuestion: z.object({
    question: z.string(),
    options: z.array(z.string()),
    answer: z.string(),
    difficulty: z.string().optional(),
  }),
});
export type Remediation = z.infer<typeof remediationSchema>;

const remediationPhase = z.discriminatedUnion('phase', [
  z.object({ phase: z.literal('loading') }),
  z.object({ phase: z.literal('failed'), message: z.string() }),
  z.object({ phase: z.literal('ready'), lesson: remediationSchema, followUpAnswer: z.string().nullable() }),
]);
export type RemediationPhase = z.infer<typeof remediationPhase>;

const index = z.number().int().min(0);
const answers = z.array(answerRecord);

export const quizStateSchema = z.discriminatedUnion('status', [
  z.object({ status: z.literal('idle') }),
  z.object({ status: z.literal('playing'), index, answers }),
  z.object({ status: z.literal('remediating'), index, answers, remediation: remediationPhase }),
  z.object({ status: z.literal('finished'), answers }),
]);
export type QuizState = z.infer<typeof quizStateSchema>;
export type QuizStatus = QuizState['status'];

export type QuizEvent =
  | { type: 'start' }
  | { type: 'answer'; given: string }
  | { type: 'skip' }
  /* The question index travels with a reply, so one arriving after the student moved on is ignored. */
  | { type: 'remediationLoaded'; index: number; remediation: Remediation }
  | { type: 'remediationFailed'; index: number; message: string }
  | { type: 'retry' }
  | { type: 'followUpAnswered'; option: string }
  | { type: 'continue' }
  | { type: 'reset' };

/** What the machine needs to know about the quiz: each question's correct answer, and how to compare. */
export interface QuizContext {
  correctAnswers: readonly string[];
  compare: CompareMode;
  /** The language the quiz is written in, whose case rules a case-insensitive comparison follows (default English). */
  language?: string;
}

export const idleState: QuizState = { status: 'idle' };

/** The next question after `index`, or the end of the quiz. */
function advance(index: number, answers: AnswerRecord[], total: number): QuizState {
  return index + 1 < total ? { status: 'playing', index: index + 1, answers } : { status: 'finished', answers };
}

export function quizReducer(state: QuizState, event: QuizEvent, context: QuizContext): QuizState {
  const total = context.correctAnswers.length;
  if (event.type === 'reset') return idleState;

  switch (state.status) {
    case 'idle':
      if (event.type !== 'start') return state;
      return total > 0 ? { status: 'playing', index: 0, answers: [] } : { status: 'finished', answers: [] };

    case 'playing': {
      if (event.type === 'skip') return advance(state.index, [...state.answers, { given: null, correct: false }], total);
      // Spec 5: an answer is required; a blank one is no answer at all.
      if (event.type !== 'answer' || event.given.trim() === '') return state;
      const expected = context.correctAnswers[state.index] ?? '';
      const correct = answersMatch(event.given, expected, context.compare, context.language);
      const recorded = [...state.answers, { given: event.given, correct }];
      if (correct) return advance(state.index, recorded, total);
      return { status: 'remediating', index: state.index, answers: recorded, remediation: { phase: 'loading' } };
    }

    case 'remediating': {
      const { remediation } = state;
      switch (event.type) {
        case 'remediationLoaded':
          if (remediation.phase !== 'loading' || event.index !== state.index) return state;
          return { ...state, remediation: { phase: 'ready', lesson: event.remediation, followUpAnswer: null } };
        case 'remediationFailed':
          if (remediation.phase !== 'loading' || event.index !== state.index) return state;
          return { ...state, remediation: { phase: 'failed', message: event.message } };
        case 'retry':
          return remediation.phase === 'failed' ? { ...state, remediation: { phase: 'loading' } } : state;
        case 'followUpAnswered':
          // The first pick locks the options: later picks change nothing.
          if (remediation.phase !== 'ready' || remediation.followUpAnswer !== null) return state;
          if (!remediation.lesson.followUpQuestion.options.includes(event.option)) return state;
          return { ...state, remediation: { ...remediation, followUpAnswer: event.option } };
        case 'continue':
          return advance(state.index, state.answers, total);
        default:
          return state;
      }
    }

    case 'finished':
      return state;
  }
}

/** The starting state for a quiz that has just arrived. */
export function startedState(context: QuizContext): QuizState {
  return quizReducer(idleState, { type: 'start' }, context);
}

/**
 * A stored state, if it still describes a quiz of this length; otherwise a
 * fresh start (a stored value is untrusted, like every stored value).
 */
export function restoredState(state: QuizState, context: QuizContext): QuizState {
  const total = context.correctAnswers.length;
  switch (state.status) {
    case 'idle':
      return startedState(context);
    case 'playing':
      return state.index < total && state.answers.length === state.index ? state : startedState(context);
    case 'remediating':
      return state.index < total && state.answers.length === state.index + 1 ? state : startedState(context);
    case 'finished':
      return state.answers.length === total ? state : startedState(context);
  }
}

/** First-try correct answers. */
export function scoreOf(state: QuizState): number {
  return state.status === 'idle' ? 0 : state.answers.filter((a) => a.correct).length;
}

/** Whether the follow-up pick was right; null until one is picked. Options are picked, not typed: exact match. */
export function followUpVerdict(remediation: RemediationPhase): boolean | null {
  if (remediation.phase !== 'ready' || remediation.followUpAnswer === null) return null;
  return remediation.followUpAnswer === remediation.lesson.followUpQuestion.answer;
}
