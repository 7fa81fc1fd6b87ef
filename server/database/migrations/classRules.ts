import { USER_ROLE } from './statements';

/*
 * Who may do what with a class's rows: the functions and row-level security
 * of the classes migration (003_classes.ts), kept apart from its tables.
 *
 * Policies ask two security-definer functions whether the person in the
 * transaction teaches or belongs to a class: a policy that read
 * class_teachers directly would recurse into that table's own policy. Three
 * steps a person cannot do with plain rows are functions too, each checking
 * what a policy could not: creating a class (only a teacher, who becomes its
 * first teacher), joining by code (the class is found by its code, which a
 * stranger cannot select), and a student's reading of the material (only as
 * a member; the server strips the answers before anything leaves).
 *
 * Where a person may change a row, the grant names the columns they may
 * change, so an update cannot move a row to another person or class: a
 * teacher sets a member's group and name, a help request's resolution; a
 * student finishes their own attempt and marks a remediation as used.
 */

const me = `current_setting('studyforge.user_id', true)`;
const teaches = (column = 'class_id') => `studyforge_teaches(${column})`;
const memberOf = (column = 'class_id') => `studyforge_member_of(${column})`;
const own = `user_id = ${me}`;

interface TableRules {
  select?: string;
  insert?: string;
  /** Which existing rows may be updated. */
  update?: string;
  /** What an updated row must satisfy; the update rule unless given. */
  updateCheck?: string;
  /** The only columns an update may set; every column unless given. */
  updateColumns?: string[];
  delete?: string;
}

function policies(table: string, rules: TableRules): string[] {
  const statements = [`alter table ${table} enable row level security`];
  if (rules.select) statements.push(`create policy ${table}_select on ${table} for select to ${USER_ROLE} using (${rules.select})`);
  if (rules.insert) statements.push(`create policy ${table}_insert on ${table} for insert to ${USER_ROLE} with check (${rules.insert})`);
  if (rules.update) {
    statements.push(`create policy ${table}_update on ${table} for update to ${USER_ROLE} using (${rules.update}) with check (${rules.updateCheck ?? rules.update})`);
  }
  if (rules.delete) statements.push(`create policy ${table}_delete on ${table} for delete to ${USER_ROLE} using (${rules.delete})`);
  const whole = (['select', 'insert', 'delete'] as const).filter((command) => rules[command]);
  if (whole.length > 0) statements.push(`grant ${whole.join(', ')} on ${table} to ${USER_ROLE}`);
  if (rules.update) statements.push(`grant update${rules.updateColumns ? ` (${rules.updateColumns.join(', ')})` : ''} on ${table} to ${USER_ROLE}`);
  return statements;
}

const FUNCTION_SIGNATURES = [
  'studyforge_teaches(text)',
  'studyforge_member_of(text)',
  'studyforge_is_teacher(text)',
  'studyforge_create_class(text, text, text, text, text, boolean)',
  'studyforge_join_class(text, text)',
  'studyforge_material_for_student(text)',
] as const;

export const classFunctions: string[] = [
  `create function studyforge_teaches(target text) returns boolean language sql stable security definer set search_path = public as $$
     select exists (select 1 from class_teachers where class_id = target and user_id = ${me})
   $$`,
  `create function studyforge_member_of(target text) returns boolean language sql stable security definer set search_path = public as $$
     select exists (select 1 from class_members where class_id = target and user_id = ${me})
   $$`,
  // Whether an account has the teacher role: users rows are their owner's alone, so a policy asks this instead.
  `create function studyforge_is_teacher(target text) returns boolean language sql stable security definer set search_path = public as $$
     select exists (select 1 from users where id = target and role = 'teacher')
   $$`,
  // Only a teacher creates a class, and becomes its first teacher in the same step.
  `create function studyforge_create_class(new_id text, new_name text, new_grade text, new_subject text, new_code text, name_join boolean)
     returns void language plpgsql security definer set search_path = public as $$
   begin
     if not exists (select 1 from users where id = ${me} and role = 'teacher') then
       raise exception 'only teachers create classes' using errcode = '42501';
     end if;
     insert into classes (id, name, grade, subject, join_code, allow_name_join) values (new_id, new_name, new_grade, new_subject, new_code, name_join);
     insert into class_teachers (class_id, user_id) values (new_id, ${me});
   end $$`,
  // Joining by code: found by its code (a stranger cannot select the class), live and unarchived; joining twice changes nothing.
  // Returns the class id, or null when no live class has that code.
  `create function studyforge_join_class(code text, shown_name text) returns text language plpgsql security definer set search_path = public as $$
   declare found_id text;
   begin
     select id into found_id from classes
       where join_code = code and archived_at is null and (code_expires_at is null or code_expires_at > now());
     if found_id is null then return null; end if;
     insert into class_members (class_id, user_id, display_name) values (found_id, ${me}, shown_name)
       on conflict (class_id, user_id) do nothing;
     return found_id;
   end $$`,
  `create function studyforge_material_for_student(target text)
     returns table (group_name text, content jsonb, approved_at timestamptz) language sql stable security definer set search_path = public as $$
     select m.group_name, m.content, m.approved_at from assignment_material m
       join assignments a on a.id = m.assignment_id
       where m.assignment_id = target and exists (select 1 from class_members cm where cm.class_id = a.class_id and cm.user_id = ${me})
   $$`,
  ...FUNCTION_SIGNATURES.flatMap((signature) => [`revoke all on function ${signature} from public`, `grant execute on function ${signature} to ${USER_ROLE}`]),
];

export const dropClassFunctions: string[] = FUNCTION_SIGNATURES.map((signature) => `drop function ${signature}`).reverse();

/** A member's own row, in a class they still belong to. */
const ownAsMember = `${own} and ${memberOf()}`;

export const classRowSecurity: string[] = [
  ...policies('classes', { select: `${teaches('id')} or ${memberOf('id')}`, update: teaches('id'), delete: teaches('id') }),
  // A co-teacher reads the answer keys: only an account with the teacher role can be made one.
  ...policies('class_teachers', { select: `${teaches()} or ${memberOf()}`, insert: `${teaches()} and studyforge_is_teacher(user_id)`, delete: teaches() }),
  ...policies('class_members', { select: `${teaches()} or ${own}`, update: teaches(), updateColumns: ['display_name', 'group_name'], delete: teaches() }),
  ...policies('assignments', { select: `${teaches()} or ${memberOf()}`, insert: teaches(), update: teaches(), delete: teaches() }),
  ...policies('assignment_secrets', { select: teaches(), insert: teaches(), update: teaches(), delete: teaches() }),
  ...policies('assignment_material', { select: teaches(), insert: teaches(), update: teaches(), delete: teaches() }),
  // A finished attempt is final: its score was computed from its answers once.
  ...policies('attempts', {
    select: `${teaches()} or ${own}`,
    insert: ownAsMember,
    update: `${ownAsMember} and finished_at is null`,
    updateCheck: ownAsMember,
    updateColumns: ['finished_at', 'score'],
  }),
  ...policies('attempt_answers', { select: `${teaches()} or ${own}`, insert: ownAsMember, update: ownAsMember, updateColumns: ['remediation_used'] }),
  ...policies('class_work', { select: `${teaches()} or ${own}`, insert: ownAsMember }),
  ...policies('help_requests', { select: `${teaches()} or ${own}`, insert: ownAsMember, update: teaches(), updateColumns: ['resolved_at'] }),
];
