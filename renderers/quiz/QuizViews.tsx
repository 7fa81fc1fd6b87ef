import { useEffect, useId, useRef, useState, type RefObject } from 'react';
import { MathText } from '../shared/math';
import { messages } from '../../src/kernel/messages';
import { ErrorBox } from '../../src/ui/ErrorBox';
import { Icon } from '../../src/ui/Icon';
import { kindLabels, type QuizItem } from './items';
import { type QuizEvent } from './quizMachine';

/*
 * The quiz screen's question being played (and, once answered rightly,
 * marked with Correct!), with the answer controls the remediation reuses.
 * QuizRemediating.tsx holds the remediation after a wrong answer,
 * QuizFinished.tsx the finished quiz; QuizResult.tsx holds the session that
 * chooses between the three.
 */

const LETTERS = 'ABCDEFGH';

interface OptionButtonsProps {
  options: readonly string[];
  labelledBy: string;
  onPick(option: string): void;
  /** Once set the options are locked and each shows, in words, whether it was picked and whether it is right. */
  reveal?: { picked: string; answer: string };
}

export function OptionButtons({ options, labelledBy, onPick, reveal }: OptionButtonsProps) {
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
