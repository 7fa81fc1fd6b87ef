import { describe, expect, it } from 'vitest';
import {
  followUpVerdict,
  idleState,
  quizReducer,
  quizStateSchema,
  restoredState,
  scoreOf,
  startedState,
  type QuizContext,
  type QuizEvent,
  type QuizState,
  type Remediation,
} from './quizMachine';

const context: QuizContext = { correctAnswers: ['Paris', 'True', 'equal'], compare: 'exact' };
const loose: QuizContext = { ...context, compare: 'caseInsensitive' };

const lesson: Remediation = {
  diagnosis: 'You mixed up two capitals.',
  microLesson: 'Paris has been the capital of France for centuries.',
  followUpQuestion: { question: 'Capital of France?', options: ['Lyon', 'Paris', 'Nice', 'Lille'], answer: 'Paris', difficulty: 'Easy' },
};

/** Runs events from a state, as the screen would one click at a time. */
function run(events: QuizEvent[], from: QuizState = idleState, ctx: QuizContext = context): QuizState {
  return events.reduce((state, event) => quizReducer(state, event, ctx), from);
}

const wrongOnFirst = run([{ type: 'start' }, { type: 'answer', given: 'Lyon' }]);
const lessonReady = quizReducer(wrongOnFirst, { type: 'remediationLoaded', index: 0, remediation: lesson }, context);

describe('start', () => {
  it('moves idle to playing at question 0 with empty answers', () => {
    expect(quizReducer(idleState, { type: 'start' }, context)).toEqual({ status: 'playing', index: 0, answers: [] });
    expect(startedState(context)).toEqual({ status: 'playing', index: 0, answers: [] });
  });

  it('does not restart a quiz in progress', () => {
    const playing = run([{ type: 'start' }, { type: 'answer', given: 'Paris' }]);
    expect(quizReducer(playing, { type: 'start' }, context)).toBe(playing);
  });

  it('finishes at once an empty quiz', () => {
    expect(startedState({ correctAnswers: [], compare: 'exact' })).toEqual({ status: 'finished', answers: [] });
  });

  it('ignores everything but start and reset while idle', () => {
    expect(quizReducer(idleState, { type: 'answer', given: 'Paris' }, context)).toBe(idleState);
    expect(quizReducer(idleState, { type: 'continue' }, context)).toBe(idleState);
  });
});

describe('answering', () => {
  it('advances to the next question on a right answer', () => {
    expect(run([{ type: 'start' }, { type: 'answer', given: 'Paris' }])).toEqual({
      status: 'playing',
      index: 1,
      answers: [{ given: 'Paris', correct: true }],
    });
  });

  it('finishes after a right answer to the last question', () => {
    const state = run([
      { type: 'start' },
      { type: 'answer', given: 'Paris' },
      { type: 'answer', given: 'True' },
      { type: 'answer', given: 'equal' },
    ]);
    expect(state.status).toBe('finished');
    expect(scoreOf(state)).toBe(3);
  });

  it('moves to remediating, loading, on a wrong answer, keeping the answer given', () => {
    expect(wrongOnFirst).toEqual({
      status: 'remediating',
      index: 0,
      answers: [{ given: 'Lyon', correct: false }],
      remediation: { phase: 'loading' },
    });
  });

  it('compares per the context: exact keeps case, caseInsensitive trims and folds case', () => {
    const answers = [{ given: 'Paris', correct: true }, { given: 'True', correct: true }];
    const fib: QuizState = { status: 'playing', index: 2, answers };
    expect(quizReducer(fib, { type: 'answer', given: ' Equal ' }, context).status).toBe('remediating');
    expect(quizReducer(fib, { type: 'answer', given: ' Equal ' }, loose)).toEqual({
      status: 'finished',
      answers: [...answers, { given: ' Equal ', correct: true }],
    });
  });

  it('ignores a blank answer (an answer is required)', () => {
    const playing = startedState(context);
    expect(quizReducer(playing, { type: 'answer', given: '' }, context)).toBe(playing);
    expect(quizReducer(playing, { type: 'answer', given: '   ' }, loose)).toBe(playing);
  });

  it('skips a question (an unknown item type) as not right, then moves on or finishes', () => {
    expect(run([{ type: 'start' }, { type: 'skip' }])).toEqual({ status: 'playing', index: 1, answers: [{ given: null, correct: false }] });
    const end = run([{ type: 'start' }, { type: 'answer', given: 'Paris' }, { type: 'answer', given: 'True' }, { type: 'skip' }]);
    expect(end.status).toBe('finished');
    expect(scoreOf(end)).toBe(2);
  });

  it('ignores remediation events while playing', () => {
    const playing = startedState(context);
    expect(quizReducer(playing, { type: 'remediationLoaded', index: 0, remediation: lesson }, context)).toBe(playing);
    expect(quizReducer(playing, { type: 'followUpAnswered', option: 'Paris' }, context)).toBe(playing);
    expect(quizReducer(playing, { type: 'continue' }, context)).toBe(playing);
  });
});

