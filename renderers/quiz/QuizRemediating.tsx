import { useId, useRef, type RefObject } from 'react';
import { MathText } from '../shared/math';
import { ErrorBox } from '../../src/ui/ErrorBox';
import type { QuizItem } from './items';
import { followUpVerdict, type QuizEvent, type RemediationPhase } from './quizMachine';
import { OptionButtons } from './QuizViews';

/* The remediation after a wrong answer: why, a second question on the same point, and its verdict. */

interface RemediatingProps {
  item: QuizItem;
  index: number;
  total: number;
  given: string;
  remediation: RemediationPhase;
  headingRef: RefObject<HTMLHeadingElement | null>;
  dispatch(event: QuizEvent): void;
}

export function Remediating({ item, index, total, given, remediation, headingRef, dispatch }: RemediatingProps) {
  const ids = useId();
  const continueRef = useRef<HTMLButtonElement>(null);
  const verdict = followUpVerdict(remediation);
  const continueButton = (
    <button ref={continueRef} type="button" className="button button-primary" onClick={() => dispatch({ type: 'continue' })}>
      Continue Quiz
    </button>
  );

  return (
    <section className="quiz quiz-remediation" aria-labelledby={`${ids}-heading`} aria-busy={remediation.phase === 'loading'}>
      <p className="quiz-progress">Question {index + 1} of {total}</p>
      <h3 id={`${ids}-heading`} className="quiz-question" tabIndex={-1} ref={headingRef}>
        Not quite
      </h3>
      <div className="quiz-verdict">
        <p className="quiz-verdict-question"><MathText text={item.question} /></p>
        <dl className="quiz-answers">
          <dt>Your answer</dt>
          <dd>{given}</dd>
          <dt>Correct answer</dt>
          <dd><MathText text={item.answer} /></dd>
        </dl>
      </div>

      {remediation.phase === 'loading' && (
        <div className="quiz-busy" role="status">
          <span className="spinner" aria-hidden="true" />
          <span>Preparing a short lesson on this question...</span>
        </div>
      )}

      {remediation.phase === 'failed' && (
        <ErrorBox message={remediation.message}>
          <div className="quiz-actions">
            <button type="button" className="button" onClick={() => dispatch({ type: 'retry' })}>
              Retry
            </button>
            {continueButton}
          </div>
        </ErrorBox>
      )}

      {remediation.phase === 'ready' && (
        <>
          <section className="quiz-lesson" aria-labelledby={`${ids}-diagnosis`}>
            <h4 id={`${ids}-diagnosis`}>What went wrong</h4>
            <p className="result-text">{remediation.lesson.diagnosis}</p>
          </section>
          <section className="quiz-lesson" aria-labelledby={`${ids}-lesson`}>
            <h4 id={`${ids}-lesson`}>Micro-lesson</h4>
            <p className="result-text">{remediation.lesson.microLesson}</p>
          </section>
          <section className="quiz-lesson quiz-follow-up" aria-labelledby={`${ids}-try`}>
            <h4 id={`${ids}-try`}>Try this one</h4>
            {remediation.lesson.followUpQuestion.difficulty && (
              <span className="badge">Difficulty: {remediation.lesson.followUpQuestion.difficulty}</span>
            )}
            <p id={`${ids}-follow-up`} className="quiz-follow-up-question">{remediation.lesson.followUpQuestion.question}</p>
            <OptionButtons
              options={remediation.lesson.followUpQuestion.options}
              labelledBy={`${ids}-follow-up`}
              onPick={(option) => {
                dispatch({ type: 'followUpAnswered', option });
                // The picked button is now disabled and would drop focus; the next step is continuing.
                continueRef.current?.focus();
              }}
              reveal={
                remediation.followUpAnswer === null
                  ? undefined
                  : { picked: remediation.followUpAnswer, answer: remediation.lesson.followUpQuestion.answer }
              }
            />
            <p className={`quiz-feedback ${verdict ? 'quiz-feedback-right' : 'quiz-feedback-wrong'}`} role="status">
              {verdict === null
                ? null
                : verdict
                  ? 'Correct! You have got it now.'
                  : `Not quite: the answer is "${remediation.lesson.followUpQuestion.answer}".`}
            </p>
          </section>
          <div className="quiz-actions">{continueButton}</div>
        </>
      )}
    </section>
  );
}
