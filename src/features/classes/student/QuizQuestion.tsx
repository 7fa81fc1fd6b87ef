import { useEffect, useRef, useState } from 'react';
import type { AnswerVerdict, QuestionForStudent, Remediation } from '../../../kernel/classes/wire';
import { OptionGroup } from './OptionGroup';
import { TypedAnswer } from './TypedAnswer';
import { RemediationView } from './RemediationView';

/**
 * One question: its options, "Check answer", then the gateway's verdict
 * with the right option (which the page learns only now), "Show me why"
 * after a wrong answer, and "Next question" or "Finish".
 */
export function QuizQuestion({
  index,
  total,
  question,
  verdict,
  remediation,
  busy,
  isLast,
  onCheck,
  onExplain,
  onNext,
  onFinish,
}: {
  index: number;
  total: number;
  question: QuestionForStudent;
  verdict: AnswerVerdict | undefined;
  remediation: Remediation | undefined;
  busy: boolean;
  /** Every question is answered: the way on is "Finish". */
  isLast: boolean;
  onCheck(chosen: string): void;
  onExplain(): void;
  onNext(): void;
  onFinish(): void;
}) {
  const [selected, setSelected] = useState<string | null>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const verdictRef = useRef<HTMLParagraphElement>(null);
  const answered = verdict !== undefined;

  // A new question: focus on its heading, so a screen reader starts there and Tab reaches the options next.
  useEffect(() => {
    if (!answered) headingRef.current?.focus();
    // Only when the question changes (this component is keyed by it).
  }, []);
  // The verdict arrives: focus on it, so it is read out and Tab goes on to "Show me why" or "Next question".
  useEffect(() => {
    if (answered) verdictRef.current?.focus();
  }, [answered]);

  function onSubmit(event: React.FormEvent) {
    event.preventDefault();
    if (busy || answered || selected === null) return;
    onCheck(selected);
  }

  return (
    <form className="class-quiz-question-form" onSubmit={onSubmit}>
      <h2 className="class-quiz-progress" tabIndex={-1} ref={headingRef}>
        Question {index + 1} of {total}
      </h2>
      {question.options.length > 0 ? (
        <OptionGroup
          legend={question.question}
          options={question.options}
          selected={selected}
          onSelect={setSelected}
          {...(verdict ? { marks: { chosen: verdict.chosen, correctOption: verdict.correctOption } } : {})}
        />
      ) : (
        // A fill-in-the-blank question (Interactive Quiz Builder) has no options: the answer is typed.
        <TypedAnswer question={question.question} value={verdict ? verdict.chosen : (selected ?? '')} readOnly={answered} onChange={(typed) => setSelected(typed.trim() === '' ? null : typed)} />
      )}
      {verdict && (
        <p className={`class-verdict ${verdict.correct ? 'class-verdict-right' : 'class-verdict-wrong'}`} role="status" tabIndex={-1} ref={verdictRef}>
          {verdict.correct ? 'Right!' : `Not quite. The answer is: ${verdict.correctOption}`}
        </p>
      )}
      <div className="form-actions">
        {!answered && (
          <button type="submit" className="button button-primary" disabled={selected === null} aria-disabled={busy || undefined}>
            Check answer
          </button>
        )}
        {answered && !verdict.correct && !remediation && (
          <button type="button" className="button" aria-disabled={busy || undefined} onClick={() => !busy && onExplain()}>
            Show me why
          </button>
        )}
        {answered &&
          (isLast ? (
            <button type="button" className="button button-primary" aria-disabled={busy || undefined} onClick={() => !busy && onFinish()}>
              Finish
            </button>
          ) : (
            <button type="button" className="button button-primary" onClick={onNext}>
              Next question
            </button>
          ))}
      </div>
      {remediation && <RemediationView remediation={remediation} />}
    </form>
  );
}