describe('remediating', () => {
  it('shows the lesson once it loads, with no follow-up answer yet', () => {
    expect(lessonReady).toEqual({
      ...wrongOnFirst,
      remediation: { phase: 'ready', lesson, followUpAnswer: null },
    });
  });

  it('records a failure, and retry goes back to loading', () => {
    const failed = quizReducer(wrongOnFirst, { type: 'remediationFailed', index: 0, message: 'Request failed with status 500' }, context);
    expect(failed).toEqual({ ...wrongOnFirst, remediation: { phase: 'failed', message: 'Request failed with status 500' } });
    expect(quizReducer(failed, { type: 'retry' }, context)).toEqual(wrongOnFirst);
    expect(quizReducer(failed, { type: 'remediationLoaded', index: 0, remediation: lesson }, context)).toBe(failed);
  });

  it('ignores a reply for another question or one arriving after the lesson', () => {
    expect(quizReducer(wrongOnFirst, { type: 'remediationLoaded', index: 1, remediation: lesson }, context)).toBe(wrongOnFirst);
    expect(quizReducer(wrongOnFirst, { type: 'remediationFailed', index: 1, message: 'x' }, context)).toBe(wrongOnFirst);
    expect(quizReducer(lessonReady, { type: 'remediationFailed', index: 0, message: 'x' }, context)).toBe(lessonReady);
    expect(quizReducer(lessonReady, { type: 'retry' }, context)).toBe(lessonReady);
  });

  it('marks the follow-up answered, right or wrong, and locks it', () => {
    const right = quizReducer(lessonReady, { type: 'followUpAnswered', option: 'Paris' }, context);
    expect(right.status === 'remediating' && right.remediation).toEqual({ phase: 'ready', lesson, followUpAnswer: 'Paris' });
    expect(right.status === 'remediating' && followUpVerdict(right.remediation)).toBe(true);
    // Locked: a second pick changes nothing.
    expect(quizReducer(right, { type: 'followUpAnswered', option: 'Lyon' }, context)).toBe(right);

    const wrong = quizReducer(lessonReady, { type: 'followUpAnswered', option: 'Nice' }, context);
    expect(wrong.status === 'remediating' && followUpVerdict(wrong.remediation)).toBe(false);
  });

  it('has no verdict before a pick, and ignores a pick that is not an option or comes while loading', () => {
    expect(lessonReady.status === 'remediating' && followUpVerdict(lessonReady.remediation)).toBeNull();
    expect(quizReducer(lessonReady, { type: 'followUpAnswered', option: 'Marseille' }, context)).toBe(lessonReady);
    expect(quizReducer(wrongOnFirst, { type: 'followUpAnswered', option: 'Paris' }, context)).toBe(wrongOnFirst);
  });

  it('ignores answers to the main question meanwhile', () => {
    expect(quizReducer(lessonReady, { type: 'answer', given: 'Paris' }, context)).toBe(lessonReady);
  });

  it('continue clears the remediation and moves to the next question, keeping the wrong first try', () => {
    const answered = quizReducer(lessonReady, { type: 'followUpAnswered', option: 'Paris' }, context);
    expect(quizReducer(answered, { type: 'continue' }, context)).toEqual({
      status: 'playing',
      index: 1,
      answers: [{ given: 'Lyon', correct: false }],
    });
  });

  it('continue works without a follow-up answer, and after a failure', () => {
    expect(quizReducer(lessonReady, { type: 'continue' }, context)).toMatchObject({ status: 'playing', index: 1 });
    const failed = quizReducer(wrongOnFirst, { type: 'remediationFailed', index: 0, message: 'offline' }, context);
    expect(quizReducer(failed, { type: 'continue' }, context)).toMatchObject({ status: 'playing', index: 1 });
  });

  it('continue after the last question finishes the quiz', () => {
    const lastWrong = run([
      { type: 'start' },
      { type: 'answer', given: 'Paris' },
      { type: 'answer', given: 'True' },
      { type: 'answer', given: 'unequal' },
      { type: 'remediationLoaded', index: 2, remediation: lesson },
      { type: 'continue' },
    ]);
    expect(lastWrong).toEqual({
      status: 'finished',
      answers: [
        { given: 'Paris', correct: true },
        { given: 'True', correct: true },
        { given: 'unequal', correct: false },
      ],
    });
  });
});

