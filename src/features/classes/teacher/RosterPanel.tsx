import { useId, useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import { CLASS_LIMITS, type ClassDetail, type RosterEntry } from '../../../kernel/classes/wire';
import { ConfirmPanel } from '../../../ui/ConfirmPanel';
import { ErrorBox } from '../../../ui/ErrorBox';
import { classApi } from '../classApi';
import { messageOf } from './useViewer';

interface RowProps {
  classId: string;
  entry: RosterEntry;
  groups: string[];
  locked: boolean;
  onChange: (detail: ClassDetail) => void;
  onProblem: (message: string | null) => void;
}

function RosterRow({ classId, entry, groups, locked, onChange, onProblem }: RowProps) {
  const id = useId();
  const [group, setGroup] = useState(entry.group ?? '');
  const [confirming, setConfirming] = useState(false);
  const removeRef = useRef<HTMLButtonElement>(null);

  async function run(request: () => Promise<ClassDetail>) {
    onProblem(null);
    try {
      onChange(await request());
    } catch (error) {
      onProblem(messageOf(error));
    }
  }
  const saveGroup = (event: React.FormEvent) => {
    event.preventDefault();
    const trimmed = group.trim();
    void run(() => classApi.setGroup(classId, entry.userId, trimmed === '' ? null : trimmed));
  };

  return (
    <li className="roster-row">
      <span className="roster-name">
        {entry.name}
        {entry.guest && <span className="badge roster-guest">no account</span>}
      </span>
      <form className="roster-group" noValidate onSubmit={saveGroup}>
        <label htmlFor={`${id}-group`} className="visually-hidden">Group for {entry.name}</label>
        <input id={`${id}-group`} type="text" list={`${id}-groups`} placeholder="No group" maxLength={CLASS_LIMITS.groupChars} value={group} disabled={locked} onChange={(event) => setGroup(event.target.value)} />
        <datalist id={`${id}-groups`}>
          {groups.map((name) => (
            <option key={name} value={name} />
          ))}
        </datalist>
        <button type="submit" className="button button-quiet" disabled={locked || group.trim() === (entry.group ?? '')} aria-label={`Save group for ${entry.name}`}>
          Save
        </button>
      </form>
      {!confirming ? (
        <button ref={removeRef} type="button" className="button button-quiet" disabled={locked} onClick={() => setConfirming(true)} aria-label={`Remove ${entry.name}`}>
          Remove
        </button>
      ) : (
        <ConfirmPanel
          question={`Remove ${entry.name} from the class?`}
          detail="Their answers and work in this class are deleted."
          confirmLabel="Remove"
          onConfirm={() => void run(() => classApi.removeMember(classId, entry.userId))}
          onCancel={() => {
            // Back to the button that asked, so the keyboard stays in the row.
            flushSync(() => setConfirming(false));
            removeRef.current?.focus();
          }}
        />
      )}
    </li>
  );
}

/** The students: name ("no account" for those who joined with a first name), their group, and removing them. */
export function RosterPanel({ detail, onChange }: { detail: ClassDetail; onChange: (detail: ClassDetail) => void }) {
  const id = useId();
  const [problem, setProblem] = useState<string | null>(null);
  const roster = detail.roster ?? [];
  const groups = [...new Set(roster.map((entry) => entry.group).filter((group): group is string => Boolean(group)))].sort();
  return (
    <section className="card class-panel" aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`} className="section-title">Students ({roster.length})</h2>
      {problem && <ErrorBox message={problem} />}
      {roster.length === 0 ? (
        <p className="empty-state">No students yet. Share the code, the link or the QR code above.</p>
      ) : (
        <ul className="roster">
          {roster.map((entry) => (
            <RosterRow key={entry.userId} classId={detail.id} entry={entry} groups={groups} locked={detail.archived} onChange={onChange} onProblem={setProblem} />
          ))}
        </ul>
      )}
    </section>
  );
}
