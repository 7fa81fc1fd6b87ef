/** Built by the student-UI engineer: a student's work on one assignment. */
export function AssignmentPage({ classId, assignmentId }: { classId: string; assignmentId: string }) {
  return <h1 data-class-id={classId} data-assignment-id={assignmentId}>Assignment</h1>;
}
