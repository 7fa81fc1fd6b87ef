import { useEffect, useState } from 'react';
import type { AssignmentListItem, AssignmentStatus } from '../../../kernel/classes/wire';
import { formatDateTime } from '../../../ui/formatDate';
import { hrefTo } from '../../../ui/routes';
import { classApi } from '../classApi';
import { assignmentPathOf } from './navigation';
import '../student.css';

/*
 * The dashboard's "Your assignments": loaded only where sign-in is on, it
 * asks the gateway for the person's assignments and shows nothing when
 * there are none or no one is signed in (the gateway answers 401).
 */

const statusWords: Record<AssignmentStatus, string> = { 'not-started': 'Not started', started: 'Started', finished: 'Finished' };

/** In the order due, those without a due date last; then by when they open. */
export function inOrderDue(list: readonly AssignmentListItem[]): AssignmentListItem[] {
  const dueTime = (item: AssignmentListItem) => (item.dueAt ? Date.parse(item.dueAt) : Number.POSITIVE_INFINITY);
  return [...list].sort((a, b) => dueTime(a) - dueTime(b) || Date.parse(a.opensAt) - Date.parse(b.opensAt));
}

/** The default export, so the dashboard's lazy import of it is as short as it can be (it is in the first load). */
export default function YourAssignments() {
  const [assignments, setAssignments] = useState<AssignmentListItem[]>([]);
  useEffect(() => {
    let current = true;
    classApi.myAssignments().then(
      (reply) => current && setAssignments(inOrderDue(reply.assignments)),
      // Signed out, or the server unreachable: the dashboard goes on without the section.
      () => undefined,
    );
    return () => {
      current = false;
    };
  }, []);

  if (assignments.length === 0) return null;
  return (
    <section aria-labelledby="assignments-heading" className="dashboard-section your-assignments">
      <h2 id="assignments-heading" className="section-title">Your assignments</h2>
      <ul className="assignment-list" aria-labelledby="assignments-heading">
        {assignments.map((item) => (
          <li key={item.id} className="assignment-item card">
            <a className="assignment-item-title" href={hrefTo(assignmentPathOf(item.classId, item.id))}>
              {item.title}
            </a>
            <dl className="class-facts">
              <div>
                <dt>Class</dt>
                <dd>{item.className}</dd>
              </div>
              <div>
                <dt>Due</dt>
                <dd>{item.dueAt ? formatDateTime(item.dueAt) : 'No due date'}</dd>
              </div>
              <div>
                <dt>Status</dt>
                <dd>{statusWords[item.status ?? 'not-started']}</dd>
              </div>
              {item.status === 'finished' && item.score && (
                <div>
                  <dt>Score</dt>
                  <dd>
                    {item.score.score} out of {item.score.total}
                  </dd>
                </div>
              )}
            </dl>
          </li>
        ))}
      </ul>
    </section>
  );
}
