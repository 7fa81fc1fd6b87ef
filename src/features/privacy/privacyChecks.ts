/*
 * A registry file's personal-data declarations, checked while the
 * registry assembles: `personal` belongs on a text box, `person` on a box of
 * names, and a teacher's tool (its inputs are notes about students) must say
 * which box may hold a name, so names never leave by an author's oversight.
 */

const PERSONAL = ['name', 'text'];
const PEOPLE = ['student', 'parent', 'teacher'];

export function privacyProblems(file: string, tool: { role?: unknown; fields?: unknown }): string[] {
  if (!Array.isArray(tool.fields)) return [];
  const problems: string[] = [];
  let declared = false;
  for (const field of tool.fields as Record<string, unknown>[]) {
    const where = `${file}: field "${String(field.name)}"`;
    const { kind, personal, person } = field;
    if (personal !== undefined) {
      declared = true;
      if (!PERSONAL.includes(personal as string)) problems.push(`${where}: personal ${JSON.stringify(personal)} is not a kind. Use 'name' (a box of people's names) or 'text' (notes that may name people).`);
      else if (kind !== 'text' && kind !== 'textarea') problems.push(`${where}: personal is for text boxes; a ${String(kind)} holds no names. Remove it.`);
    }
    if (person !== undefined) {
      if (personal !== 'name') problems.push(`${where}: person says whose names a box holds. Add personal: 'name', or remove person.`);
      else if (!PEOPLE.includes(person as string)) problems.push(`${where}: person ${JSON.stringify(person)} is not one of 'student', 'parent' or 'teacher'.`);
    }
  }
  if (tool.role === 'teacher' && !declared) {
    problems.push(`${file}: a teacher's tool takes notes about students, but no field says it may hold a name. Add personal: 'text' to the box that may name a student (or personal: 'name' to a name box), so names are replaced before sending.`);
  }
  return problems;
}
