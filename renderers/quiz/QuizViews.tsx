import { useEffect, useId, useRef, useState, type RefObject } from 'react';
import { MathText } from '../shared/math';
import { messages } from '../../src/kernel/messages';
import { ErrorBox } from '../../src/ui/ErrorBox';
import { Icon } from '../../src/ui/Icon';
import { kindLabels, type QuizItem } from './items';
import { bandWords, missedIndices, scoreBand } from './outcome';
import { followUpVerdict, scoreOf, type QuizEvent, type QuizState, type RemediationPhase } from './quizMachine';

/*
 * The quiz screen's three views: a question being played (and, once answered
 * rightly, marked with Correct!), the remediation after a wrong answer, and
 * the finished quiz with its score, how it went, the ones missed and the review.
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
                {/* The icon repeats the words for sighted users; colour is never the only sign. */}
                <Icon name={right ? 'check_circle' : 'cancel'} className="quiz-option-icon" />
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
  /** Set once the question has been answered rightly: the answer is marked and "Next question" moves on. */
  rightAnswer?: string;
  onNext?(): void;
  headingRef: RefObject<HTMLHeadingElement | null>;
  dispatch(event: QuizEvent): void;
}

export function Playing({ item, index, total, rightAnswer, onNext, headingRef, dispatch }: PlayingProps) {
  const questionId = useId();
  const nextRef = useRef<HTMLButtonElement>(null);
  const answered = rightAnswer !== undefined;
  const answer = (given: string) => dispatch({ type: 'answer', given });
  // The picked option (or the Check button) is now disabled and would drop focus; the next step is moving on.
  useEffect(() => {
    if (answered) nextRef.current?.focus();
  }, [answered]);
  const last = index + 1 >= total;

  return (
    <section className="quiz" aria-labelledby={questionId}>
      <div className="quiz-meta">
        <p className="quiz-progress">Question {index + 1} of {total}</p>
        {item.kind !== 'unknown' && <span className="quiz-kind">{kindLabels[item.kind]}</span>}
        {item.difficulty && <span className="badge">Difficulty: {item.difficulty}</span>}
      </div>
      <h3 id={questionId} className="quiz-question" tabIndex={-1} ref={headingRef}>
        <MathText text={item.question} />
      </h3>
      {item.kind === 'choice' || item.kind === 'trueFalse' ? (
        <OptionButtons
          options={item.options}
          labelledBy={questionId}
          onPick={answer}
          // A right answer is both the pick and the answer: marked as the follow-up question marks it.
          reveal={answered ? { picked: rightAnswer, answer: rightAnswer } : undefined}
        />
      ) : item.kind === 'fill' ? (
        answered ? (
          <p className="quiz-fill-answered">
            <span className="quiz-fill-answered-label">Your answer</span>
            <span className="quiz-fill-answered-text">{rightAnswer.trim()}</span>
            <span className="quiz-option-note">
              <Icon name="check_circle" className="quiz-option-icon" /> (correct)
            </span>
          </p>
        ) : (
          <FillInAnswer onCheck={answer} />
        )
      ) : (
        <ErrorBox message={messages.unknownQuestionType}>
          <button type="button" className="button" onClick={() => dispatch({ type: 'skip' })}>
            Skip question
          </button>
        </ErrorBox>
      )}
      {/* Always present, so screen readers announce the verdict when it appears. */}
      <p className="quiz-feedback quiz-feedback-right" role="status">
        {answered && (
          <>
            <Icon name="check_circle" />
            Correct!
          </>
        )}
      </p>
      {answered && (
        <div className="quiz-actions">
          <button ref={nextRef} type="button" className="button button-primary quiz-next" onClick={onNext}>
            {last ? 'See your score' : 'Next question'}
            <Icon name="arrow_forward" />
          </button>
        </div>
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

const bandIcons = { all: 'check_circle', most: 'school', few: 'replay' } as const;

export function Finished({ items, state, headingRef, onCreateAnother }: FinishedProps) {
  const ids = useId();
  const score = scoreOf(state);
  const band = scoreBand(score, items.length);
  const words = bandWords[band];
  const missed = missedIndices(state.answers);
  const [reviewingMissed, setReviewingMissed] = useState(false);
  return (
    <section className="quiz quiz-finished" aria-labelledby={`${ids}-heading`}>
      {/* Focus lands on the heading; the outcome and the score are its description, so they are heard with it. */}
      <h3 id={`${ids}-heading`} className="quiz-question" tabIndex={-1} ref={headingRef} aria-describedby={`${ids}-outcome ${ids}-score`}>
        Quiz complete
      </h3>
      <div className={`quiz-outcome quiz-outcome-${band}`} id={`${ids}-outcome`}>
        <Icon name={bandIcons[band]} className="quiz-outcome-icon" />
        <p className="quiz-outcome-words">
          <strong className="quiz-outcome-title">{words.title}</strong> <span>{words.message}</span>
        </p>
      </div>
      <p className="quiz-score" id={`${ids}-score`}>
        Your score: <strong>{score} / {items.length}</strong>
      </p>
      {missed.length > 0 && (
        <div className="quiz-missed">
          <button
            type="button"
            className="button"
            aria-expanded={reviewingMissed}
            aria-controls={`${ids}-missed`}
            onClick={() => setReviewingMissed((open) => !open)}
          >
            <Icon name={reviewingMissed ? 'expand_less' : 'expand_more'} />
            Review the ones I missed
          </button>
          {reviewingMissed && (
            <section id={`${ids}-missed`} className="quiz-missed-panel" aria-labelledby={`${ids}-missed-heading`}>
              <h4 id={`${ids}-missed-heading`}>
                The ones you missed ({missed.length} of {items.length})
              </h4>
              <ol className="quiz-review" aria-labelledby={`${ids}-missed-heading`}>
                {missed.map((i) => {
                  const item = items[i];
                  if (!item) return null;
                  return (
                    <li key={i} className="quiz-review-item quiz-review-wrong">
                      <p className="quiz-review-question">
                        <span className="quiz-review-number">Question {i + 1}: </span>
                        <MathText text={item.question} />
                      </p>
                      <dl className="quiz-answers">
                        <dt>Your answer</dt>
                        <dd>{state.answers[i]?.given?.trim() ?? 'Skipped'}</dd>
                        <dt>Correct answer</dt>
                        <dd><MathText text={item.answer || 'Not given'} /></dd>
                        {item.explanation && (
                          <>
                            <dt>Why</dt>
                            <dd><MathText text={item.explanation} /></dd>
                          </>
                        )}
                      </dl>
                    </li>
                  );
                })}
              </ol>
            </section>
          )}
        </div>
      )}
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
