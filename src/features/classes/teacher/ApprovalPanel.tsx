import { useState } from 'react';
import type { AssignmentForTeacher } from '../../../kernel/classes/wire';
import { classApi } from '../classApi';
import { AiLabel } from '../student/AiLabel';
import { MaterialView } from './MaterialView';
import { useLoaded } from './useLoaded';
import { messageOf } from './useViewer';

const groupName = (group: string) => (group === '' ? 'everyone' : group);

/** For an assignment the teacher approves first: each group's material with its answers, and "Approve for <group>". */
export function ApprovalPanel({ classId, assignmentId }: { classId: string; assignmentId: string }) {
  const { state, set } = useLoaded(() => classApi.assignment(classId, assignmentId), `${classId}/${assignmentId}`);
  const [problem, setProblem] = useState<string | null>(null);
  if (state.kind !== 'ready' || state.value.view !== 'teacher' || !state.value.needsApproval) return null;
  const assignment: AssignmentForTeacher = state.value;

  async function approve(group: string) {
    setProblem(null);
    try {
      set(await classApi.approve(classId, assignmentId, group));
    } catch (error) {
      setProblem(messageOf(error));
    }
  }

  return (
    <div className="approval">
      <h3 className="results-subtitle">Material to approve</h3>
      {problem && <p className="inline-error" role="alert">{problem}</p>}
      {assignment.material.length === 0 && <p className="empty-state">No material has been made yet.</p>}
      {assignment.material.map((material) => (
        <details key={material.group} className="approval-group" open={material.approvedAt === null}>
          <summary>
            For {groupName(material.group)}: {material.approvedAt ? 'approved' : 'waiting for your approval'}
          </summary>
          {/* The teacher checks what the AI made: said as plainly as it is to students. */}
          <AiLabel />
          <MaterialView content={material.content} />
          {material.approvedAt === null && (
            <button type="button" className="button button-primary" onClick={() => void approve(material.group)}>
              Approve for {groupName(material.group)}
            </button>
          )}
        </details>
      ))}
    </div>
  );
}
