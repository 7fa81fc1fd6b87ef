import { useState } from 'react';
import { CLASS_LIMITS } from '../../../kernel/classes/wire';
import { goTo, joinPathOf } from './navigation';
import { TextBox } from './TextBox';

/** As the gateway reads a code: capitals, without the spaces or dashes people type from a board. */
export function normaliseJoinCode(typed: string): string {
  return typed.toUpperCase().replace(/[\s-]/g, '');
}

/** The box a code read off the board is typed into; it leads to the code's join page, where the gateway says whether it is good. */
export function JoinCodeBox({ label = 'Class code', action = 'Find class' }: { label?: string; action?: string }) {
  const [typed, setTyped] = useState('');
  const [problem, setProblem] = useState<string | null>(null);

  function onSubmit(event: React.FormEvent) {
    event.preventDefault();
    const code = normaliseJoinCode(typed);
    if (code === '') {
      setProblem('Type the code your teacher gave you.');
      return;
    }
    setProblem(null);
    goTo(joinPathOf(code));
  }

  return (
    <form className="join-code-form inline-form" onSubmit={onSubmit} noValidate>
      <TextBox
        label={label}
        value={typed}
        onChange={setTyped}
        problem={problem}
        className="field grow"
        // Room for the spaces and dashes a code may be typed with.
        input={{ autoComplete: 'off', autoCapitalize: 'characters', spellCheck: false, maxLength: CLASS_LIMITS.joinCodeLength * 2 }}
      />
      <button type="submit" className="button button-primary">
        {action}
      </button>
    </form>
  );
}
