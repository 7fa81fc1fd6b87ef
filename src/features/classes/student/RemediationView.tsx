import { useEffect, useRef, useState } from 'react';
import type { Remediation } from '../../../kernel/classes/wire';
import { AiLabel } from './AiLabel';
import { OptionGroup } from './OptionGroup';
import { SafeMarkdown } from './SafeMarkdown';

/**
 * "Show me why", after a wrong answer: what went wrong, a short lesson and
 * one more question to try. The gateway sends it only after the wrong
 * answer, with the follow-up's answer, so the follow-up is checked here.
 */
export function RemediationView({ remediation }: { remediation: Remediation }) {
  const followUp = remediation.followUpQuestion;
  const [selected, setSelected] = useState<string | null>(null);
  const [checked, setChecked] = useState<string | null>(null);
  const verdictRef = useRef<HTMLParagraphElement>(null);
  // Checked: the button is gone, so focus goes to the verdict, which is read out.
  useEffect(() => {
    if (checked !== null) verdictRef.current?.focus();
  }, [checked]);
  return (
    <section className="class-remediation" aria-label="Why this answer">
      <AiLabel />
      <h3>What went wrong</h3>
      <SafeMarkdown text={remediation.diagnosis} />
      <h3>A short lesson</h3>
      <SafeMarkdown text={remediation.microLesson} />
      <h3>Try one more</h3>
      <OptionGroup
        legend={followUp.question}
        options={followUp.options}
        selected={selected}
        onSelect={setSelected}
        {...(checked !== null ? { marks: { chosen: checked, correctOption: followUp.answer } } : {})}
      />
      {checked === null ? (
        <button type="button" className="button" disabled={selected === null} onClick={() => setChecked(selected)}>
          Check this one
        </button>
      ) : (
        <p className="class-verdict" role="status" tabIndex={-1} ref={verdictRef}>
          {checked === followUp.answer ? 'Right! You have got it now.' : `Not quite. The answer is: ${followUp.answer}`}
        </p>
      )}
    </section>
  );
}
