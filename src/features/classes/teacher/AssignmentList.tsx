import { findTool } from '../../../kernel/catalogue';
import { AI_USE_LEVELS } from '../../../kernel/classes/aiUse';
import type { AssignmentListItem } from '../../../kernel/classes/wire';
import { formatDateTime } from '../../../ui/formatDate';
import { hrefTo } from '../../../ui/routes';
import { assignmentPathOf } from '../student/navigation';


export const levelLabel = (level: string) => AI_USE_LEVELS.find((entry) => entry.level === level)?.label ?? level;

/** The class's assignments: title, tool, AI-use level, when it opens and is due. */
export function AssignmentList({ classId, assignments, linkTitles }: { classId: string; assignments: AssignmentListItem[]; linkTitles: boolean }) {
  if (assignments.length === 0) return <p className="empty-state">No assignments yet.</p>;
  return (
    <ul className="class-assignments">
      {assignments.map((assignment) => (
        <li key={assignment.id} className="class-assignment">
          {linkTitles ? (
            <a className="class-assignment-title" href={hrefTo(assignmentPathOf(classId, assignment.id))}>{assignment.title}</a>
          ) : (
            <span className="class-assignment-title">{assignment.title}</span>
          )}
          <span className="hint class-assignment-facts">
            {findTool(assignment.toolId)?.title ?? assignment.toolId} · {levelLabel(assignment.aiLevel)} · opens {formatDateTime(assignment.opensAt)}
            {assignment.dueAt ? ` · due ${formatDateTime(assignment.dueAt)}` : ''}
          </span>
        </li>
      ))}
    </ul>
  );
}
