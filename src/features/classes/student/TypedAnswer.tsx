import { useId } from 'react';
import { CLASS_LIMITS } from '../../../kernel/classes/wire';

/** A question answered in words: its text as the label of one box, read-only once the verdict is in. */
export function TypedAnswer({ question, value, readOnly, onChange }: { question: string; value: string; readOnly: boolean; onChange(typed: string): void }) {
  const id = useId();
  return (
    <div className="class-quiz-options field">
      <label htmlFor={id} className="class-quiz-question">
        {question}
      </label>
      <input id={id} type="text" className="input" value={value} readOnly={readOnly} maxLength={CLASS_LIMITS.chosenChars} autoComplete="off" onChange={(event) => onChange(event.target.value)} />
    </div>
  );
}
