import { useId, useState, type RefObject } from 'react';
import { MathText } from '../shared/math';
import { Icon } from '../../src/ui/Icon';
import type { QuizItem } from './items';
import { bandWords, missedIndices, scoreBand } from './outcome';
import { scoreOf, type QuizState } from './quizMachine';

/* The finished quiz: the score, how it went, the questions missed and the review. */

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
