import { useId, useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import { CLASS_LIMITS, type ClassDetail } from '../../../kernel/classes/wire';
import { ConfirmPanel } from '../../../ui/ConfirmPanel';
import { ErrorBox } from '../../../ui/ErrorBox';
import { Icon } from '../../../ui/Icon';
import { hrefTo, routes } from '../../../ui/routes';
import { classApi } from '../classApi';
import { messageOf } from './useViewer';

/** The server's deletion counts, by table, in plain words: one and many. */
const TABLE_WORDS: Record<string, [string, string]> = {
  classes: ['class', 'classes'],
  class_teachers: ['teacher', 'teachers'],
  class_members: ['student', 'students'],
  assignments: ['assignment', 'assignments'],
  assignment_secrets: ['hidden instruction', 'hidden instructions'],
  assignment_material: ['prepared material', 'prepared materials'],
  attempts: ['quiz attempt', 'quiz attempts'],
  attempt_answers: ['answer', 'answers'],
  class_work: ['piece of work', 'pieces of work'],
  help_requests: ['help request', 'help requests'],
  users: ['guest account', 'guest accounts'],
};

export function deletedSummary(deleted: Record<string, number>): string {
  return Object.entries(deleted)
    .filter(([, count]) => count > 0)
    .map(([table, count]) => {
      const [one, many] = TABLE_WORDS[table] ?? [table.replace(/_/g, ' '), table.replace(/_/g, ' ')];
      return `${count} ${count === 1 ? one : many}`;
    })
    .join(', ');
}

function RenameForm({ detail, onDone }: { detail: ClassDetail; onDone: (detail: ClassDetail | null) => void }) {
  const id = useId();
  const [values, setValues] = useState({ name: detail.name, grade: detail.grade, subject: detail.subject });
  const [problem, setProblem] = useState<string | null>(null);
  async function save(event: React.FormEvent) {
    event.preventDefault();
    if (values.name.trim() === '') return setProblem('Name is required.');
    try {
      onDone(await classApi.updateClass(detail.id, values));
    } catch (error) {
      setProblem(messageOf(error));
    }
  }
  const input = (key: keyof typeof values, label: string, max: number) => (
    <div className="field">
      <label htmlFor={`${id}-${key}`}>{label}</label>
      <input id={`${id}-${key}`} type="text" maxLength={max} value={values[key]} onChange={(event) => setValues({ ...values, [key]: event.target.value })} />
    </div>
  );
  return (
    <form className="card class-form" aria-label="Rename the class" noValidate onSubmit={(event) => void save(event)}>
      {problem && <ErrorBox message={problem} />}
      {input('name', 'Name', CLASS_LIMITS.nameChars)}
      <div className="class-form-row">
        {input('grade', 'Grade', CLASS_LIMITS.gradeChars)}
        {input('subject', 'Subject', CLASS_LIMITS.subjectChars)}
      </div>
      <div className="form-actions">
        <button type="submit" className="button button-primary">Save</button>
        <button type="button" className="button" onClick={() => onDone(null)}>Cancel</button>
      </div>
    </form>
  );
}

/** The class's name, grade and subject; rename, archive or restore, and delete an archived class after a confirmation. */
export function ClassHeader({ detail, onChange }: { detail: ClassDetail; onChange: (detail: ClassDetail) => void }) {
  const [mode, setMode] = useState<'view' | 'rename' | 'confirm-delete'>('view');
  const [problem, setProblem] = useState<string | null>(null);
  const [deleted, setDeleted] = useState<string | null>(null);
  const deleteRef = useRef<HTMLButtonElement>(null);

  async function act(change: () => Promise<void>) {
    setProblem(null);
    try {
      await change();
    } catch (error) {
      setProblem(messageOf(error));
    }
  }
  const archive = (archived: boolean) => act(async () => onChange(await classApi.updateClass(detail.id, { archived })));
  const remove = () =>
    act(async () => {
      const { deleted: counts } = await classApi.deleteClass(detail.id);
      setDeleted(deletedSummary(counts) || 'nothing was stored');
    });

  if (deleted !== null) {
    return (
      <>
        <h1 className="page-title" tabIndex={-1}>{detail.name}</h1>
        <p role="status" className="card">The class and its work are deleted. Removed: {deleted}.</p>
        <p><a href={hrefTo(routes.classes)}>All classes</a></p>
      </>
    );
  }

  return (
    <header className="class-header">
      <h1 className="page-title" tabIndex={-1}>{detail.name}</h1>
      <p className="lede">{[detail.grade, detail.subject].filter(Boolean).join(' · ') || 'No grade or subject given'}</p>
      {problem && <ErrorBox message={problem} />}
      {mode === 'rename' && (
        <RenameForm
          detail={detail}
          onDone={(changed) => {
            if (changed) onChange(changed);
            setMode('view');
          }}
        />
      )}
      {mode === 'confirm-delete' && (
        <ConfirmPanel
          question={`Delete ${detail.name}?`}
          detail="The class and all its work are deleted for good: its assignments, every student's answers and scores, and its help requests. Students who joined with a first name only lose their guest account."
          confirmLabel="Delete the class"
          onConfirm={() => void remove()}
          onCancel={() => {
            flushSync(() => setMode('view'));
            deleteRef.current?.focus();
          }}
        />
      )}
      {mode === 'view' && (
        <div className="class-actions">
          {!detail.archived && (
            <button type="button" className="button" onClick={() => setMode('rename')}>
              <Icon name="edit" />
              <span>Rename</span>
            </button>
          )}
          <button type="button" className="button" onClick={() => void archive(!detail.archived)}>
            {detail.archived ? 'Restore' : 'Archive'}
          </button>
          {detail.archived && (
            <button ref={deleteRef} type="button" className="button button-danger" onClick={() => setMode('confirm-delete')}>
              <Icon name="delete" />
              <span>Delete the class</span>
            </button>
          )}
        </div>
      )}
    </header>
  );
}
