import { useId, useState } from 'react';
import { CLASS_LIMITS } from '../../../kernel/classes/wire';
import { ErrorBox } from '../../../ui/ErrorBox';
import { classApi } from '../classApi';
import { classPathOf, reloadAt } from './navigation';
import { TextBox } from './TextBox';

/**
 * Joining with the class code and a first name only, where the teacher
 * allows it: no email, no account. The gateway makes a guest account and
 * signs the browser in; the page then loads afresh in the class, so the
 * header and everything else show the guest as signed in.
 */
export function JoinByName({ code }: { code: string }) {
  const id = useId();
  const [firstName, setFirstName] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function onSubmit(event: React.FormEvent) {
    event.preventDefault();
    if (busy) return;
    if (firstName.trim() === '') {
      setProblem('Type your first name.');
      return;
    }
    setProblem(null);
    setFailure(null);
    setBusy(true);
    try {
      const reply = await classApi.joinByName(code, firstName.trim());
      reloadAt(classPathOf(reply.classId));
    } catch (error) {
      setFailure(error instanceof Error ? error.message : String(error));
      setBusy(false);
    }
  }

  return (
    <section className="card join-option" aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`}>Or join with your first name</h2>
      <p className="hint">No email or account needed. Your teacher sees the name you type.</p>
      <form onSubmit={onSubmit} noValidate className="join-name-form">
        <TextBox
          label="First name"
          value={firstName}
          onChange={setFirstName}
          problem={problem}
          input={{ autoComplete: 'given-name', maxLength: CLASS_LIMITS.firstNameChars }}
        />
        {failure && <ErrorBox message={failure} />}
        <div className="form-actions">
          <button type="submit" className="button button-primary" aria-disabled={busy || undefined}>
            {busy ? 'Joining…' : 'Join class'}
          </button>
        </div>
      </form>
    </section>
  );
}