describe('finished and reset', () => {
  const finished = run([
    { type: 'start' },
    { type: 'answer', given: 'Paris' },
    { type: 'answer', given: 'False' },
    { type: 'continue' },
    { type: 'answer', given: 'equal' },
  ]);

  it('scores first-try right answers only, out of the total', () => {
    expect(finished.status).toBe('finished');
    expect(scoreOf(finished)).toBe(2);
    expect(scoreOf(idleState)).toBe(0);
    expect(scoreOf(startedState(context))).toBe(0);
  });

  it('ignores further answers once finished', () => {
    expect(quizReducer(finished, { type: 'answer', given: 'Paris' }, context)).toBe(finished);
    expect(quizReducer(finished, { type: 'start' }, context)).toBe(finished);
  });

  it('reset goes back to idle from every state', () => {
    for (const state of [startedState(context), wrongOnFirst, lessonReady, finished, idleState]) {
      expect(quizReducer(state, { type: 'reset' }, context)).toEqual({ status: 'idle' });
    }
  });
});

describe('stored state', () => {
  it('round-trips every state through the storage schema', () => {
    for (const state of [idleState, startedState(context), wrongOnFirst, lessonReady]) {
      expect(quizStateSchema.parse(JSON.parse(JSON.stringify(state)))).toEqual(state);
    }
  });

  it('rejects a malformed stored value', () => {
    expect(quizStateSchema.safeParse({ status: 'playing', index: -1, answers: [] }).success).toBe(false);
    expect(quizStateSchema.safeParse({ status: 'remediating', index: 0, answers: [] }).success).toBe(false);
    expect(quizStateSchema.safeParse({ status: 'won' }).success).toBe(false);
  });

  it('keeps a state that fits the quiz, and starts afresh from one that does not', () => {
    expect(restoredState(lessonReady, context)).toBe(lessonReady);
    expect(restoredState(idleState, context)).toEqual(startedState(context));
    expect(restoredState({ status: 'playing', index: 7, answers: [] }, context)).toEqual(startedState(context));
    expect(restoredState({ status: 'playing', index: 1, answers: [] }, context)).toEqual(startedState(context));
    expect(restoredState({ status: 'remediating', index: 0, answers: [], remediation: { phase: 'loading' } }, context)).toEqual(startedState(context));
    expect(restoredState({ status: 'finished', answers: [] }, context)).toEqual(startedState(context));
  });
});
