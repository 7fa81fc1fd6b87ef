import { useEffect, useId, useRef, useState, type RefObject } from 'react';
import { MathText } from '../shared/math';
import { messages } from '../../src/engine/messages';
import { ErrorBox } from '../../src/ui/ErrorBox';
import { kindLabels, type QuizItem } from './items';
import { followUpVerdict, scoreOf, type QuizEvent, type QuizState, type RemediationPhase } from './quizMachine';

/*
 * The quiz screen's three views: a question being played, the remediation
 * after a wrong answer, and the finished quiz with its score and review.
 * QuizResult.tsx holds the session that chooses between them.
 */

const LETTERS = 'ABCDEFGH';

interface OptionButtonsProps {
  options: readonly string[];
  labelledBy: string;
  onPick(option: string): void;
  /** Once set the options are locked and each shows, in words, whether it was picked and whether it is right. */
  reveal?: { picked: string; answer: string };
}

function OptionButtons({ options, labelledBy, onPick, reveal }: OptionButtonsProps) {
  return (
    <div className="quiz-options" role="group" aria-labelledby={labelledBy}>
      {options.map((option, i) => {
        const picked = reveal?.picked === option;
        const right = reveal?.answer === option;
        const mark = reveal && (picked || right) ? (right ? 'quiz-option-right' : 'quiz-option-wrong') : '';
        return (
          <button
            key={option}
            type="button"
            className={`quiz-option ${mark}`.trim()}
            disabled={reveal !== undefined}
            onClick={() => onPick(option)}
          >
            {/* The letter is decoration: the option's accessible name is its text alone. */}
            <span className="quiz-option-letter" aria-hidden="true">{LETTERS[i] ?? ''}</span>
            <span className="quiz-option-text"><MathText text={option} /></span>
            {reveal && (picked || right) && (
              <span className="quiz-option-note">
                {picked && right ? ' (your answer, correct)' : picked ? ' (your answer, wrong)' : ' (correct answer)'}
              </span>
            )}
          </button>
        );
      })}
    </div>
  );
}

function FillInAnswer({ onCheck }: { onCheck(answer: string): void }) {
  const id = useId();
  const [draft, setDraft] = useState('');
  const blank = draft.trim() === '';
  return (
    <form
      className="quiz-fill"
      onSubmit={(event) => {
        event.preventDefault();
        if (!blank) onCheck(draft);
      }}
    >
      <label htmlFor={id}>Your answer</label>
      <div className="quiz-fill-row">
        <input id={id} type="text" autoComplete="off" value={draft} onChange={(e) => setDraft(e.target.value)} aria-required="true" />
        <button type="submit" className="button button-primary" disabled={blank}>
          Check
        </button>
      </div>
    </form>
  );
}

interface PlayingProps {
  item: QuizItem;
  index: number;
  total: number;
  feedback: string | null;
  headingRef: RefObject<HTMLHeadingElement | null>;
  dispatch(event: QuizEvent): void;
}

export function Playing({ item, index, total, feedback, headingRef, dispatch }: PlayingProps) {
  const questionId = useId();
  const answer = (given: string) => dispatch({ type: 'answer', given });
  return (
    <section className="quiz" aria-labelledby={questionId}>
      <div className="quiz-meta">
        <p className="quiz-progress">Question {index + 1} of {total}</p>
        {item.kind !== 'unknown' && <span className="quiz-kind">{kindLabels[item.kind]}</span>}
        {item.difficulty && <span className="badge">Difficulty: {item.difficulty}</span>}
      </div>
      {/* Always present, so screen readers announce the verdict when it appears. */}
      <p className="quiz-feedback quiz-feedback-right" role="status">{feedback}</p>
      <h3 id={questionId} className="quiz-question" tabIndex={-1} ref={headingRef}>
        <MathText text={item.question} />
      </h3>
      {item.kind === 'choice' || item.kind === 'trueFalse' ? (
        <OptionButtons options={item.options} labelledBy={questionId} onPick={answer} />
      ) : item.kind === 'fill' ? (
        <FillInAnswer key={index} onCheck={answer} />
      ) : (
        <ErrorBox message={messages.unknownQuestionType}>
          <button type="button" className="button" onClick={() => dispatch({ type: 'skip' })}>
            Skip question
          </button>
        </ErrorBox>
      )}
    </section>
  );
}

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

interface FinishedProps {
  items: readonly QuizItem[];
  state: QuizState & { status: 'finished' };
  headingRef: RefObject<HTMLHeadingElement | null>;
  onCreateAnother(): void;
}

export function Finished({ items, state, headingRef, onCreateAnother }: FinishedProps) {
  const ids = useId();
  return (
    <section className="quiz quiz-finished" aria-labelledby={`${ids}-heading`}>
      <h3 id={`${ids}-heading`} className="quiz-question" tabIndex={-1} ref={headingRef}>
        Quiz complete
      </h3>
      <p className="quiz-score">
        Your score: <strong>{scoreOf(state)} / {items.length}</strong>
      </p>
      <h4 id={`${ids}-review`}>Review</h4>
      <ol className="quiz-review" aria-labelledby={`${ids}-review`}>
        {items.map((item, i) => {
          const record = state.answers[i];
          const right = record?.correct === true;
          return (
            <li key={i} className={`quiz-review-item ${right ? 'quiz-review-right' : 'quiz-review-wrong'}`}>
              <p className="quiz-review-question"><MathText text={item.question} /></p>
              <dl className="quiz-answers">
                <dt>Your answer</dt>
                <dd>{record?.given?.trim() ?? 'Skipped'}</dd>
                <dt>Correct answer</dt>
                <dd>{item.answer || 'Not given'}</dd>
              </dl>
              <p className="quiz-review-verdict">
                <span aria-hidden="true">{right ? '\u2713 ' : '\u2717 '}</span>
                {right ? 'Right' : 'Wrong'}
              </p>
            </li>
          );
        })}
      </ol>
      <div className="quiz-actions">
        <button type="button" className="button button-primary" onClick={onCreateAnother}>
          Create Another Quiz
        </button>
      </div>
    </section>
  );
}
