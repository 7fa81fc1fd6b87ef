import { useId, useState } from 'react';
import type { AssignmentListItem } from '../../../kernel/classes/wire';
import { ErrorBox } from '../../../ui/ErrorBox';
import { Icon } from '../../../ui/Icon';
import { Spinner } from '../../../ui/Spinner';
import { classApi } from '../classApi';
import { ApprovalPanel } from './ApprovalPanel';
import { HelpRequests } from './HelpRequests';
import { MostMissed, QuestionTable, StudentTable } from './ResultTables';
import { useLiveResults } from './useLiveResults';

function LiveResults({ classId, assignmentId }: { classId: string; assignmentId: string }) {
  const id = useId();
  const { state, announcement, reload } = useLiveResults(classId, assignmentId);
  return (
    <>
      {/* Polite: read when the reader is free; nothing here takes focus. */}
      <p className="visually-hidden" aria-live="polite" aria-atomic="true">{announcement}</p>
      <div className="class-actions">
        <a className="button" href={classApi.exportPath(classId, assignmentId, 'csv')} download>
          <Icon name="download" />
          <span>Download CSV</span>
        </a>
        <a className="button" href={classApi.exportPath(classId, assignmentId, 'xlsx')} download>
          <Icon name="download" />
          <span>Download Excel (.xlsx)</span>
        </a>
      </div>
      <ApprovalPanel classId={classId} assignmentId={assignmentId} />
      {state.kind === 'loading' && (
        <p role="status" className="classes-loading">
          <Spinner />
          <span>Loading results…</span>
        </p>
      )}
      {state.kind === 'failed' && (
        <ErrorBox message={state.message}>
          <button type="button" className="button" onClick={() => void reload()}>Try again</button>
        </ErrorBox>
      )}
      {state.kind === 'ready' && (
        <>
          <StudentTable results={state.value} />
          <QuestionTable results={state.value} />
          <MostMissed results={state.value} headingId={`${id}-missed`} />
          <HelpRequests classId={classId} help={state.value.help} headingId={`${id}-help`} onResolved={() => void reload()} />
        </>
      )}
    </>
  );
}

/** How the class did on one assignment (the teacher picks which), updated live as work arrives. */
export function ClassResults({ classId, assignments }: { classId: string; assignments: AssignmentListItem[] }) {
  const id = useId();
  const newest = assignments[assignments.length - 1]?.id ?? '';
  const [chosen, setChosen] = useState('');
  const shown = assignments.some((assignment) => assignment.id === chosen) ? chosen : newest;
  return (
    <section className="card class-panel class-results" aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`} className="section-title">Results</h2>
      {assignments.length === 0 ? (
        <p className="empty-state">Results show here once the class has an assignment.</p>
      ) : (
        <>
          <div className="field">
            <label htmlFor={`${id}-assignment`}>Assignment</label>
            <select id={`${id}-assignment`} value={shown} onChange={(event) => setChosen(event.target.value)}>
              {assignments.map((assignment) => (
                <option key={assignment.id} value={assignment.id}>{assignment.title}</option>
              ))}
            </select>
          </div>
          <LiveResults key={shown} classId={classId} assignmentId={shown} />
        </>
      )}
    </section>
  );
}
