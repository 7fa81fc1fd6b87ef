import type { AssignmentForTeacher } from '../../../kernel/classes/wire';
import { formatDateTime } from '../../../ui/formatDate';
import { hrefTo } from '../../../ui/routes';
import { MaterialView } from './MaterialView';
import { classPathOf } from './navigation';

/** A teacher opening an assignment's page: what students are given, with the answers, and the instructions they never see. */
export function TeacherPreview({ assignment }: { assignment: AssignmentForTeacher }) {
  return (
    <>
      <p className="hint">
        You teach this class: this is the assignment with its answers. <a href={hrefTo(classPathOf(assignment.classId))}>Back to the class</a>
      </p>
      <dl className="class-facts">
        <div>
          <dt>Due</dt>
          <dd>{assignment.dueAt ? formatDateTime(assignment.dueAt) : 'No due date'}</dd>
        </div>
      </dl>
      {assignment.note.trim() !== '' && (
        <section className="class-note" aria-labelledby="teacher-note-heading">
          <h2 id="teacher-note-heading">Note students see</h2>
          <p>{assignment.note}</p>
        </section>
      )}
      {assignment.instructions.trim() !== '' && (
        <section className="class-note" aria-labelledby="teacher-instructions-heading">
          <h2 id="teacher-instructions-heading">Instructions students do not see</h2>
          <p>{assignment.instructions}</p>
        </section>
      )}
      {assignment.material.map((material) => (
        <section key={material.group} className="card class-material-card" aria-label={material.group ? `Material for ${material.group}` : 'Material'}>
          <h2>{material.group ? `Material for ${material.group}` : 'Material'}</h2>
          <p className="hint">{material.approvedAt ? `Approved ${formatDateTime(material.approvedAt)}` : assignment.needsApproval ? 'Not approved yet: students cannot see it.' : 'Students see this.'}</p>
          <MaterialView content={material.content} />
        </section>
      ))}
    </>
  );
}
