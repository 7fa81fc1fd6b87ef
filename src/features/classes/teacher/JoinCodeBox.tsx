import { useId, useState } from 'react';
import { useLocation } from 'wouter';
import { joinCodeSchema } from '../../../kernel/classes/wire';
import { describedByError, FieldErrorLine } from './formMessages';

/** A student's "Join a class": the code from the board, checked here for its shape, then the join page. */
export function JoinCodeBox() {
  const id = useId();
  const [, navigate] = useLocation();
  const [code, setCode] = useState('');
  const [problem, setProblem] = useState<string | undefined>();

  function join(event: React.FormEvent) {
    event.preventDefault();
    const parsed = joinCodeSchema.safeParse(code);
    if (!parsed.success) {
      setProblem('That is not a class code. A code has 8 letters and digits, like ABCD-EFGH.');
      return;
    }
    navigate(`/join/${parsed.data}`);
  }

  return (
    <section className="card class-form" aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`} className="section-title">Join a class</h2>
      <form noValidate className="inline-form" onSubmit={join}>
        <div className="field grow">
          <label htmlFor={`${id}-code`}>Class code</label>
          <input
            id={`${id}-code`}
            type="text"
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            maxLength={20}
            value={code}
            onChange={(event) => setCode(event.target.value)}
            {...describedByError(`${id}-code`, problem)}
          />
        </div>
        <button type="submit" className="button button-primary">
          Join
        </button>
      </form>
      <FieldErrorLine id={`${id}-code`} message={problem} />
    </section>
  );
}
