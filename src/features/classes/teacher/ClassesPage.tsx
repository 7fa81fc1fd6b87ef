/** Built by the teacher-UI engineer: a teacher's classes and "New class"; a student's classes and "Join a class". */
export function ClassesPage() {
  return <h1>Classes</h1>;
}
