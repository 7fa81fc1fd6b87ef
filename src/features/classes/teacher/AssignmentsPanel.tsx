import { useId, useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import type { ClassDetail } from '../../../kernel/classes/wire';
import { Icon } from '../../../ui/Icon';
import { classApi } from '../classApi';
import { AssignmentList } from './AssignmentList';
import { NewAssignmentForm } from './NewAssignmentForm';

/** The class's assignments, and "New assignment" opening its form in place. */
export function AssignmentsPanel({ detail, onChange }: { detail: ClassDetail; onChange: (detail: ClassDetail) => void }) {
  const id = useId();
  const [adding, setAdding] = useState(false);
  const [made, setMade] = useState<string | null>(null);
  const openRef = useRef<HTMLButtonElement>(null);

  function close() {
    flushSync(() => setAdding(false));
    openRef.current?.focus();
  }

  return (
    <section className="card class-panel" aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`} className="section-title">Assignments</h2>
      <AssignmentList classId={detail.id} assignments={detail.assignments} linkTitles />
      <p role="status" className="hint">{made ? `Assigned: ${made}.` : ''}</p>
      {adding ? (
        <NewAssignmentForm
          classId={detail.id}
          onCancel={close}
          onCreated={(assignment) => {
            setMade(assignment.title);
            close();
            // The list in the class's detail is the server's: ask for it again, with the new assignment in it
            // (if that fails, the list stays as it was until the page is opened again).
            classApi.classDetail(detail.id).then(onChange, () => undefined);
          }}
        />
      ) : (
        <button ref={openRef} type="button" className="button button-primary" disabled={detail.archived} onClick={() => setAdding(true)}>
          <Icon name="add" />
          <span>New assignment</span>
        </button>
      )}
    </section>
  );
}
