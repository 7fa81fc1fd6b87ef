import { useEffect, useId, useRef, useState } from 'react';
import { CLASS_LIMITS } from '../../../kernel/classes/wire';
import { ErrorBox } from '../../../ui/ErrorBox';
import { classApi } from '../classApi';

/**
 * "I need help": a short note to the teacher, who sees it with the class's
 * results. Once sent, focus moves to the words saying so.
 */
export function HelpBox({ classId, assignmentId }: { classId: string; assignmentId: string }) {
  const id = useId();
  const [open, setOpen] = useState(false);
  const [note, setNote] = useState('');
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [sent, setSent] = useState(false);
  const noteRef = useRef<HTMLTextAreaElement>(null);
  const sentRef = useRef<HTMLParagraphElement>(null);
  const askRef = useRef<HTMLButtonElement>(null);
  const [cancelled, setCancelled] = useState(false);

  useEffect(() => {
    if (open) noteRef.current?.focus();
  }, [open]);
  useEffect(() => {
    if (sent) sentRef.current?.focus();
  }, [sent]);
  // Cancelled: back on "I need help", where the person came from.
  useEffect(() => {
    if (cancelled) askRef.current?.focus();
  }, [cancelled]);

  async function onSubmit(event: React.FormEvent) {
    event.preventDefault();
    if (busy) return;
    setBusy(true);
    setFailure(null);
    try {
      await classApi.askForHelp(classId, assignmentId, note.trim());
      setSent(true);
      setOpen(false);
      setNote('');
    } catch (error) {
      setFailure(error instanceof Error ? error.message : String(error));
    } finally {
      setBusy(false);
    }
  }

  return (
    <section className="class-help" aria-label="Help from your teacher">
      {sent && (
        <p className="class-help-sent" role="status" tabIndex={-1} ref={sentRef}>
          Your teacher has been told.
        </p>
      )}
      {open ? (
        <form className="card class-help-form" onSubmit={onSubmit}>
          <div className="field">
            <label htmlFor={`${id}-note`}>What do you need help with?</label>
            <textarea
              id={`${id}-note`}
              ref={noteRef}
              value={note}
              maxLength={CLASS_LIMITS.helpNoteChars}
              onChange={(event) => setNote(event.target.value)}
              aria-describedby={`${id}-count`}
              rows={3}
            />
            <p id={`${id}-count`} className="field-help">
              Optional. {CLASS_LIMITS.helpNoteChars - note.length} characters left.
            </p>
          </div>
          {failure && <ErrorBox message={failure} />}
          <div className="form-actions">
            <button type="submit" className="button button-primary" aria-disabled={busy || undefined}>
              Send to my teacher
            </button>
            <button
              type="button"
              className="button"
              onClick={() => {
                setOpen(false);
                setCancelled(true);
              }}
            >
              Cancel
            </button>
          </div>
        </form>
      ) : (
        <button
          type="button"
          className="button"
          ref={askRef}
          onClick={() => {
            setOpen(true);
            setCancelled(false);
          }}
        >
          I need help
        </button>
      )}
    </section>
  );
}
