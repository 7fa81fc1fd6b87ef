import { useId } from 'react';
import { Icon } from '../../../ui/Icon';

/*
 * A question's options as radio buttons in a fieldset whose legend is the
 * question: arrow keys move between them, as everywhere radios are. Once
 * the gateway has given its verdict, the right option and the one chosen
 * are marked in words as well as colour.
 */

export interface OptionMarks {
  chosen: string;
  correctOption: string;
}

export function OptionGroup({
  legend,
  options,
  selected,
  onSelect,
  marks,
}: {
  legend: React.ReactNode;
  options: readonly string[];
  selected: string | null;
  onSelect(option: string): void;
  /** Present once answered: the options are then read-only. */
  marks?: OptionMarks;
}) {
  const name = useId();
  return (
    <fieldset className="class-quiz-options">
      <legend className="class-quiz-question">{legend}</legend>
      {options.map((option, index) => {
        const right = marks !== undefined && option === marks.correctOption;
        const wrongChoice = marks !== undefined && option === marks.chosen && !right;
        const state = right ? ' class-option-right' : wrongChoice ? ' class-option-wrong' : '';
        return (
          <label key={`${index}:${option}`} className={`class-option${state}`}>
            <input
              type="radio"
              name={name}
              value={option}
              checked={marks ? option === marks.chosen : option === selected}
              disabled={marks !== undefined}
              onChange={() => onSelect(option)}
            />
            <span className="class-option-text">{option}</span>
            {right && (
              <span className="class-option-note">
                <Icon name="check_circle" className="class-option-icon" />
                Correct answer
              </span>
            )}
            {wrongChoice && (
              <span className="class-option-note">
                <Icon name="cancel" className="class-option-icon" />
                Your answer
              </span>
            )}
          </label>
        );
      })}
    </fieldset>
  );
}
