import type { AnswerRecord, QuizState } from './quizMachine';

/*
 * What the quiz screen says about answers beyond the state machine:
 * the right answer just given, kept on screen until the student moves on,
 * and how the finished quiz went. Pure, so each rule is unit-tested.
 */

/**
 * A right answer just given. Spec 4 moves the machine on at once, and it
 * still does (the answer is recorded, a last answer finishes the quiz); the
 * screen keeps the answered question in view, marked, until "Next question",
 * so nobody is rushed past the verdict.
 */
export interface RightAnswer {
  index: number;
  given: string;
}

/**
 * Whether the state is still the one that right answer led to. Anything else
 * (another tab moved the quiz on, a reset, a stored state from elsewhere)
 * shows the state itself rather than a stale verdict.
 */
export function rightAnswerStillShown(state: QuizState, shown: RightAnswer): boolean {
  if (state.status !== 'playing' && state.status !== 'finished') return false;
  const record = state.answers[shown.index];
  if (!record?.correct || record.given !== shown.given) return false;
  return state.answers.length === shown.index + 1;
}

/** The questions answered wrongly or skipped, by index, in quiz order. */
export function missedIndices(answers: readonly AnswerRecord[]): number[] {
  return answers.flatMap((answer, i) => (answer.correct ? [] : [i]));
}

/** How the quiz went: every question right, at least half right, or fewer than half. */
export type ScoreBand = 'all' | 'most' | 'few';

export function scoreBand(score: number, total: number): ScoreBand {
  if (score >= total) return 'all';
  return score * 2 >= total ? 'most' : 'few';
}

/** The end screen's words for each band: a title and a line that says what to do next. */
export const bandWords: Record<ScoreBand, { title: string; message: string }> = {
  all: { title: 'Perfect score!', message: 'You got every question right.' },
  most: { title: 'Good work!', message: 'Review the ones you missed to make them stick.' },
  few: { title: 'Keep practising', message: 'These are worth another look: review the ones you missed, then try a new quiz.' },
};
