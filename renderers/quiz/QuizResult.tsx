import './quiz.css';
import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { messageOf, messages } from '../../src/kernel/messages';
import { removeStored, storageKeys } from '../../src/kernel/stored/storage';
import { usePersistentState } from '../../src/ui/persistentState';
import { z } from 'zod';
import type { QuizItem } from './items';
import { defineRenderer, type ContractRendererProps } from '../shared/defineRenderer';
import { quizContract } from './contract';
import { quizReducer, quizStateSchema, restoredState, scoreOf, startedState, type QuizContext, type QuizEvent, type QuizState } from './quizMachine';
import { missedIndices, rightAnswerStillShown, type RightAnswer } from './outcome';
import { Playing } from './QuizViews';
import { Remediating } from './QuizRemediating';
import { Finished } from './QuizFinished';

/*
 * The quiz screen for both quizzes (spec 4): one question at a time, a
 * right answer marked on its own question until Next question, a
 * remediation lesson after a wrong answer, then the score and a review. The
 * transitions live in quizMachine.ts; this file only shows the state and
 * turns clicks and replies into events.
 */

interface QuizSessionProps extends Pick<ContractRendererProps<typeof quizContract>, 'runFollowUp' | 'reset' | 'resultId' | 'recordAttempt'> {
  items: readonly QuizItem[];
  context: QuizContext;
  stateKey: string;
}

/** One stored quiz per tool, tagged with the result it belongs to: a new Generate starts afresh, a reload resumes. */
const savedQuizSchema = z.object({ resultId: z.string(), state: quizStateSchema });

function QuizSession({ items, context, stateKey, resultId, runFollowUp, reset, recordAttempt }: QuizSessionProps) {
  const [saved, setSaved] = usePersistentState(stateKey, savedQuizSchema, () => ({ resultId, state: startedState(context) }));
  const stored = saved.resultId === resultId ? saved.state : startedState(context);
  const setStored = useCallback((next: QuizState) => setSaved({ resultId, state: next }), [resultId, setSaved]);
  const state = restoredState(stored, context);
  // Not stored: after a reload the quiz simply shows the question it has moved on to.
  const [rightAnswer, setRightAnswer] = useState<RightAnswer | null>(null);
  const shownRight = rightAnswer && rightAnswerStillShown(state, rightAnswer) ? rightAnswer : null;
  const headingRef = useRef<HTMLHeadingElement>(null);

  // Replies and clicks read the latest state, not the one their closure saw.
  const stateRef = useRef(state);
  useLayoutEffect(() => {
    stateRef.current = state;
  });
  const dispatch = useCallback(
    (event: QuizEvent) => {
      const before = stateRef.current;
      const next = quizReducer(before, event, context);
      if (next === before) return;
      stateRef.current = next;
      setStored(next);
      const justRight = event.type === 'answer' && before.status === 'playing' && next.status !== 'remediating';
      setRightAnswer(justRight ? { index: before.index, given: event.given } : null);
      if (next.status === 'finished' && before.status !== 'finished') {
        recordAttempt?.({ score: scoreOf(next), total: context.correctAnswers.length, missed: missedIndices(next.answers) });
      }
    },
    [context, setStored, recordAttempt],
  );

  // The remediation request follows the state, so it is also made again after a reload mid-request.
  const remediationIndex = state.status === 'remediating' && state.remediation.phase === 'loading' ? state.index : null;
  useEffect(() => {
    if (remediationIndex === null) return;
    const item = items[remediationIndex];
    const current = stateRef.current;
    const given = current.status === 'remediating' ? (current.answers[remediationIndex]?.given ?? '') : '';
    if (!item) return;
    const controller = new AbortController();
    Promise.resolve()
      .then(() =>
        runFollowUp(
          'remediation',
          { question: item.question, studentAnswer: given.trim(), correctAnswer: item.answer },
          controller.signal,
        ),
      )
      .then(
        (remediation) => {
          if (!controller.signal.aborted) dispatch({ type: 'remediationLoaded', index: remediationIndex, remediation });
        },
        (error: unknown) => {
          if (controller.signal.aborted) return;
          dispatch({ type: 'remediationFailed', index: remediationIndex, message: messageOf(error) });
        },
      );
    return () => controller.abort();
  }, [remediationIndex, items, runFollowUp, dispatch]);

  // Each new view takes focus, so keyboard and screen-reader users land on it rather than on the page top.
  // A right answer kept in view is still its question's view: focus goes to its Next button instead (QuizViews).
  const viewKey = shownRight
    ? `playing-${shownRight.index}`
    : state.status === 'playing' || state.status === 'remediating'
      ? `${state.status}-${state.index}`
      : state.status;
  const shownView = useRef(viewKey);
  useEffect(() => {
    if (shownView.current === viewKey) return;
    shownView.current = viewKey;
    headingRef.current?.focus();
  }, [viewKey]);

  const createAnother = () => {
    dispatch({ type: 'reset' });
    removeStored(storageKeys.rendererState(stateKey));
    reset();
  };

  if (shownRight) {
    const item = items[shownRight.index];
    // Keyed like the question's own view: the same view stays mounted, so its live region announces the verdict.
    if (item) {
      return (
        <Playing
          key={shownRight.index}
          item={item}
          index={shownRight.index}
          total={items.length}
          rightAnswer={shownRight.given}
          onNext={() => setRightAnswer(null)}
          headingRef={headingRef}
          dispatch={dispatch}
        />
      );
    }
  }

  switch (state.status) {
    case 'idle':
      return null;
    case 'playing': {
      const item = items[state.index];
      if (!item) return null;
      return <Playing key={state.index} item={item} index={state.index} total={items.length} headingRef={headingRef} dispatch={dispatch} />;
    }
    case 'remediating': {
      const item = items[state.index];
      if (!item) return null;
      return (
        <Remediating
          item={item}
          index={state.index}
          total={items.length}
          given={(state.answers[state.index]?.given ?? '').trim()}
          remediation={state.remediation}
          headingRef={headingRef}
          dispatch={dispatch}
        />
      );
    }
    case 'finished':
      return <Finished items={items} state={state} headingRef={headingRef} onCreateAnother={createAnother} />;
  }
}

export default defineRenderer(quizContract, function QuizResult({ tool, data: items, options, resultId, language, progressKey, runFollowUp, reset, recordAttempt }) {
  const compare = options.compareAnswers;
  const context = useMemo<QuizContext>(() => ({ correctAnswers: items.map((i) => i.answer), compare, language }), [items, compare, language]);
  const stateKey = `quiz:${progressKey ?? tool.id}`;
  // Keyed by the result, so a new quiz mounts with fresh state.
  return (
    <div className="quiz-result">
      <QuizSession
        key={resultId}
        resultId={resultId}
        items={items}
        context={context}
        stateKey={stateKey}
        runFollowUp={runFollowUp}
        reset={reset}
        recordAttempt={recordAttempt}
      />
    </div>
  );
});
